import { NO_ENTRY_DETAILS } from '../../testing/entry-form-fixtures.js';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
  PARTICIPANTS_CSV_HEADER,
  PARTICIPANTS_CSV_PAYMENT_HEADER,
  PARTICIPANTS_CSV_CHECKIN_HEADER,
  type Marathon,
  type Participant,
  type RaceStats,
  type Registration,
} from '@stride/shared';
import { mailOutbox, marathons, registrations, users } from '../../db/schema/index.js';
import {
  FREE_ENTRY_PAYMENT,
  type Actor,
  ISO_DATE_PATTERN,
  MALFORMED_IDS,
  MISSING_ID,
  createMarathon,
  errorFields,
  getMarathon,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, makeSignUpInput, signUp } from '../../testing/test-app.js';

const main = useTestApp();
const inject = (options: InjectOptions) => main.current.app.inject(options);
const db = () => main.current.database.db;

const RACE_TITLE = 'Zürich Night Run: 10K "Édition" 2027!';
const RACE_SLUG = 'zurich-night-run-10k-edition-2027';

/**
 * The desk's race: four places, six runners entered in this order (the last two in line). Names start with a
 * capital ASCII letter so that every collation sorts them alike; the values test the CSV's quoting and its
 * formula defusing. No name, e-mail or contact holds a "3", so searching "3" finds the bib alone.
 */
const RUNNERS = [
  {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada.l@desk.example',
    info: 'Needs "gluten-free", please',
  },
  {
    firstName: '=HYPERLINK("http://evil.example","Click")',
    lastName: 'Brown',
    email: 'brown@desk.example',
    info: '',
  },
  {
    firstName: 'Élodie',
    lastName: 'Zoë-Ångström 🏃‍♀️',
    email: 'elodie@desk.example',
    info: 'Line one\nline two, "quoted"',
  },
  { firstName: '@Sam', lastName: 'Chen', email: 'sam.chen@desk.example', info: '-2+4' },
  { firstName: 'Ben', lastName: 'Okafor', email: 'ben.o@desk.example', info: '' },
  { firstName: 'Cy', lastName: 'Adams', email: 'cy@desk.example', info: '' },
] as const;

let organizer: SignedIn;
let stranger: SignedIn;
let race: Marathon;
let entries: Registration[];

beforeAll(async () => {
  [organizer, stranger] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
  race = await createMarathon(main.current.app, organizer, { title: RACE_TITLE, capacity: 4 });
  const runners = await Promise.all(
    RUNNERS.map(({ email }) => signUp(main.current.app, makeSignUpInput({ email }))),
  );
  entries = [];
  for (const [index, runner] of runners.entries()) {
    const { email: _email, ...details } = RUNNERS[index]!;
    entries.push(
      await register(main.current.app, runner, race._id, {
        ...details,
        contact: '+1 555-010-0199',
        waitlist: true,
      }),
    );
  }
});

const get = (url: string, actor?: Actor) =>
  inject({ url, ...(actor && { headers: bearerHeaders(actor.token) }) });
const listOf = (raceId: string, query = '', actor: Actor = organizer) =>
  get(`/api/marathons/${raceId}/participants${query}`, actor);
const csvOf = (raceId: string, query = '', actor: Actor = organizer) =>
  get(`/api/marathons/${raceId}/participants.csv${query}`, actor);
const statsOf = (raceId: string, actor: Actor = organizer) => get(`/api/marathons/${raceId}/stats`, actor);
const cancel = (raceId: string, registrationId: string, actor?: Actor) =>
  inject({
    method: 'DELETE',
    url: `/api/marathons/${raceId}/participants/${registrationId}`,
    ...(actor && { headers: bearerHeaders(actor.token) }),
  });

function expectOk<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const lastNames = (participants: Participant[]) => participants.map((participant) => participant.lastName);
const totalOf = (response: LightMyRequestResponse) => Number(response.headers['x-total-count']);

const CSV_HEADER = [
  ...PARTICIPANTS_CSV_HEADER,
  ...PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
  ...PARTICIPANTS_CSV_PAYMENT_HEADER,
  ...PARTICIPANTS_CSV_CHECKIN_HEADER,
];

/** The CSV's records after its header, as a spreadsheet reads them. */
function csvRecords(response: LightMyRequestResponse): string[][] {
  const [header, ...records] = parse(response.body, { bom: true }) as string[][];
  expect(header).toEqual(CSV_HEADER);
  return records;
}

/** A text cell as the export writes it: a formula start defused with a leading `'`. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The CSV record a participant of the JSON list becomes. */
const asCsvRecord = (participant: Participant) => [
  participant.bib === null ? '' : String(participant.bib),
  participant.status,
  participant.waitlistPosition === null ? '' : String(participant.waitlistPosition),
  defused(participant.firstName),
  defused(participant.lastName),
  defused(participant.email),
  defused(participant.contact),
  defused(participant.info),
  participant.timestamp,
  // The race collects no entry form: its columns are empty.
  ...PARTICIPANTS_CSV_ENTRY_FORM_HEADER.map(() => ''),
  // A free race: no amounts.
  ...['free', '', '', '', '', '', ''],
  // Not checked in.
  '',
];

/** Everything a refused request must leave alone: entries, counters, queued mail. */
async function snapshotOf(raceId: string) {
  const [entryRows, counters, mails] = await Promise.all([
    db()
      .select({ id: registrations.id, status: registrations.status, bib: registrations.bib })
      .from(registrations)
      .where(eq(registrations.marathonId, raceId))
      .orderBy(registrations.id),
    getMarathon(main.current.app, raceId),
    db().$count(mailOutbox),
  ]);
  return { entryRows, counters, mails };
}

/** Whether a body says anything of the desk race's runners. */
const mentionsRunners = (body: string) =>
  RUNNERS.some(({ lastName, email }) => body.includes(lastName) || body.includes(email));

describe('who may use the race desk', () => {
  const calls = {
    list: (raceId: string, actor?: Actor) => get(`/api/marathons/${raceId}/participants`, actor),
    csv: (raceId: string, actor?: Actor) => get(`/api/marathons/${raceId}/participants.csv`, actor),
    stats: (raceId: string, actor?: Actor) => get(`/api/marathons/${raceId}/stats`, actor),
    cancel: (raceId: string, actor?: Actor) => cancel(raceId, entries[0]!._id, actor),
  };

  it.each(Object.keys(calls) as Array<keyof typeof calls>)(
    '%s: 401 anonymous, 403 another user, the same 404 for an unknown race; nothing told, nothing changed',
    async (call) => {
      const before = await snapshotOf(race._id);

      const anonymous = await calls[call](race._id);
      const foreign = await calls[call](race._id, stranger);
      const unknownToStranger = await calls[call](MISSING_ID, stranger);
      const unknownToOrganizer = await calls[call](MISSING_ID, organizer);

      expect(anonymous.statusCode).toBe(401);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().message).toMatch(/only the organizer/i);
      expect(unknownToStranger.statusCode).toBe(404);
      expect(unknownToOrganizer.statusCode).toBe(404);
      expect(unknownToStranger.json().message).toBe(unknownToOrganizer.json().message);
      for (const response of [anonymous, foreign, unknownToStranger]) {
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['x-total-count']).toBeUndefined();
        expect(mentionsRunners(response.body)).toBe(false);
      }
      expect(await snapshotOf(race._id)).toEqual(before);
    },
  );

  it.each(MALFORMED_IDS)('answers 404 for the race id %j on every call', async (id) => {
    for (const call of Object.values(calls)) {
      expect((await call(encodeURIComponent(id), organizer)).statusCode).toBe(404);
    }
  });

  it.each([
    ['status=withdrawn', 'status'],
    ['sort=email', 'sort'],
    ['order=up', 'order'],
    ['page=0', 'page'],
    ['limit=101', 'limit'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('refuses ?%s with a 400 naming the field', async (query, field) => {
    const response = await listOf(race._id, `?${query}`);

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual([field]);
  });
});

describe('GET /api/marathons/:id/participants', () => {
  it('lists every entry with the runner’s details, registered by bib then the line', async () => {
    const response = await listOf(race._id);
    const participants = expectOk<Participant[]>(response);

    expect(totalOf(response)).toBe(6);
    expect(participants.map(({ status, bib, waitlistPosition }) => [status, bib, waitlistPosition])).toEqual([
      ['registered', 1, null],
      ['registered', 2, null],
      ['registered', 3, null],
      ['registered', 4, null],
      ['waitlisted', null, 1],
      ['waitlisted', null, 2],
    ]);
    expect(participants[0]).toEqual({
      _id: entries[0]!._id,
      status: 'registered',
      bib: 1,
      waitlistPosition: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.l@desk.example',
      contact: '+1 555-010-0199',
      info: 'Needs "gluten-free", please',
      timestamp: entries[0]!.timestamp,
      ...NO_ENTRY_DETAILS,
      ...FREE_ENTRY_PAYMENT,
      checkedInAt: null,
      ballot: null,
      transferredFrom: [],
    });
    for (const participant of participants) expect(participant.timestamp).toMatch(ISO_DATE_PATTERN);
  });

  // Entered in the order of RUNNERS: bibs 1-4 are Lovelace, Brown, Zoë, Chen; Okafor then Adams in line.
  const byBib = ['Lovelace', 'Brown', 'Zoë-Ångström 🏃‍♀️', 'Chen', 'Okafor', 'Adams'];
  const byName = ['Adams', 'Brown', 'Chen', 'Lovelace', 'Okafor', 'Zoë-Ångström 🏃‍♀️'];
  const reversed = (names: string[]) => [...names].reverse();

  it.each([
    ['', byBib],
    ['?order=desc', reversed(byBib)],
    ['?sort=bib', byBib],
    ['?sort=bib&order=desc', reversed(byBib)],
    ['?sort=lastName', byName],
    ['?sort=lastName&order=desc', reversed(byName)],
    ['?sort=timestamp', byBib],
    ['?sort=timestamp&order=desc', reversed(byBib)],
    ['?status=registered', byBib.slice(0, 4)],
    ['?status=registered&order=desc', reversed(byBib.slice(0, 4))],
    ['?status=registered&sort=lastName', ['Brown', 'Chen', 'Lovelace', 'Zoë-Ångström 🏃‍♀️']],
    ['?status=waitlisted', ['Okafor', 'Adams']],
    ['?status=waitlisted&order=desc', ['Adams', 'Okafor']],
    ['?status=waitlisted&sort=lastName', ['Adams', 'Okafor']],
    ['?status=waitlisted&sort=timestamp&order=desc', ['Adams', 'Okafor']],
  ])('orders %s as %j', async (query, expected) => {
    expect(lastNames(expectOk(await listOf(race._id, query)))).toEqual(expected);
  });

  it('pages through the list: each entry once, the total on every page, an empty page past the end', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => listOf(race._id, `?limit=2&page=${page}`)));

    expect(pages.map(totalOf)).toEqual([6, 6, 6, 6]);
    expect(pages.map((page) => lastNames(expectOk(page)))).toEqual([
      byBib.slice(0, 2),
      byBib.slice(2, 4),
      byBib.slice(4, 6),
      [],
    ]);
  });

  it('counts each status apart', async () => {
    expect(totalOf(await listOf(race._id, '?status=registered&limit=1'))).toBe(4);
    expect(totalOf(await listOf(race._id, '?status=waitlisted&limit=1'))).toBe(2);
  });

  it.each([
    ['ada', ['Lovelace', 'Adams']],
    ['ADA LOVE', ['Lovelace']],
    ['LODIE', ['Zoë-Ångström 🏃‍♀️']],
    ['Ångström', ['Zoë-Ångström 🏃‍♀️']],
    ['🏃', ['Zoë-Ångström 🏃‍♀️']],
    ['ZO', ['Zoë-Ångström 🏃‍♀️']],
    ['SAM.CHEN@desk', ['Chen']],
    ['desk.example', byBib],
    ['3', ['Zoë-Ångström 🏃‍♀️']],
    ['  4  ', ['Chen']],
    ['%', []],
    ['_', []],
    ['nobody', []],
    // Accents count for nothing, whichever side has them (and a full-width ％ or ＿ is no wildcard either).
    ['angstrom', ['Zoë-Ångström 🏃‍♀️']],
    ['ZOE-ANGSTROM', ['Zoë-Ångström 🏃‍♀️']],
    ['élodie zoe', ['Zoë-Ångström 🏃‍♀️']],
    ['Lövelace', ['Lovelace']],
    ['ÁDÁMS', ['Adams']],
    ['Zoe\u0308', ['Zoë-Ångström 🏃‍♀️']],
    ['％', []],
    ['＿', []],
  ])('finds %j in a name, an e-mail address or a bib', async (q, expected) => {
    const response = await listOf(race._id, `?q=${encodeURIComponent(q)}`);

    expect(lastNames(expectOk(response))).toEqual(expected);
    expect(totalOf(response)).toBe(expected.length);
  });

  it('searches within a status, pages the matches and counts them past the last page', async () => {
    const waitlisted = await listOf(race._id, '?q=ada&status=waitlisted');
    const second = await listOf(race._id, '?q=ada&limit=1&page=2');
    const beyond = await listOf(race._id, '?q=ada&limit=1&page=5');

    expect(lastNames(expectOk(waitlisted))).toEqual(['Adams']);
    expect(totalOf(waitlisted)).toBe(1);
    expect(lastNames(expectOk(second))).toEqual(['Adams']);
    expect(totalOf(second)).toBe(2);
    expect(expectOk(beyond)).toEqual([]);
    expect(totalOf(beyond)).toBe(2);
  });
});

describe('the search follows changes', () => {
  it('finds a runner by the name they changed their entry to and by a new e-mail address, not the old ones', async () => {
    const ownRace = await createMarathon(main.current.app, organizer, { title: 'Search follows' });
    const runner = await signUp(main.current.app, makeSignUpInput({ email: 'grace.h@desk.example' }));
    const entry = await register(main.current.app, runner, ownRace._id, {
      firstName: 'Grace',
      lastName: 'Hopper',
      contact: '+1 555-010-0100',
    });
    const found = async (q: string) =>
      lastNames(expectOk(await listOf(ownRace._id, `?q=${encodeURIComponent(q)}`)));

    const renamed = await inject({
      method: 'PATCH',
      url: `/api/registrations/${entry._id}`,
      headers: bearerHeaders(runner.token),
      payload: { lastName: 'Brewster' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Stride has no address change yet; the database keeps the search right when one is made.
    await db().update(users).set({ email: 'amazing.grace@navy.example' }).where(eq(users.id, runner.user.id));

    expect(await found('brewster')).toEqual(['Brewster']);
    expect(await found('hopper')).toEqual([]);
    expect(await found('AMAZING.grace@')).toEqual(['Brewster']);
    expect(await found('grace.h@')).toEqual([]);
  });
});

describe('GET /api/marathons/:id/participants.csv', () => {
  it('downloads a UTF-8 CSV named after the race, with a byte order mark, the header and CRLF lines', async () => {
    const response = await csvOf(race._id);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${RACE_SLUG}-participants.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.startsWith(`\uFEFF${CSV_HEADER.join(',')}\r\n`)).toBe(true);
    expect(response.body.endsWith('\r\n')).toBe(true);
    // Every line ends in CRLF; the only bare LF is the one inside Élodie's quoted info.
    expect(response.body.split('\r\n')).toHaveLength(8);
  });

  it('reads back, through a CSV parser, as the list’s values, formulas defused', async () => {
    const participants = expectOk<Participant[]>(await listOf(race._id));
    const records = csvRecords(await csvOf(race._id));

    expect(records).toEqual(participants.map(asCsvRecord));
    expect(records[1]![3]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(records[2]!.slice(3, 5)).toEqual(['Élodie', 'Zoë-Ångström 🏃‍♀️']);
    expect(records[2]![7]).toBe('Line one\nline two, "quoted"');
    expect(records[3]![3]).toBe("'@Sam");
    expect(records[3]![7]).toBe("'-2+4");
    expect(records[0]![6]).toBe("'+1 555-010-0199");
  });

  it('quotes per RFC 4180: commas, quotes and newlines inside quotes, quotes doubled', async () => {
    const { body } = await csvOf(race._id);

    expect(body).toContain(`"Needs ""gluten-free"", please"`);
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(body).toContain(`"Line one\nline two, ""quoted"""`);
  });

  it.each([
    '?status=waitlisted&sort=lastName&order=desc',
    '?q=ada',
    '?sort=timestamp&order=desc',
    '?status=registered&sort=lastName',
  ])('exports %s as the list shows it, every match and not just a page', async (query) => {
    const participants = expectOk<Participant[]>(await listOf(race._id, `${query}&limit=100`));

    expect(csvRecords(await csvOf(race._id, `${query}&limit=1&page=2`))).toEqual(
      participants.map(asCsvRecord),
    );
  });

  it('exports only the header when nothing matches', async () => {
    const response = await csvOf(race._id, '?q=nobody');

    expect(response.body).toBe(`\uFEFF${CSV_HEADER.join(',')}\r\n`);
  });
});

describe('GET /api/marathons/:id/stats', () => {
  it('counts today’s sign-ups by status, and the days add up to the list’s totals', async () => {
    const stats = expectOk<RaceStats>(await statsOf(race._id));
    const today = new Date().toISOString().slice(0, 10);
    const registered = totalOf(await listOf(race._id, '?status=registered'));
    const waitlisted = totalOf(await listOf(race._id, '?status=waitlisted'));

    expect(stats).toMatchObject({
      capacity: 4,
      placesLeft: 0,
      counts: { registered, waitlisted },
      registrationsToday: 6,
    });
    // The window opened yesterday (marathonInput's default).
    expect(stats.days.map((day) => day.date)).toEqual([
      new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
      today,
    ]);
    expect(stats.days.at(-1)).toEqual({ date: today, registered: 4, waitlisted: 2, cumulativeRegistered: 4 });
    expect(stats.days.reduce((sum, day) => sum + day.registered, 0)).toBe(registered);
    expect(stats.days.reduce((sum, day) => sum + day.waitlisted, 0)).toBe(waitlisted);
  });

  it('shows no days before the window opens, and no limit as null places left', async () => {
    const later = await createMarathon(main.current.app, organizer, { window: 'not-yet-open' });

    expect(expectOk(await statsOf(later._id))).toEqual({
      capacity: null,
      placesLeft: null,
      counts: { registered: 0, waitlisted: 0 },
      pendingCount: 0,
      checkedIn: 0,
      revenue: { currency: 'EUR', paid: 0, refunded: 0, net: 0, due: 0, refundsDue: 0 },
      // Every value the race offers, nobody's yet.
      tShirtSizes: { XS: 0, S: 0, M: 0, L: 0, XL: 0, XXL: 0, unanswered: 0 },
      genders: { female: 0, male: 0, nonbinary: 0, unanswered: 0 },
      ageGroups: { unanswered: 0 },
      registrationsToday: 0,
      days: [],
    });
  });
});

describe('DELETE /api/marathons/:id/participants/:registrationId', () => {
  /** A race with two places: two runners hold bibs 1 and 2, two more wait in line. */
  async function fullRace() {
    const target = await createMarathon(main.current.app, organizer, { capacity: 2 });
    const runners = await Promise.all([1, 2, 3, 4].map(() => signUp(main.current.app)));
    const entered: Registration[] = [];
    for (const runner of runners)
      entered.push(await register(main.current.app, runner, target._id, { waitlist: true }));
    return { target, runners, entered };
  }

  const mailsOf = (raceId: string) =>
    db()
      .select({ recipient: mailOutbox.recipient, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(
        and(
          sql`${mailOutbox.payload}->'race'->>'id' = ${raceId}`,
          sql`${mailOutbox.payload}->>'kind' in ('registration-cancelled', 'registration-promoted')`,
        ),
      );

  it('cancels the entry, gives the place to the first in line with the next bib and mails both', async () => {
    const { target, runners, entered } = await fullRace();

    const response = await cancel(target._id, entered[0]!._id, organizer);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Registration cancelled', refundAmount: 0 });
    const participants = expectOk<Participant[]>(await listOf(target._id));
    expect(
      participants.map(({ _id, status, bib, waitlistPosition }) => [_id, status, bib, waitlistPosition]),
    ).toEqual([
      [entered[1]!._id, 'registered', 2, null],
      [entered[2]!._id, 'registered', 3, null],
      [entered[3]!._id, 'waitlisted', null, 1],
    ]);
    expect(await getMarathon(main.current.app, target._id)).toMatchObject({
      totalRegistrationCount: 2,
      placesLeft: 0,
      waitlistCount: 1,
    });
    const mails = await mailsOf(target._id);
    expect(mails).toHaveLength(2);
    expect(mails).toEqual(
      expect.arrayContaining([
        {
          recipient: runners[0]!.user.email,
          payload: expect.objectContaining({
            kind: 'registration-cancelled',
            cancelledBy: 'organizer',
            registration: expect.objectContaining({ id: entered[0]!._id }),
          }),
        },
        {
          recipient: runners[2]!.user.email,
          payload: expect.objectContaining({
            kind: 'registration-promoted',
            registration: expect.objectContaining({ id: entered[2]!._id, bib: 3 }),
          }),
        },
      ]),
    );
  });

  it('takes a waitlisted entry out of the line without promoting anyone', async () => {
    const { target, entered } = await fullRace();

    expect((await cancel(target._id, entered[2]!._id, organizer)).statusCode).toBe(200);

    const participants = expectOk<Participant[]>(await listOf(target._id));
    expect(participants.map(({ bib, waitlistPosition }) => [bib, waitlistPosition])).toEqual([
      [1, null],
      [2, null],
      [null, 1],
    ]);
    expect((await mailsOf(target._id)).map((mail) => mail.payload.kind)).toEqual(['registration-cancelled']);
  });

  it('refuses a stranger (403), a registration of another race and unknown ids (404), changing nothing', async () => {
    const { target, entered } = await fullRace();
    const other = await fullRace();
    const before = await snapshotOf(target._id);
    const mailsBefore = await db().$count(mailOutbox);

    const byStranger = await cancel(target._id, entered[0]!._id, stranger);
    const otherRaces = await cancel(target._id, other.entered[0]!._id, organizer);
    const missing = await cancel(target._id, MISSING_ID, organizer);
    const malformed = await Promise.all(
      MALFORMED_IDS.map((id) => cancel(target._id, encodeURIComponent(id), organizer)),
    );

    expect(byStranger.statusCode).toBe(403);
    expect(otherRaces.statusCode).toBe(404);
    expect(otherRaces.json().message).toBe('Registration not found');
    expect(missing.statusCode).toBe(404);
    expect(malformed.map((response) => response.statusCode)).toEqual(MALFORMED_IDS.map(() => 404));
    expect(await snapshotOf(target._id)).toEqual(before);
    expect((await snapshotOf(other.target._id)).entryRows).toHaveLength(4);
    expect(await db().$count(mailOutbox)).toBe(mailsBefore);
  });

  it('leaves the runner’s own withdrawal mail as it was: no organizer in it', async () => {
    const { target, runners, entered } = await fullRace();

    const withdrawn = await inject({
      method: 'DELETE',
      url: `/api/registrations/${entered[1]!._id}`,
      headers: bearerHeaders(runners[1]!.token),
    });

    expect(withdrawn.statusCode).toBe(200);
    const [mail] = (await mailsOf(target._id)).filter((row) => row.payload.kind === 'registration-cancelled');
    expect(mail?.recipient).toBe(runners[1]!.user.email);
    expect(mail?.payload).not.toHaveProperty('cancelledBy');
  });

  it('takes ids in capitals as the database does, as the desk reads and changes do', async () => {
    const { target, entered } = await fullRace();
    const raceId = target._id.toUpperCase();

    expect((await listOf(raceId)).statusCode).toBe(200);
    const response = await cancel(raceId, entered[0]!._id.toUpperCase(), organizer);

    expect(response.statusCode, response.body).toBe(200);
    expect(expectOk<Participant[]>(await listOf(target._id)).map((entry) => entry._id)).not.toContain(
      entered[0]!._id,
    );
  });

  it('answers 404 once the entry is gone', async () => {
    const { target, entered } = await fullRace();
    await cancel(target._id, entered[3]!._id, organizer);

    expect((await cancel(target._id, entered[3]!._id, organizer)).statusCode).toBe(404);
  });
});

describe('a race of 2,500 entries (the export reads 1,000 at a time)', () => {
  const REGISTERED = 2_000;
  const WAITLISTED = 500;
  const ENTRIES = REGISTERED + WAITLISTED;
  let bulkRace: Marathon;

  /** Entries written straight to the database, all at the same instant, four last names among them. */
  beforeAll(async () => {
    bulkRace = await createMarathon(main.current.app, organizer, { capacity: REGISTERED });
    const prefix = bulkRace._id.slice(0, 8);
    await db().execute(sql`
      insert into ${users} (id, name, email)
      select ${prefix}::text || '-' || n, 'Bulk ' || n, ${prefix}::text || '-' || n || '@bulk.example'
      from generate_series(1, ${ENTRIES}) as n`);
    await db().execute(sql`
      insert into ${registrations} (marathon_id, user_id, first_name, last_name, contact, status, bib, waitlist_seq)
      select ${bulkRace._id}::uuid, ${prefix}::text || '-' || n, 'Runner' || n,
        (array['Diaz', 'Adams', 'Chen', 'Brown'])[n % 4 + 1], '555 0100',
        case when n <= ${REGISTERED} then 'registered' else 'waitlisted' end,
        case when n <= ${REGISTERED} then n end,
        case when n > ${REGISTERED} then nextval('registrations_waitlist_seq') end
      from generate_series(1, ${ENTRIES}) as n`);
    await db()
      .update(marathons)
      .set({ totalRegistrationCount: REGISTERED, waitlistCount: WAITLISTED, bibsIssued: REGISTERED })
      .where(eq(marathons.id, bulkRace._id));
  });

  /** Every page of the list, 100 at a time. */
  async function allPages(query: string): Promise<Participant[]> {
    const first = await listOf(bulkRace._id, `?${query}&limit=100&page=1`);
    const pages = Math.ceil(totalOf(first) / 100);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, (_, n) =>
        listOf(bulkRace._id, `?${query}&limit=100&page=${n + 2}`),
      ),
    );
    return [first, ...rest].flatMap((page) => expectOk<Participant[]>(page));
  }

  it.each([
    ['sort=bib', ENTRIES],
    ['sort=bib&order=desc', ENTRIES],
    ['sort=lastName', ENTRIES],
    ['sort=lastName&order=desc', ENTRIES],
    ['sort=timestamp', ENTRIES],
    ['sort=timestamp&order=desc', ENTRIES],
    ['status=waitlisted', WAITLISTED],
    ['status=registered&sort=lastName&order=desc', REGISTERED],
    // Runner1, Runner10-19, Runner100-199, Runner1000-1999.
    ['q=runner1&sort=timestamp', 1_111],
  ])('exports ?%s as the pages list it: %i rows, each once', async (query, count) => {
    const listed = await allPages(query);
    const records = csvRecords(await csvOf(bulkRace._id, `?${query}`));

    expect(listed).toHaveLength(count);
    expect(new Set(listed.map((participant) => participant._id)).size).toBe(count);
    expect(records).toEqual(listed.map(asCsvRecord));
  });

  it('numbers the line 1 to 500 and the bibs 1 to 2,000', async () => {
    const records = csvRecords(await csvOf(bulkRace._id));

    expect(records.map((record) => record[0])).toEqual([
      ...Array.from({ length: REGISTERED }, (_, n) => String(n + 1)),
      ...Array.from({ length: WAITLISTED }, () => ''),
    ]);
    expect(records.slice(REGISTERED).map((record) => record[2])).toEqual(
      Array.from({ length: WAITLISTED }, (_, n) => String(n + 1)),
    );
  });

  it('counts the day’s entries as the list does', async () => {
    const stats = expectOk<RaceStats>(await statsOf(bulkRace._id));

    expect(stats.counts).toEqual({ registered: REGISTERED, waitlisted: WAITLISTED });
    expect(stats.registrationsToday).toBe(ENTRIES);
    expect(stats.days.at(-1)?.cumulativeRegistered).toBe(REGISTERED);
  });
});
