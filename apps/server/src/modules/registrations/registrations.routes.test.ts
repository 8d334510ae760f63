import { NO_ENTRY_DETAILS } from '../../testing/entry-form-fixtures.js';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Marathon, type Registration, formatDateTimeInZone } from '@stride/shared';
import {
  FREE_ENTRY_PAYMENT,
  NO_BALLOT_OR_TRANSFER,
  DAY_MS,
  FOREIGN_ORIGIN,
  HOSTILE_TEXT,
  ISO_DATE_PATTERN,
  MALFORMED_IDS,
  MISSING_ID,
  type RaceWindow,
  SECOND_MS,
  UUID_PATTERN,
  countBackendsWaitingOnLocks,
  countRegistrationRows,
  createMarathon,
  errorFields,
  findMyRegistrations,
  fromNow,
  getRegistrationCount,
  insertSignedInUsers,
  raceDates,
  register,
  registrationInput,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, cookieHeaders, signUp } from '../../testing/test-app.js';
import { REGISTRATION_MESSAGES } from './registrations.service.js';

const main = useTestApp();
let organizer: SignedIn;
let runner: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  [organizer, runner, stranger] = await Promise.all([
    signUp(main.current.app),
    signUp(main.current.app),
    signUp(main.current.app),
  ]);
});

const inject = (options: InjectOptions) => main.current.app.inject(options);
const postRegistration = (headers: Record<string, string>, payload: object) =>
  inject({ method: 'POST', url: '/api/registrations', headers, payload });
const patchRegistration = (id: string, headers: Record<string, string>, payload: object) =>
  inject({ method: 'PATCH', url: `/api/registrations/${id}`, headers, payload });
const deleteRegistration = (id: string, headers: Record<string, string>) =>
  inject({ method: 'DELETE', url: `/api/registrations/${id}`, headers });
const listByEmail = (email: string, headers: Record<string, string>) =>
  inject({ method: 'GET', url: `/api/registrations/by-email/${encodeURIComponent(email)}`, headers });

const newRace = (overrides: Parameters<typeof createMarathon>[2] = {}) =>
  createMarathon(main.current.app, organizer, overrides);
/** The race's count as the API shows it and its registration rows in the database. */
const countsOf = async (marathonId: string) => ({
  count: await getRegistrationCount(main.current.app, marathonId),
  rows: await countRegistrationRows(main.current.database.db, marathonId),
});

describe('POST /api/registrations', () => {
  it('registers the signed-in runner: 201 with the race joined in, and the count goes up', async () => {
    const race = await newRace();
    const input = registrationInput(race._id, {
      firstName: 'Grete',
      lastName: 'Waitz',
      info: 'First marathon',
    });

    const response = await postRegistration(cookieHeaders(runner.cookie), input);

    expect(response.statusCode).toBe(201);
    const created = response.json<Registration>();
    expect(created).toEqual({
      _id: expect.stringMatching(UUID_PATTERN),
      email: runner.user.email,
      marathonId: race._id,
      marathonTitle: race.title,
      marathonDate: race.startDate,
      marathonTimeZone: 'UTC',
      firstName: 'Grete',
      lastName: 'Waitz',
      contact: input.contact,
      info: 'First marathon',
      timestamp: expect.stringMatching(ISO_DATE_PATTERN),
      status: 'registered',
      bib: 1,
      waitlistPosition: null,
      ...NO_ENTRY_DETAILS,
      ...FREE_ENTRY_PAYMENT,
      checkinCode: expect.stringMatching(/^[0-9a-f]{32}$/),
      result: null,
      ...NO_BALLOT_OR_TRANSFER,
    });
    expect(Math.abs(Date.parse(created.timestamp) - Date.now())).toBeLessThan(60 * SECOND_MS);
    expect(await countsOf(race._id)).toEqual({ count: 1, rows: 1 });
    expect(await findMyRegistrations(main.current.app, runner)).toContainEqual(created);
  });

  it("takes email, title, race date and timestamp from the server, not the body (SPEC §7's client sends them)", async () => {
    const race = await newRace();

    const response = await postRegistration(bearerHeaders(runner.token), {
      ...registrationInput(race._id),
      email: stranger.user.email,
      marathonTitle: 'Forged title',
      marathonDate: '2001-01-01T00:00:00.000Z',
      timestamp: '2001-01-01T00:00:00.000Z',
      userId: stranger.user.id,
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: runner.user.email,
      marathonTitle: race.title,
      marathonDate: race.startDate,
    });
    expect(response.json().timestamp.startsWith('2001')).toBe(false);
    const strangers = await findMyRegistrations(main.current.app, stranger);
    expect(strangers.map(({ marathonId }) => marathonId)).not.toContain(race._id);
  });

  it.each<[string, unknown, string]>([
    ['digits', '5550100', '5550100'],
    ['a leading +, spaces and dashes', '+44 20-7946 0958', '+44 20-7946 0958'],
    ['20 characters', '+1234567890123456789', '+1234567890123456789'],
    ['a number, as the original form sent it', 5550100199, '5550100199'],
    ['surrounding spaces, trimmed', '  5550100199 ', '5550100199'],
  ])('accepts a contact with %s', async (_case, contact, stored) => {
    const race = await newRace();

    const created = await register(main.current.app, runner, race._id, { contact: contact as string });

    expect(created.contact).toBe(stored);
  });

  it.each([
    ['left out', {}],
    ['null', { info: null }],
  ])('stores info %s as an empty string', async (_case, info) => {
    const race = await newRace();
    const { info: _info, ...withoutInfo } = registrationInput(race._id);

    const response = await postRegistration(bearerHeaders(runner.token), { ...withoutInfo, ...info });

    expect(response.statusCode).toBe(201);
    expect(response.json().info).toBe('');
  });

  it('stores text verbatim: markup and SQL come back unchanged', async () => {
    const race = await newRace({ title: HOSTILE_TEXT });

    const created = await register(main.current.app, runner, race._id, {
      firstName: HOSTILE_TEXT.slice(0, 60),
      lastName: `O'Brien-Ünal`,
      info: `${HOSTILE_TEXT}\n"; DELETE FROM registrations; --`,
    });

    const listed = (await findMyRegistrations(main.current.app, runner)).find(
      ({ _id }) => _id === created._id,
    );
    expect(listed).toMatchObject({
      marathonTitle: HOSTILE_TEXT,
      firstName: HOSTILE_TEXT.slice(0, 60),
      lastName: `O'Brien-Ünal`,
      info: `${HOSTILE_TEXT}\n"; DELETE FROM registrations; --`,
    });
  });

  it('accepts names of 60 and info of 1000 characters', async () => {
    const race = await newRace();

    const created = await register(main.current.app, runner, race._id, {
      firstName: 'f'.repeat(60),
      lastName: 'l'.repeat(60),
      info: 'i'.repeat(1000),
    });

    expect([created.firstName.length, created.lastName.length, created.info.length]).toEqual([60, 60, 1000]);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['marathonId missing', 'marathonId', { marathonId: undefined }],
    ['firstName missing', 'firstName', { firstName: undefined }],
    ['firstName blank', 'firstName', { firstName: '  ' }],
    ['firstName over 60 characters', 'firstName', { firstName: 'f'.repeat(61) }],
    ['lastName missing', 'lastName', { lastName: undefined }],
    ['lastName over 60 characters', 'lastName', { lastName: 'l'.repeat(61) }],
    ['contact missing', 'contact', { contact: undefined }],
    ['contact blank', 'contact', { contact: '' }],
    ['contact with letters', 'contact', { contact: '555-CALL-NOW' }],
    ['contact under 7 characters', 'contact', { contact: '555010' }],
    ['contact short and with letters', 'contact', { contact: 'abc' }],
    ['contact over 20 characters', 'contact', { contact: '1'.repeat(21) }],
    ['contact with two plus signs', 'contact', { contact: '++15550100199' }],
    ['contact ending in a dash', 'contact', { contact: '5550100199-' }],
    ['contact not text or number', 'contact', { contact: { number: '5550100199' } }],
    ['info over 1000 characters', 'info', { info: 'i'.repeat(1001) }],
  ])('refuses %s with 400 naming %s, registering nobody', async (_case, field, changes) => {
    const race = await newRace();

    const response = await postRegistration(bearerHeaders(runner.token), {
      ...registrationInput(race._id),
      ...changes,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining(field) });
    expect(errorFields(response)).toEqual([field]);
    expect(await countsOf(race._id)).toEqual({ count: 0, rows: 0 });
  });

  it('lists every failing field in one 400', async () => {
    const race = await newRace();

    const response = await postRegistration(bearerHeaders(runner.token), {
      marathonId: race._id,
      firstName: '',
      contact: 'call me',
    });

    expect(response.statusCode).toBe(400);
    expect(errorFields(response).sort()).toEqual(['contact', 'firstName', 'lastName']);
    expect(await countsOf(race._id)).toEqual({ count: 0, rows: 0 });
  });

  it.each([MISSING_ID, ...MALFORMED_IDS])('answers 404 for the marathonId %j', async (marathonId) => {
    const before = await countRegistrationRows(main.current.database.db);

    const response = await postRegistration(bearerHeaders(runner.token), registrationInput(marathonId));

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Marathon not found' });
    expect(await countRegistrationRows(main.current.database.db)).toBe(before);
  });

  it('answers 409 to a second registration by the same runner, keeping one row and the count', async () => {
    const race = await newRace();
    await register(main.current.app, runner, race._id);

    const response = await postRegistration(
      cookieHeaders(runner.cookie),
      registrationInput(race._id, { firstName: 'Again' }),
    );

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: REGISTRATION_MESSAGES.alreadyRegistered });
    expect(await countsOf(race._id)).toEqual({ count: 1, rows: 1 });
  });

  it.each<[RaceWindow, (race: Marathon) => string]>([
    ['not-yet-open', (race) => `opens on ${formatDateTimeInZone(race.startRegDate, race.timeZone)}`],
    ['closed', (race) => `closed on ${formatDateTimeInZone(race.endRegDate, race.timeZone)}`],
    ['started', (race) => `closed on ${formatDateTimeInZone(race.endRegDate, race.timeZone)}`],
  ])(
    'answers 409 when registration is %s, saying when it opens or closed as the race reads it, registering nobody',
    async (window, when) => {
      const race = await newRace({ window, timeZone: 'Europe/Berlin' });

      const response = await postRegistration(bearerHeaders(runner.token), registrationInput(race._id));

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        message: `Registration for ${race.title} ${when(race)}.`,
      });
      expect(response.json().message).toMatch(/ \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} (CET|CEST)\.$/);
      expect(await countsOf(race._id)).toEqual({ count: 0, rows: 0 });
    },
  );

  // The exact instants (start and end inclusive) are checked with a fixed clock in registrations.service.test.ts.
  it.each<[string, () => Partial<Record<'startRegDate' | 'endRegDate', string>>, number]>([
    ['open: it closes in a few seconds', () => ({ endRegDate: fromNow(15 * SECOND_MS) }), 201],
    ['open: it opened a second ago', () => ({ startRegDate: fromNow(-SECOND_MS) }), 201],
    [
      'closed: it closed a second ago',
      () => ({ startRegDate: fromNow(-DAY_MS), endRegDate: fromNow(-SECOND_MS) }),
      409,
    ],
    ['closed: it opens in a few seconds', () => ({ startRegDate: fromNow(15 * SECOND_MS) }), 409],
  ])('at the edge of the window, %s → %s', async (_case, dates, status) => {
    const race = await newRace({ ...raceDates('open'), ...dates() });

    const response = await postRegistration(bearerHeaders(runner.token), registrationInput(race._id));

    expect(response.statusCode).toBe(status);
    expect(await getRegistrationCount(main.current.app, race._id)).toBe(status === 201 ? 1 : 0);
  });

  it('answers 401 to an anonymous request, registering nobody', async () => {
    const race = await newRace();

    const response = await postRegistration({}, registrationInput(race._id));

    expect(response.statusCode).toBe(401);
    expect(await countsOf(race._id)).toEqual({ count: 0, rows: 0 });
  });

  it("answers 403 to the runner's cookie from a foreign Origin, registering nobody; bearer without Origin works", async () => {
    const race = await newRace();

    const foreign = await postRegistration(
      { cookie: runner.cookie, origin: FOREIGN_ORIGIN },
      registrationInput(race._id),
    );

    expect(foreign.statusCode).toBe(403);
    expect(await countsOf(race._id)).toEqual({ count: 0, rows: 0 });
    const bearer = await postRegistration(bearerHeaders(runner.token), registrationInput(race._id));
    expect(bearer.statusCode).toBe(201);
    expect(await countsOf(race._id)).toEqual({ count: 1, rows: 1 });
  });

  it('counts 100 concurrent registrations by 100 runners exactly, and 50 concurrent withdrawals', async () => {
    const race = await newRace();
    const runners = await insertSignedInUsers(main.current, 100);

    const registered = await Promise.all(
      runners.map((each) => postRegistration(bearerHeaders(each.token), registrationInput(race._id))),
    );

    expect(registered.map((response) => response.statusCode)).toEqual(runners.map(() => 201));
    expect(new Set(registered.map((response) => response.json()._id)).size).toBe(100);
    expect(await countsOf(race._id)).toEqual({ count: 100, rows: 100 });

    const withdrawn = await Promise.all(
      registered
        .slice(0, 50)
        .map((response, n) => deleteRegistration(response.json()._id, bearerHeaders(runners[n]!.token))),
    );

    expect(withdrawn.map((response) => response.statusCode)).toEqual(withdrawn.map(() => 200));
    expect(await countsOf(race._id)).toEqual({ count: 50, rows: 50 });
  });

  it('answers registrations racing the race’s deletion with 201 or 404, never 500, and leaves no rows', async () => {
    // Several rounds, the DELETE sent amid the registrations, so some of them start while it is in progress.
    for (let round = 0; round < 3; round++) {
      const race = await newRace();
      const runners = await insertSignedInUsers(main.current, 40);
      const register = (each: { token: string }) =>
        postRegistration(bearerHeaders(each.token), registrationInput(race._id));
      const before = runners.slice(0, 20).map(register);
      const deleting = inject({
        method: 'DELETE',
        url: `/api/marathons/${race._id}`,
        headers: bearerHeaders(organizer.token),
      });
      const after = runners.slice(20).map(register);
      const responses = await Promise.all([...before, ...after]);

      expect((await deleting).statusCode).toBe(200);
      for (const response of responses) {
        expect([201, 404], response.body).toContain(response.statusCode);
        if (response.statusCode === 404) expect(response.json().message).toBe('Marathon not found');
      }
      expect(await countsOf(race._id).catch(() => null)).toBeNull(); // the race is gone
      expect(await countRegistrationRows(main.current.database.db, race._id)).toBe(0);
    }
  });

  it('answers 404, not 500, to a registration that arrives while the race is being deleted', async () => {
    const race = await newRace();
    const { db, driver } = main.current.database;
    let registering: ReturnType<typeof inject> | undefined;

    // What DELETE /api/marathons/:id does, held open: lock the race, delete its registrations and the race.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from marathons where id = ${race._id} for update`);
      await tx.execute(sql`delete from registrations where marathon_id = ${race._id}`);
      await tx.execute(sql`delete from marathons where id = ${race._id}`);
      registering = postRegistration(bearerHeaders(runner.token), registrationInput(race._id));
      // On PostgreSQL the registration now waits for this transaction's lock on the race (PGlite has one
      // connection: it runs after the commit).
      if (driver === 'postgres') await expect.poll(() => countBackendsWaitingOnLocks(db)).toBeGreaterThan(0);
    });

    const response = await registering!;
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().message).toBe('Marathon not found');
    expect(await countRegistrationRows(db, race._id)).toBe(0);
  });

  it('lets exactly one of 10 concurrent registrations by the same runner through', async () => {
    const race = await newRace();

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        postRegistration(bearerHeaders(runner.token), registrationInput(race._id)),
      ),
    );

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await countsOf(race._id)).toEqual({ count: 1, rows: 1 });
  });
});

describe('GET /api/registrations/by-email/:email', () => {
  let listed: { runner: SignedIn; races: Marathon[]; registrations: Registration[] };
  beforeAll(async () => {
    const own = await signUp(main.current.app);
    const races = [await newRace(), await newRace()];
    const registrations = [];
    for (const race of races) registrations.push(await register(main.current.app, own, race._id));
    await register(main.current.app, stranger, races[0]!._id);
    listed = { runner: own, races, registrations };
  });

  it.each([
    ['their own email', (email: string) => email],
    ['their own email in other letter case', (email: string) => email.toUpperCase()],
  ])("lists only the runner's registrations, most recent first, for %s", async (_case, spell) => {
    const response = await listByEmail(spell(listed.runner.user.email), cookieHeaders(listed.runner.cookie));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([...listed.registrations].reverse());
  });

  it("shows the race's current title and start date", async () => {
    const race = listed.races[0]!;
    const changes = { title: 'Renamed Race', startDate: fromNow(60 * DAY_MS) };
    const patched = await inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: changes,
    });
    expect(patched.statusCode).toBe(200);

    const registrations = await findMyRegistrations(main.current.app, listed.runner);

    expect(registrations.find((registration) => registration.marathonId === race._id)).toMatchObject({
      marathonTitle: changes.title,
      marathonDate: changes.startDate,
    });
  });

  it("follows the runner's registering and withdrawing at once", async () => {
    const runnerNow = await signUp(main.current.app);
    const race = await newRace();
    const list = async () => {
      const response = await listByEmail(runnerNow.user.email, bearerHeaders(runnerNow.token));
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return (response.json() as Registration[]).map((registration) => registration._id);
    };
    expect(await list()).toEqual([]);

    const created = await register(main.current.app, runnerNow, race._id);
    expect(await list()).toEqual([created._id]);

    const withdrawn = await inject({
      method: 'DELETE',
      url: `/api/registrations/${created._id}`,
      headers: bearerHeaders(runnerNow.token),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await list()).toEqual([]);
  });

  it("answers 403 for another runner's email", async () => {
    const response = await listByEmail(stranger.user.email, bearerHeaders(listed.runner.token));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: 'You can only list your own registrations.' });
  });

  it('answers 401 to an anonymous request', async () => {
    const response = await listByEmail(listed.runner.user.email, {});

    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });
});

describe('PATCH /api/registrations/:id', () => {
  it("changes only the runner's details: firstName, lastName, contact, info", async () => {
    const race = await newRace();
    const otherRace = await newRace();
    const created = await register(main.current.app, runner, race._id);
    const changes = {
      firstName: 'Paula',
      lastName: 'Radcliffe',
      contact: '+44 20 7946 0958',
      info: 'Pacer please',
    };

    const response = await patchRegistration(created._id, cookieHeaders(runner.cookie), {
      ...changes,
      marathonId: otherRace._id,
      email: stranger.user.email,
      marathonTitle: 'Forged',
      timestamp: '2001-01-01T00:00:00.000Z',
    });

    expect(response.statusCode).toBe(200);
    const expected = { ...created, ...changes };
    expect(response.json()).toEqual({
      success: true,
      message: REGISTRATION_MESSAGES.updated,
      registration: expected,
    });
    const listed = await findMyRegistrations(main.current.app, runner);
    expect(listed.find(({ _id }) => _id === created._id)).toEqual(expected);
    expect(await countsOf(race._id)).toEqual({ count: 1, rows: 1 });
    expect(await countsOf(otherRace._id)).toEqual({ count: 0, rows: 0 });
  });

  it('answers "nothing to update" to a body without editable fields, changing nothing', async () => {
    const race = await newRace();
    const created = await register(main.current.app, runner, race._id);

    const response = await patchRegistration(created._id, bearerHeaders(runner.token), {
      marathonId: MISSING_ID,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: REGISTRATION_MESSAGES.nothingToUpdate,
      registration: created,
    });
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['a blank firstName', 'firstName', { firstName: '' }],
    ['a lastName over 60 characters', 'lastName', { lastName: 'l'.repeat(61) }],
    ['a contact with letters', 'contact', { contact: 'call me maybe' }],
    ['an info over 1000 characters', 'info', { info: 'i'.repeat(1001) }],
  ])('refuses %s with 400 naming %s, changing nothing', async (_case, field, changes) => {
    const race = await newRace();
    const created = await register(main.current.app, runner, race._id);

    const response = await patchRegistration(created._id, bearerHeaders(runner.token), {
      firstName: 'Must not be saved',
      ...changes,
    });

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual([field]);
    const listed = await findMyRegistrations(main.current.app, runner);
    expect(listed.find(({ _id }) => _id === created._id)).toEqual(created);
  });

  it.each([MISSING_ID, ...MALFORMED_IDS])('answers 404 for the id %j', async (id) => {
    const response = await patchRegistration(encodeURIComponent(id), bearerHeaders(runner.token), {
      firstName: 'Nobody',
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: REGISTRATION_MESSAGES.notFound });
  });
});

describe('DELETE /api/registrations/:id', () => {
  it('withdraws the registration: deletedCount 1, the count goes down, and the runner may register again', async () => {
    const race = await newRace();
    const [otherRunner] = await insertSignedInUsers(main.current, 1);
    const created = await register(main.current.app, runner, race._id);
    await register(main.current.app, otherRunner!, race._id);

    const response = await deleteRegistration(created._id, cookieHeaders(runner.cookie));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: REGISTRATION_MESSAGES.deleted,
      deletedCount: 1,
      refundAmount: 0,
    });
    expect(await countsOf(race._id)).toEqual({ count: 1, rows: 1 });
    const listed = await findMyRegistrations(main.current.app, runner);
    expect(listed.map(({ _id }) => _id)).not.toContain(created._id);

    await register(main.current.app, runner, race._id);
    expect(await countsOf(race._id)).toEqual({ count: 2, rows: 2 });
  });

  it('answers 404 to a second withdrawal, leaving the count alone', async () => {
    const race = await newRace();
    const created = await register(main.current.app, runner, race._id);
    await deleteRegistration(created._id, bearerHeaders(runner.token));

    const again = await deleteRegistration(created._id, bearerHeaders(runner.token));

    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: REGISTRATION_MESSAGES.notFound });
    expect(await countsOf(race._id)).toEqual({ count: 0, rows: 0 });
  });

  it.each([MISSING_ID, ...MALFORMED_IDS])('answers 404 for the id %j', async (id) => {
    const response = await deleteRegistration(encodeURIComponent(id), bearerHeaders(runner.token));

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: REGISTRATION_MESSAGES.notFound });
  });
});

describe("refusals leave the runner's registration as it was", () => {
  const writes: Array<[string, (id: string, headers: Record<string, string>) => ReturnType<typeof inject>]> =
    [
      [
        'PATCH',
        (id, headers) => patchRegistration(id, headers, { firstName: 'Hijacked', contact: '5550100000' }),
      ],
      ['DELETE', (id, headers) => deleteRegistration(id, headers)],
    ];

  /** The runner registered for a new race, and a check that the registration and the count are untouched. */
  async function runnersRegistration() {
    const race = await newRace();
    const created = await register(main.current.app, runner, race._id);
    return {
      id: created._id,
      expectUnchanged: async () => {
        const listed = await findMyRegistrations(main.current.app, runner);
        expect(listed.find(({ _id }) => _id === created._id)).toEqual(created);
        expect(await countsOf(race._id)).toEqual({ count: 1, rows: 1 });
      },
    };
  }

  it.each(writes)('%s: 401 for an anonymous request', async (_method, write) => {
    const registration = await runnersRegistration();

    const response = await write(registration.id, {});

    expect(response.statusCode).toBe(401);
    await registration.expectUnchanged();
  });

  it.each(writes)(
    "%s: 403 for another user, even the race's organizer (cookie or bearer)",
    async (_method, write) => {
      const registration = await runnersRegistration();

      const responses = [
        await write(registration.id, cookieHeaders(stranger.cookie)),
        await write(registration.id, bearerHeaders(stranger.token)),
        await write(registration.id, bearerHeaders(organizer.token)),
      ];

      for (const response of responses) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ success: false, message: REGISTRATION_MESSAGES.notOwner });
      }
      await registration.expectUnchanged();
    },
  );

  it.each(writes)("%s: 403 for the runner's cookie sent from a foreign Origin", async (_method, write) => {
    const registration = await runnersRegistration();

    const response = await write(registration.id, { cookie: runner.cookie, origin: FOREIGN_ORIGIN });

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/cross-site/i);
    await registration.expectUnchanged();
  });
});
