import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataChange } from './change-feed.js';
import {
  createMarathon,
  findMyRegistrations,
  getMarathon,
  getRegistrationCount,
  register,
} from '../testing/marathon-fixtures.js';
import {
  TEST_PASSWORD,
  type TestApp,
  bearerHeaders,
  buildTestApp,
  makeSignUpInput,
  postAuth,
  signIn,
  signUp,
} from '../testing/test-app.js';
import { type TestDatabase, createTestDatabase } from '../testing/test-database.js';
import { rowsOf } from '../db/client.js';
import { LISTENER_APPLICATION_NAME, encodeChanges } from './change-notifications.js';

/**
 * Well under the read caches' own ages (2 s for races, 5 s for runners' lists, 10 s for sessions): what is
 * seen within it came by the news from the other process, not by a kept entry running out.
 */
const NEWS_ARRIVES_WITHIN = { timeout: 1_000, interval: 5 };

const PAYLOAD_LIMIT_BYTES = 8_000;

describe('encodeChanges', () => {
  it('splits a race change naming thousands of runners into payloads PostgreSQL accepts, losing none', () => {
    const runnerIds = Array.from(
      { length: 2_000 },
      (_, index) => `runner-${String(index).padStart(29, '0')}`,
    );
    const changes: DataChange[] = [
      { kind: 'race', raceId: 'race-1', runnerIds },
      { kind: 'registration', raceId: 'race-2', runnerId: 'runner-x' },
    ];

    const payloads = encodeChanges('process-a', changes);

    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(PAYLOAD_LIMIT_BYTES);
    const decoded = payloads.flatMap((payload) => (JSON.parse(payload) as { changes: DataChange[] }).changes);
    const raceParts = decoded.filter((change) => change.kind === 'race');
    expect(raceParts.every((change) => change.raceId === 'race-1')).toBe(true);
    expect(raceParts.flatMap((change) => change.runnerIds)).toEqual(runnerIds);
    expect(decoded.at(-1)).toEqual(changes[1]);
  });
});

describe('two server processes on one database', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { databaseUrl: database.url };
    first = await buildTestApp({ database, config });
    second = await buildTestApp({ database, config });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  const listenersOnDatabase = async () =>
    rowsOf<{ count: number }>(
      await database.db.execute(
        sql`select count(*)::int as count from pg_stat_activity
            where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
      ),
    )[0]!.count;

  it("shows one process's change to a race through the other, which had it kept", async () => {
    const organizer = await signUp(first.app);
    const race = await createMarathon(first.app, organizer, { title: 'Harbour Half' });
    expect((await getMarathon(second.app, race._id))?.title).toBe('Harbour Half'); // now kept by the second

    const updated = await first.app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { title: 'Harbour Marathon' },
    });
    expect(updated.statusCode).toBe(200);

    await vi.waitFor(
      async () => expect((await getMarathon(second.app, race._id))?.title).toBe('Harbour Marathon'),
      NEWS_ARRIVES_WITHIN,
    );
  });

  it("moves a race's count on the other process when a runner registers through one", async () => {
    const organizer = await signUp(first.app);
    const race = await createMarathon(first.app, organizer);
    expect(await getRegistrationCount(second.app, race._id)).toBe(0);

    await register(first.app, await signUp(first.app), race._id);

    await vi.waitFor(
      async () => expect(await getRegistrationCount(second.app, race._id)).toBe(1),
      NEWS_ARRIVES_WITHIN,
    );
  });

  it('moves a waitlisted runner up in their list on the other process, which had it kept, when the line moves through one', async () => {
    const organizer = await signUp(first.app);
    const race = await createMarathon(first.app, organizer, { capacity: 1 });
    const [holder, firstInLine, secondInLine] = [
      await signUp(first.app),
      await signUp(first.app),
      await signUp(first.app),
    ];
    const held = await register(first.app, holder, race._id);
    await register(first.app, firstInLine, race._id, { waitlist: true });
    await register(first.app, secondInLine, race._id, { waitlist: true });
    const placeOf = async () => (await findMyRegistrations(second.app, secondInLine))[0]?.waitlistPosition;
    expect(await placeOf()).toBe(2); // now kept by the second

    const withdrawn = await first.app.inject({
      method: 'DELETE',
      url: `/api/registrations/${held._id}`,
      headers: bearerHeaders(holder.token),
    });
    expect(withdrawn.statusCode).toBe(200);

    await vi.waitFor(async () => expect(await placeOf()).toBe(1), NEWS_ARRIVES_WITHIN);
  });

  it('refuses on the other process a token signed out through one, though it had reused that session', async () => {
    const runner = await signUp(first.app);
    const ownRaces = () =>
      second.app.inject({ method: 'GET', url: '/api/my-marathons', headers: bearerHeaders(runner.token) });
    expect((await ownRaces()).statusCode).toBe(200);

    const signedOut = await postAuth(first.app, '/sign-out', {}, bearerHeaders(runner.token));
    expect(signedOut.statusCode).toBe(200);

    await vi.waitFor(async () => expect((await ownRaces()).statusCode).toBe(401), NEWS_ARRIVES_WITHIN);
  });

  it.each([
    ['/revoke-sessions', {}],
    [
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Marathon43', revokeOtherSessions: true },
    ],
  ])('refuses on the other process the sessions ended by %s through one', async (path, body) => {
    const input = makeSignUpInput();
    await signUp(first.app, input);
    const other = await signIn(first.app, input); // a second device, whose session the call ends
    const current = await signIn(first.app, input);
    const ownRaces = () =>
      second.app.inject({ method: 'GET', url: '/api/my-marathons', headers: bearerHeaders(other.token) });
    expect((await ownRaces()).statusCode).toBe(200);

    const ended = await postAuth(first.app, path, body, bearerHeaders(current.token));
    expect(ended.statusCode).toBe(200);

    await vi.waitFor(async () => expect((await ownRaces()).statusCode).toBe(401), NEWS_ARRIVES_WITHIN);
  });

  it('drops everything it keeps when its listening connection was cut, and hears the news again after', async () => {
    const organizer = await signUp(first.app);
    const race = await createMarathon(first.app, organizer, { title: 'Canal Run' });
    expect((await getMarathon(second.app, race._id))?.title).toBe('Canal Run');
    // A change no process announces (as if its news were lost with the connection), then the connection goes.
    await database.db.execute(sql`update marathons set title = 'Canal Run 2027' where id = ${race._id}`);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );

    await vi.waitFor(
      async () => expect((await getMarathon(second.app, race._id))?.title).toBe('Canal Run 2027'),
      NEWS_ARRIVES_WITHIN,
    );
    await vi.waitFor(async () => expect(await listenersOnDatabase()).toBe(2), NEWS_ARRIVES_WITHIN);
    await first.app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { title: 'Canal Marathon' },
    });
    await vi.waitFor(
      async () => expect((await getMarathon(second.app, race._id))?.title).toBe('Canal Marathon'),
      NEWS_ARRIVES_WITHIN,
    );
  });

  it('opens no listening connection for a process on the embedded database (no DATABASE_URL)', async () => {
    const alone = await buildTestApp({ database });
    try {
      expect(await listenersOnDatabase()).toBe(2); // the two processes above, not a third
    } finally {
      await alone.close();
    }
  });
});
