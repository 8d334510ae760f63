import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { CreateMarathonInput, CreateRegistrationInput, Marathon, Registration } from '@stride/shared';
import type { App } from '../app.js';
import { type Database, rowsOf } from '../db/client.js';
import { marathons, registrations, sessions, users } from '../db/schema/index.js';
import { type AuthUser, type SignedIn, type TestApp, bearerHeaders, buildTestApp } from './test-app.js';

export const SECOND_MS = 1000;
export const DAY_MS = 24 * 60 * 60 * SECOND_MS;

/** A well-formed id no record has, and ids that cannot name a record at all. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';
export const MALFORMED_IDS = [
  'not-an-id',
  '123',
  "1' OR '1'='1",
  // Longer than a UUID: past Fastify's default 100-character limit for a path segment too.
  `${MISSING_ID}0`,
  'a'.repeat(150),
  MISSING_ID.repeat(50),
];
/** An Origin that is not the app's: a cookie write from it is a cross-site request. */
export const FOREIGN_ORIGIN = 'https://evil.example';
/** Text that must be stored and answered verbatim, neither escaped nor executed. */
export const HOSTILE_TEXT = `<script>alert(1)</script>' OR 1=1 --`;

/** What the API's ids and dates look like. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A fresh app and database for the enclosing file or describe block (built in beforeAll, closed in
 * afterAll), for tests that count or order everything in it. Read `.current` inside hooks and tests.
 */
export function useTestApp(): { current: TestApp } {
  const holder = {} as { current: TestApp };
  beforeAll(async () => {
    holder.current = await buildTestApp();
  });
  afterAll(() => holder.current?.close());
  return holder;
}

/** Now plus `ms` (negative: in the past), as the ISO string the API takes and returns. */
export function fromNow(ms: number, now = Date.now()): string {
  return new Date(now + ms).toISOString();
}

/** Where now falls against a race's dates: registration open, not open yet, closed (race ahead), race started. */
export type RaceWindow = 'open' | 'not-yet-open' | 'closed' | 'started';

/** Days from now to [registration opens, registration closes, the race starts]. */
const WINDOW_DAYS: Record<RaceWindow, [number, number, number]> = {
  open: [-1, 2, 30],
  'not-yet-open': [2, 5, 30],
  closed: [-5, -2, 30],
  started: [-30, -10, -2],
};

/** The three dates for a window, relative to `now`; the race is a month ahead unless it has started. */
export function raceDates(window: RaceWindow = 'open', now = Date.now()) {
  const [startReg, endReg, start] = WINDOW_DAYS[window];
  return {
    startRegDate: fromNow(startReg * DAY_MS, now),
    endRegDate: fromNow(endReg * DAY_MS, now),
    startDate: fromNow(start * DAY_MS, now),
  };
}

export type MarathonOverrides = Partial<CreateMarathonInput> & { window?: RaceWindow };

/** A valid POST /api/add-marathon body, registration open unless `window` says otherwise; override any field. */
export function marathonInput({ window, ...overrides }: MarathonOverrides = {}): CreateMarathonInput {
  return {
    title: `Riverside Marathon ${randomUUID().slice(0, 8)}`,
    ...raceDates(window),
    location: 'Berlin',
    distance: '10k',
    description: 'A flat course along the river.',
    image: 'https://example.com/posters/riverside.jpg',
    ...overrides,
  };
}

/** A valid POST /api/registrations body for the race; override any field. */
export function registrationInput(
  marathonId: string,
  overrides: Partial<CreateRegistrationInput> = {},
): CreateRegistrationInput {
  return {
    marathonId,
    firstName: 'Ada',
    lastName: 'Runner',
    contact: '+1 555-010-0199',
    info: '',
    ...overrides,
  };
}

/** Whoever acts: a signed-in user's bearer token (no Origin needed, like an API client). */
export type Actor = Pick<SignedIn, 'token'>;

/** The fields a 400's `errors` names, in order. */
export function errorFields(response: LightMyRequestResponse): string[] {
  return (response.json<{ errors?: Array<{ field: string }> }>().errors ?? []).map((error) => error.field);
}

function expectStatus<T>(response: LightMyRequestResponse, status: number, what: string): T {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
  return response.json<T>();
}

/** Publishes a marathon through the API as `actor`; throws with the response unless it is a 201. */
export async function createMarathon(
  app: App,
  actor: Actor,
  overrides: MarathonOverrides = {},
): Promise<Marathon> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/add-marathon',
    headers: bearerHeaders(actor.token),
    payload: marathonInput(overrides),
  });
  return expectStatus<Marathon>(response, 201, 'Creating a marathon');
}

/** Registers `actor` for the race through the API; throws with the response unless it is a 201. */
export async function register(
  app: App,
  actor: Actor,
  marathonId: string,
  overrides: Partial<CreateRegistrationInput> = {},
): Promise<Registration> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: bearerHeaders(actor.token),
    payload: registrationInput(marathonId, overrides),
  });
  return expectStatus<Registration>(response, 201, 'Registering');
}

/** The marathon as GET /api/marathons/:id shows it, or null on a 404. */
export async function getMarathon(app: App, id: string): Promise<Marathon | null> {
  const response = await app.inject({ method: 'GET', url: `/api/marathons/${id}` });
  if (response.statusCode === 404) return null;
  return expectStatus<Marathon>(response, 200, 'Reading a marathon');
}

/** The race's totalRegistrationCount as the API shows it. */
export async function getRegistrationCount(app: App, marathonId: string): Promise<number> {
  const marathon = await getMarathon(app, marathonId);
  if (!marathon) throw new Error(`Marathon ${marathonId} not found`);
  return marathon.totalRegistrationCount;
}

/** The actor's registrations as GET /api/registrations/by-email/:email lists them. */
export async function findMyRegistrations(app: App, actor: Actor & { user: Pick<AuthUser, 'email'> }) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/registrations/by-email/${encodeURIComponent(actor.user.email)}`,
    headers: bearerHeaders(actor.token),
  });
  return expectStatus<Registration[]>(response, 200, 'Listing registrations');
}

/** Rows in the database: registrations of one race (or all), and marathons. */
export function countRegistrationRows(db: Database, marathonId?: string): Promise<number> {
  return db.$count(
    registrations,
    marathonId === undefined ? undefined : eq(registrations.marathonId, marathonId),
  );
}
/** Sessions of this database now waiting for a lock another transaction holds (PostgreSQL). */
export async function countBackendsWaitingOnLocks(db: Database): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

export function countMarathonRows(db: Database): Promise<number> {
  return db.$count(marathons);
}

/**
 * `count` signed-in users written straight to the database (user + session), for tests that need many:
 * signing up through better-auth hashes each password with scrypt. Each has a bearer token (the session
 * token, which the bearer plugin signs itself) but no password and no cookie. Sessions last as long as
 * the app's, so that reading one never renews it.
 */
export async function insertSignedInUsers(
  { app, database }: Pick<TestApp, 'app' | 'database'>,
  count: number,
): Promise<Array<Actor & { user: AuthUser }>> {
  // better-auth's default is 7 days.
  const expiresInSeconds = app.auth.options.session?.expiresIn ?? (7 * DAY_MS) / SECOND_MS;
  return insertSignedInUsersInto(database.db, count, expiresInSeconds);
}

/**
 * {@link insertSignedInUsers} for a database that server processes of their own use (no app in the test):
 * sessions lasting `expiresInSeconds`, 30 days by default as the server's do (plugins/auth/better-auth.ts).
 */
export async function insertSignedInUsersInto(
  db: Database,
  count: number,
  expiresInSeconds = (30 * DAY_MS) / SECOND_MS,
): Promise<Array<Actor & { user: AuthUser }>> {
  const expiresAt = new Date(Date.now() + expiresInSeconds * SECOND_MS);
  const created = Array.from({ length: count }, (_, n) => {
    const id = randomUUID();
    const user: AuthUser = { id, name: `Runner ${n + 1}`, email: `runner-${id}@example.com`, image: null };
    return { user, token: randomBytes(24).toString('hex') };
  });
  if (count === 0) return created;
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(created.map(({ user }) => ({ id: user.id, name: user.name, email: user.email })));
    await tx
      .insert(sessions)
      .values(created.map(({ user, token }) => ({ id: randomUUID(), token, userId: user.id, expiresAt })));
  });
  return created;
}

/** Those of `ids` that are registrations in the database. */
export async function findRegistrationIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(inArray(registrations.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** Those of `ids` that are marathons in the database. */
export async function findMarathonIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: marathons.id })
    .from(marathons)
    .where(inArray(marathons.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

export type CountMismatch = {
  id: string;
  totalRegistrationCount: number;
  registeredRows: number;
  waitlistCount: number;
  waitlistedRows: number;
  pendingCount: number;
  pendingRows: number;
};

/** Races whose kept counts (registered, waitlisted, holds) differ from their registration rows; [] when all agree. */
export async function findCountMismatches(db: Database): Promise<CountMismatch[]> {
  return rowsOf<CountMismatch>(
    await db.execute(sql`
      select m.id, m.total_registration_count as "totalRegistrationCount", m.waitlist_count as "waitlistCount",
        count(r.id) filter (where r.status = 'registered')::int as "registeredRows",
        count(r.id) filter (where r.status = 'waitlisted')::int as "waitlistedRows",
        m.pending_count as "pendingCount", count(r.id) filter (where r.status = 'pending_payment')::int as "pendingRows"
      from marathons m left join registrations r on r.marathon_id = m.id
      group by m.id
      having m.total_registration_count <> count(r.id) filter (where r.status = 'registered')
        or m.waitlist_count <> count(r.id) filter (where r.status = 'waitlisted')
        or m.pending_count <> count(r.id) filter (where r.status = 'pending_payment')`),
  );
}

/** The price fields of a free race as the API returns them (issue 32), on a server without Stripe. */
export const FREE_RACE_PRICES = {
  entryFee: 0,
  currency: 'EUR',
  priceTiers: [],
  paymentMethods: ['on_site'],
  refundPolicy: { percent: 0, until: null },
  currentFee: 0,
  nextFeeChange: null,
  pendingCount: 0,
} as const;

/** The ballot and transfer fields of a first-come race without transfers (issue 35), as the API returns them. */
export const FIRST_COME_RACE = {
  entryMode: 'first_come',
  ballotDrawAt: null,
  ballotCount: 0,
  ballotDrawnAt: null,
  transfersUntil: null,
} as const;

/** The ballot and transfer fields of an entry in such a race (issue 35). */
export const NO_BALLOT_OR_TRANSFER = {
  ballotDrawAt: null,
  ballot: null,
  transfersUntil: null,
  transfer: null,
} as const;

/** The payment fields of an entry in a free race as the API returns them (issue 32). */
export const FREE_ENTRY_PAYMENT = {
  paymentMethod: null,
  paymentStatus: 'free',
  amountDue: 0,
  amountPaid: 0,
  amountRefunded: 0,
  currency: null,
  discountCode: null,
  receiptNumber: null,
  holdExpiresAt: null,
} as const;
