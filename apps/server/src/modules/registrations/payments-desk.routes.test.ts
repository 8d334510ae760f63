import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
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
import { marathons, registrations } from '../../db/schema/index.js';
import {
  FREE_ENTRY_PAYMENT,
  type Actor,
  MISSING_ID,
  createMarathon,
  errorFields,
  insertSignedInUsers,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';

/**
 * Issue 32 at the race desk: each row's payment, the live entries by default and the kept ones by status, the
 * payment-status filter, the CSV's payment columns and the race's revenue. Paid entries are written straight to
 * the database (as the payment flows would leave them), so the desk is tested apart from those flows.
 */
const main = useTestApp();
const db = () => main.current.database.db;
const get = (url: string, actor?: Actor) =>
  main.current.app.inject({ url, ...(actor && { headers: bearerHeaders(actor.token) }) });
const listOf = (raceId: string, query = '', actor: Actor = organizer) =>
  get(`/api/marathons/${raceId}/participants${query}`, actor);
const csvOf = (raceId: string, query = '', actor: Actor = organizer) =>
  get(`/api/marathons/${raceId}/participants.csv${query}`, actor);
const statsOf = (raceId: string, actor: Actor = organizer) => get(`/api/marathons/${raceId}/stats`, actor);

/** The payment columns of an entry nobody paid for (a free race's). */
const FREE = { ...FREE_ENTRY_PAYMENT, refundDue: 0 };

type EntryState = Partial<typeof registrations.$inferInsert>;

/** A hold's end, an hour ahead (whole milliseconds: the database keeps them exactly). */
const HOLD_EXPIRES_AT = new Date(Math.floor(Date.now() / 1000) * 1000 + 60 * 60 * 1000);

/**
 * The desk's race: six places, eight runners entered in this order (bibs 1–6, the last two in line), then left
 * as the payment flows would: what each entry becomes, with its payment.
 */
const RUNNERS: Array<{ firstName: string; lastName: string; becomes: EntryState }> = [
  {
    firstName: 'Ada',
    lastName: 'Archer',
    becomes: {
      paymentMethod: 'on_site',
      paymentStatus: 'paid',
      amountDue: 4500,
      amountPaid: 4500,
      currency: 'EUR',
      receiptNumber: '1',
    },
  },
  {
    firstName: 'Ben',
    lastName: 'Baker',
    becomes: { paymentMethod: 'on_site', paymentStatus: 'due', amountDue: 4500, currency: 'EUR' },
  },
  // A code that covers the whole fee: free.
  { firstName: 'Cleo', lastName: 'Carter', becomes: { discountCode: 'FRIENDS' } },
  {
    firstName: 'Dan',
    lastName: 'Dixon',
    becomes: {
      status: 'pending_payment',
      bib: null,
      holdExpiresAt: HOLD_EXPIRES_AT,
      paymentMethod: 'online',
      paymentStatus: 'pending',
      amountDue: 4500,
      currency: 'EUR',
    },
  },
  // Paid online with a code, withdrawn for half back.
  {
    firstName: 'Eve',
    lastName: 'Evans',
    becomes: {
      status: 'cancelled',
      bib: null,
      paymentMethod: 'online',
      paymentStatus: 'partially_refunded',
      amountDue: 3600,
      amountPaid: 3600,
      amountRefunded: 1800,
      currency: 'EUR',
      discountCode: 'EARLY20',
      receiptNumber: '2',
    },
  },
  // Paid on site, cancelled by the organizer: the refund is owed in cash.
  {
    firstName: 'Hal',
    lastName: 'Hughes',
    becomes: {
      status: 'cancelled',
      bib: null,
      paymentMethod: 'on_site',
      paymentStatus: 'refund_due',
      amountDue: 4500,
      amountPaid: 4500,
      refundDue: 4500,
      currency: 'EUR',
      receiptNumber: '3',
    },
  },
  { firstName: 'Fay', lastName: 'Fisher', becomes: {} },
  // Promoted from the line to a hold it let expire.
  {
    firstName: 'Gus',
    lastName: 'Grant',
    becomes: {
      status: 'expired',
      waitlistSeq: null,
      paymentMethod: 'online',
      paymentStatus: 'pending',
      amountDue: 4500,
      currency: 'EUR',
    },
  },
];

let organizer: SignedIn;
let stranger: SignedIn;
let race: Marathon;
let yenRace: Marathon;
/** Each runner's entry by first name. */
const entryOf: Record<string, Registration> = {};

/** Enters the runners through the API, then sets each entry's status and payment as `becomes` says. */
async function enter(
  raceId: string,
  runners: Array<{ firstName: string; lastName: string; becomes: EntryState }>,
) {
  const actors = await insertSignedInUsers(main.current, runners.length);
  for (const [n, { firstName, lastName, becomes }] of runners.entries()) {
    const entry = await register(main.current.app, actors[n]!, raceId, {
      firstName,
      lastName,
      waitlist: true,
    });
    await db()
      .update(registrations)
      .set({ ...FREE, ...becomes })
      .where(eq(registrations.id, entry._id));
    entryOf[firstName] = entry;
  }
}

beforeAll(async () => {
  [organizer, stranger] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
  race = await createMarathon(main.current.app, organizer, { capacity: 6 });
  await enter(race._id, RUNNERS);
  // The counters as the flows keep them: Ada, Ben, Cleo registered; Dan's place held; Fay in line.
  await db()
    .update(marathons)
    .set({ totalRegistrationCount: 3, pendingCount: 1, waitlistCount: 1 })
    .where(eq(marathons.id, race._id));

  yenRace = await createMarathon(main.current.app, organizer);
  await db().update(marathons).set({ currency: 'JPY' }).where(eq(marathons.id, yenRace._id));
  await enter(yenRace._id, [
    {
      firstName: 'Ivy',
      lastName: 'Ito',
      becomes: {
        paymentMethod: 'online',
        paymentStatus: 'paid',
        amountDue: 4500,
        amountPaid: 4500,
        currency: 'JPY',
        receiptNumber: '1',
      },
    },
  ]);
});

function expectOk<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const totalOf = (response: LightMyRequestResponse) => Number(response.headers['x-total-count']);
const firstNames = (participants: Participant[]) => participants.map((participant) => participant.firstName);
/** The runners by first name in the order of their entries' ids (the kept entries' order). */
const byId = (...names: string[]) => [...names].sort((a, b) => (entryOf[a]!._id < entryOf[b]!._id ? -1 : 1));

const CSV_HEADER = [
  ...PARTICIPANTS_CSV_HEADER,
  ...PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
  ...PARTICIPANTS_CSV_PAYMENT_HEADER,
  ...PARTICIPANTS_CSV_CHECKIN_HEADER,
];
const PAYMENT_COLUMN = CSV_HEADER.indexOf(PARTICIPANTS_CSV_PAYMENT_HEADER[0]);

/** The CSV's records after its header (checked), as a spreadsheet reads them. */
function csvRecords(response: LightMyRequestResponse): string[][] {
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...records] = parse(response.body, { bom: true }) as string[][];
  expect(header).toEqual(CSV_HEADER);
  return records;
}

/** Each record's first name and payment cells. */
const paymentCells = (records: string[][]) =>
  records.map((record) => [
    record[3],
    ...record.slice(PAYMENT_COLUMN, PAYMENT_COLUMN + PARTICIPANTS_CSV_PAYMENT_HEADER.length),
  ]);

describe('the desk’s rows', () => {
  it('carry each entry’s payment', async () => {
    const participants = expectOk<Participant[]>(await listOf(race._id, '?sort=lastName'));
    const cancelled = expectOk<Participant[]>(await listOf(race._id, '?status=cancelled'));
    const rowOf = (firstName: string) =>
      [...participants, ...cancelled].find((participant) => participant.firstName === firstName);

    expect(rowOf('Ada')).toMatchObject({
      status: 'registered',
      bib: 1,
      paymentMethod: 'on_site',
      paymentStatus: 'paid',
      amountDue: 4500,
      amountPaid: 4500,
      amountRefunded: 0,
      currency: 'EUR',
      discountCode: null,
      receiptNumber: '1',
      holdExpiresAt: null,
    });
    expect(rowOf('Dan')).toMatchObject({
      status: 'pending_payment',
      bib: null,
      waitlistPosition: null,
      paymentMethod: 'online',
      paymentStatus: 'pending',
      amountDue: 4500,
      amountPaid: 0,
      holdExpiresAt: HOLD_EXPIRES_AT.toISOString(),
    });
    expect(rowOf('Eve')).toMatchObject({
      status: 'cancelled',
      bib: null,
      paymentStatus: 'partially_refunded',
      amountDue: 3600,
      amountPaid: 3600,
      amountRefunded: 1800,
      discountCode: 'EARLY20',
      receiptNumber: '2',
    });
    expect(rowOf('Cleo')).toMatchObject({ ...FREE_ENTRY_PAYMENT, discountCode: 'FRIENDS' });
    expect(rowOf('Fay')).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, paymentStatus: 'free' });
    // What is owed back is the revenue's, not a row's.
    expect(rowOf('Hal')).not.toHaveProperty('refundDue');
  });
});

describe('the statuses', () => {
  // Held places first ('pending_payment' sorts first), then by bib, then the line.
  const live = ['Dan', 'Ada', 'Ben', 'Cleo', 'Fay'];

  it('shows the live entries by default: held, registered and in line, not the cancelled or expired', async () => {
    const response = await listOf(race._id);
    const participants = expectOk<Participant[]>(response);

    expect(firstNames(participants)).toEqual(live);
    expect(participants.map(({ status }) => status)).toEqual([
      'pending_payment',
      'registered',
      'registered',
      'registered',
      'waitlisted',
    ]);
    // The race's counters: registered + waitlisted + held.
    expect(totalOf(response)).toBe(5);
  });

  it('pages the live entries from either end, the total on every page', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => listOf(race._id, `?limit=2&page=${page}`)));
    const backwards = await listOf(race._id, '?order=desc');

    expect(pages.map(totalOf)).toEqual([5, 5, 5, 5]);
    expect(pages.map((page) => firstNames(expectOk(page)))).toEqual([
      live.slice(0, 2),
      live.slice(2, 4),
      live.slice(4),
      [],
    ]);
    expect(firstNames(expectOk(backwards))).toEqual([...live].reverse());
  });

  it.each([
    ['?sort=lastName', ['Ada', 'Ben', 'Cleo', 'Dan', 'Fay']],
    ['?sort=timestamp&order=desc', ['Fay', 'Dan', 'Cleo', 'Ben', 'Ada']],
    ['?q=hughes', []],
    ['?q=hughes&status=cancelled', ['Hal']],
  ])('keeps %s to the live entries unless a status is asked for: %j', async (query, expected) => {
    const response = await listOf(race._id, query);

    expect(firstNames(expectOk(response))).toEqual(expected);
    expect(totalOf(response)).toBe(expected.length);
  });

  it.each([
    ['pending_payment', ['Dan']],
    ['cancelled', ['Eve', 'Hal']],
    ['expired', ['Gus']],
    ['registered', ['Ada', 'Ben', 'Cleo']],
    ['waitlisted', ['Fay']],
  ])('shows status=%s alone, counted', async (status, expected) => {
    const response = await listOf(race._id, `?status=${status}`);

    // Entries without a bib or a place in line follow their ids.
    expect(firstNames(expectOk(response))).toEqual(status === 'cancelled' ? byId(...expected) : expected);
    expect(totalOf(response)).toBe(expected.length);
  });

  it('pages the cancelled entries and counts them past the last page', async () => {
    const second = await listOf(race._id, '?status=cancelled&limit=1&page=2');
    const beyond = await listOf(race._id, '?status=cancelled&limit=1&page=3');

    expect(firstNames(expectOk(second))).toEqual(byId('Eve', 'Hal').slice(1));
    expect(totalOf(second)).toBe(2);
    expect(expectOk(beyond)).toEqual([]);
    expect(totalOf(beyond)).toBe(2);
  });
});

describe('the payment-status filter', () => {
  it.each([
    ['?paymentStatus=paid', ['Ada']],
    ['?paymentStatus=due', ['Ben']],
    ['?paymentStatus=free', ['Cleo', 'Fay']],
    ['?paymentStatus=free&order=desc', ['Fay', 'Cleo']],
    // Gus's lapsed hold is no live entry.
    ['?paymentStatus=pending', ['Dan']],
    ['?paymentStatus=pending&status=expired', ['Gus']],
    ['?paymentStatus=pending&sort=lastName', ['Dan']],
    ['?paymentStatus=partially_refunded', []],
    ['?paymentStatus=partially_refunded&status=cancelled', ['Eve']],
    ['?paymentStatus=refund_due&status=cancelled', ['Hal']],
    ['?paymentStatus=refunded&status=cancelled', []],
    ['?paymentStatus=free&q=fisher', ['Fay']],
  ])('%s lists %j, counted in X-Total-Count, and the CSV exports the same rows', async (query, expected) => {
    const response = await listOf(race._id, query);

    expect(firstNames(expectOk(response))).toEqual(expected);
    expect(totalOf(response)).toBe(expected.length);
    expect(csvRecords(await csvOf(race._id, query)).map((record) => record[3])).toEqual(expected);
  });

  it('pages the matches and counts them past the last page', async () => {
    const second = await listOf(race._id, '?paymentStatus=free&limit=1&page=2');
    const beyond = await listOf(race._id, '?paymentStatus=free&limit=1&page=3');

    expect(firstNames(expectOk(second))).toEqual(['Fay']);
    expect(totalOf(second)).toBe(2);
    expect(expectOk(beyond)).toEqual([]);
    expect(totalOf(beyond)).toBe(2);
  });

  it.each(['?paymentStatus=owed', '?paymentStatus=PAID', '?paymentStatus='])(
    'refuses %s with a 400 naming the field, on the list and the CSV',
    async (query) => {
      for (const response of [await listOf(race._id, query), await csvOf(race._id, query)]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(errorFields(response)).toEqual(['paymentStatus']);
      }
    },
  );
});

describe('the CSV', () => {
  it('has the payment columns after the entry form’s, and a race’s questions after them', async () => {
    const withQuestion = await createMarathon(main.current.app, organizer, {
      questions: [{ label: 'Club', type: 'text' }],
    });

    const response = await csvOf(withQuestion._id);

    expect(response.body).toBe(`\uFEFF${[...CSV_HEADER, 'Club'].join(',')}\r\n`);
  });

  it('writes the live entries in the list’s order, amounts in euros with their cents', async () => {
    const records = csvRecords(await csvOf(race._id));

    expect(records.map((record) => record[1])).toEqual([
      'pending_payment',
      'registered',
      'registered',
      'registered',
      'waitlisted',
    ]);
    expect(paymentCells(records)).toEqual([
      ['Dan', 'pending', '45.00', '0.00', '0.00', 'EUR', '', ''],
      ['Ada', 'paid', '45.00', '45.00', '0.00', 'EUR', '', '1'],
      ['Ben', 'due', '45.00', '0.00', '0.00', 'EUR', '', ''],
      // No currency: no amounts.
      ['Cleo', 'free', '', '', '', '', 'FRIENDS', ''],
      ['Fay', 'free', '', '', '', '', '', ''],
    ]);
  });

  it('writes the cancelled entries with what they paid and got back', async () => {
    const records = csvRecords(await csvOf(race._id, '?status=cancelled'));
    const cells = {
      Eve: ['Eve', 'partially_refunded', '36.00', '36.00', '18.00', 'EUR', 'EARLY20', '2'],
      Hal: ['Hal', 'refund_due', '45.00', '45.00', '0.00', 'EUR', '', '3'],
    };

    expect(paymentCells(records)).toEqual(
      byId('Eve', 'Hal').map((name) => cells[name as keyof typeof cells]),
    );
    expect(records.map((record) => record[0])).toEqual(['', '']);
  });

  it.each([
    '',
    '?status=expired',
    '?status=pending_payment',
    '?sort=lastName&order=desc',
    '?status=cancelled',
  ])('exports %j as the list shows it', async (query) => {
    const listed = expectOk<Participant[]>(await listOf(race._id, `${query}${query ? '&' : '?'}limit=100`));

    expect(csvRecords(await csvOf(race._id, query)).map((record) => record[3])).toEqual(firstNames(listed));
  });

  it('writes yen without decimals', async () => {
    const records = csvRecords(await csvOf(yenRace._id));

    expect(paymentCells(records)).toEqual([['Ivy', 'paid', '4500', '4500', '0', 'JPY', '', '1']]);
  });
});

describe('the stats', () => {
  it('count the held places apart and leave them out of the places left; days count registered and waitlisted', async () => {
    const stats = expectOk<RaceStats>(await statsOf(race._id));

    expect(stats).toMatchObject({
      capacity: 6,
      placesLeft: 2,
      pendingCount: 1,
      counts: { registered: 3, waitlisted: 1 },
      registrationsToday: 4,
    });
    expect(stats.days.at(-1)).toMatchObject({ registered: 3, waitlisted: 1, cumulativeRegistered: 3 });
  });

  it('sum the race’s money, the cancelled entries’ included', async () => {
    const stats = expectOk<RaceStats>(await statsOf(race._id));

    expect(stats.revenue).toEqual({
      currency: 'EUR',
      // Ada's 45.00, Eve's 36.00 and Hal's 45.00.
      paid: 12_600,
      // Half of Eve's.
      refunded: 1_800,
      net: 10_800,
      // Ben's, on site.
      due: 4_500,
      // Hal's, in cash.
      refundsDue: 4_500,
    });
  });

  it('are in the race’s currency, and nothing for a race nobody paid', async () => {
    const free = await createMarathon(main.current.app, organizer);

    expect(expectOk<RaceStats>(await statsOf(yenRace._id)).revenue).toEqual({
      currency: 'JPY',
      paid: 4500,
      refunded: 0,
      net: 4500,
      due: 0,
      refundsDue: 0,
    });
    expect(expectOk<RaceStats>(await statsOf(free._id))).toMatchObject({
      pendingCount: 0,
      revenue: { currency: 'EUR', paid: 0, refunded: 0, net: 0, due: 0, refundsDue: 0 },
    });
  });
});

describe('who may see the money', () => {
  const calls = {
    list: (raceId: string, actor?: Actor) =>
      get(`/api/marathons/${raceId}/participants?paymentStatus=paid`, actor),
    csv: (raceId: string, actor?: Actor) =>
      get(`/api/marathons/${raceId}/participants.csv?paymentStatus=paid`, actor),
    cancelled: (raceId: string, actor?: Actor) =>
      get(`/api/marathons/${raceId}/participants?status=cancelled`, actor),
    stats: (raceId: string, actor?: Actor) => get(`/api/marathons/${raceId}/stats`, actor),
  };

  it.each(Object.keys(calls) as Array<keyof typeof calls>)(
    '%s: 401 anonymous, 403 another user, the same 404 for an unknown race; nothing told',
    async (call) => {
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
        expect(response.headers['x-total-count']).toBeUndefined();
        expect(response.body).not.toMatch(/Archer|Evans|Hughes|revenue|4500/);
      }
    },
  );
});
