import { createHash, randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKIN_MESSAGES,
  type Marathon,
  type Registration,
  type Roster,
  rosterSchema,
} from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import {
  type Actor,
  createMarathon,
  insertSignedInUsers,
  register,
} from '../../testing/marathon-fixtures.js';
import { type TestDatabase, createTestDatabase } from '../../testing/test-database.js';
import { type SignedIn, type TestApp, bearerHeaders, buildTestApp, signUp } from '../../testing/test-app.js';

/**
 * Issue 33's roster through the API: the whole roster, its deltas after check-ins, withdrawals, cancellations,
 * promotions and name changes, its cursor against a transaction still running, and how it is sent (compressed,
 * with an ETag).
 */
let database: TestDatabase;
let main: TestApp;
const app = () => main.app;
const db = () => database.db;

let organizer: SignedIn;
let race: Marathon;
/** Runners of the race: eight registered (bibs 1–8), then two in line; their tokens. */
let entries: Registration[];
let runners: Actor[];

beforeAll(async () => {
  database = await createTestDatabase();
  main = await buildTestApp({ database });
  organizer = await signUp(app());
  race = await createMarathon(app(), organizer, { capacity: 8 });
  const signedIn = await insertSignedInUsers(main, 10);
  runners = signedIn;
  entries = [];
  for (const [n, runner] of signedIn.entries()) {
    entries.push(
      await register(app(), runner, race._id, {
        firstName: `Runner${n + 1}`,
        lastName: `Lastname of runner number ${n + 1}`,
        waitlist: true,
      }),
    );
  }
});
afterAll(async () => {
  await main?.close();
  await database?.close();
});

const getRoster = (query = '', headers: Record<string, string> = {}) =>
  app().inject({
    url: `/api/marathons/${race._id}/checkin/roster${query}`,
    headers: { ...bearerHeaders(organizer.token), ...headers },
  });

function rosterOf(response: LightMyRequestResponse): Roster {
  expect(response.statusCode, response.body).toBe(200);
  return rosterSchema.parse(response.json());
}

const sinceOf = (roster: Roster) => `?since=${roster.cursor}`;
const idsOf = (roster: Roster) => roster.entries.map((entry) => entry.registrationId);
const codeOf = async (id: string) =>
  rowsOf<{ code: string }>(
    await db().execute(sql`select checkin_code as code from registrations where id = ${id}`),
  )[0]!.code;

const scan = (registrationId: string) =>
  app().inject({
    method: 'POST',
    url: `/api/marathons/${race._id}/checkins`,
    headers: bearerHeaders(organizer.token),
    payload: { scans: [{ scanId: randomUUID(), registrationId, device: 'phone 1' }] },
  });

describe('the whole roster', () => {
  it('lists the registered runners by bib, each with the SHA-256 of their check-in code, and no code', async () => {
    const response = await getRoster();
    const roster = rosterOf(response);

    expect(roster.cursor).toMatch(/^\d+$/);
    expect(roster.removed).toEqual([]);
    expect(roster.entries.map((entry) => entry.bib)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(idsOf(roster)).toEqual(entries.slice(0, 8).map((entry) => entry._id));
    const [first] = roster.entries;
    const code = await codeOf(first!.registrationId);
    expect(first).toEqual({
      registrationId: entries[0]!._id,
      bib: 1,
      firstName: 'Runner1',
      lastName: 'Lastname of runner number 1',
      codeHash: createHash('sha256').update(code).digest('hex'),
      checkedInAt: null,
      checkedInBy: null,
    });
    expect(response.body).not.toContain(code);
  });

  it('refuses a cursor that is not one (400)', async () => {
    for (const since of ['abc', '-1', '1.5', '99999999999999999999']) {
      const response = await getRoster(`?since=${since}`);
      expect(response.statusCode, since).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(CHECKIN_MESSAGES.since);
    }
  });
});

describe('the roster’s delta', () => {
  it('holds only what changed since the cursor: check-ins, withdrawals, cancellations, promotions, names', async () => {
    const before = rosterOf(await getRoster());
    expect(rosterOf(await getRoster(sinceOf(before)))).toMatchObject({ entries: [], removed: [] });

    // A check-in, a runner withdrawing (a free entry: deleted), the organizer cancelling one (deleted too): the
    // two places go to the two in line; a name changed.
    expect((await scan(entries[0]!._id)).statusCode).toBe(200);
    const withdrawn = await app().inject({
      method: 'DELETE',
      url: `/api/registrations/${entries[1]!._id}`,
      headers: bearerHeaders(runners[1]!.token),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const cancelled = await app().inject({
      method: 'DELETE',
      url: `/api/marathons/${race._id}/participants/${entries[2]!._id}`,
      headers: bearerHeaders(organizer.token),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const renamed = await app().inject({
      method: 'PATCH',
      url: `/api/registrations/${entries[3]!._id}`,
      headers: bearerHeaders(runners[3]!.token),
      payload: { firstName: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Not on the roster: a change of contact.
    await app().inject({
      method: 'PATCH',
      url: `/api/registrations/${entries[4]!._id}`,
      headers: bearerHeaders(runners[4]!.token),
      payload: { contact: '+1 555-010-0100' },
    });

    const delta = rosterOf(await getRoster(sinceOf(before)));
    const byId = new Map(delta.entries.map((entry) => [entry.registrationId, entry]));
    expect(new Set(byId.keys())).toEqual(
      new Set([entries[0]!._id, entries[3]!._id, entries[8]!._id, entries[9]!._id]),
    );
    expect(byId.get(entries[0]!._id)).toMatchObject({
      checkedInAt: expect.any(String),
      checkedInBy: organizer.user.name,
    });
    expect(byId.get(entries[3]!._id)?.firstName).toBe('Renamed');
    expect(byId.get(entries[8]!._id)?.bib).toBe(9);
    expect(byId.get(entries[9]!._id)?.bib).toBe(10);
    expect(new Set(delta.removed)).toEqual(new Set([entries[1]!._id, entries[2]!._id]));
    expect(delta.removed).toHaveLength(2);

    // Applied to the roster held before, the delta gives the roster as it is now.
    const held = new Map(before.entries.map((entry) => [entry.registrationId, entry]));
    for (const id of delta.removed) held.delete(id);
    for (const entry of delta.entries) held.set(entry.registrationId, entry);
    const now = rosterOf(await getRoster());
    expect([...held.values()].sort((a, b) => a.bib - b.bib)).toEqual(now.entries);

    // And from the newer cursor, nothing has changed.
    expect(rosterOf(await getRoster(sinceOf(delta)))).toMatchObject({ entries: [], removed: [] });
  });

  it('misses nothing committed after it was read, by a transaction already running then', async () => {
    const target = entries[5]!._id;
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`update registrations set first_name = 'Late' where id = $1`, [target]);
      const { rows } = await other.query<{ xid: string }>('select pg_current_xact_id()::text as xid');

      // Read while that change is not committed: the old name, and a cursor no later than its transaction.
      const read = rosterOf(await getRoster());
      expect(read.entries.find((entry) => entry.registrationId === target)?.firstName).not.toBe('Late');
      expect(BigInt(read.cursor)).toBeLessThanOrEqual(BigInt(rows[0]!.xid));

      await other.query('commit');
      const delta = rosterOf(await getRoster(sinceOf(read)));
      expect(delta.entries.find((entry) => entry.registrationId === target)?.firstName).toBe('Late');
    } finally {
      await other.end();
    }
  });
});

describe('how the roster is sent', () => {
  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate, br;q=0', gunzipSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('compressed as %s for Accept-Encoding %j', async (encoding, accept, decompress) => {
    const response = await getRoster('', { 'accept-encoding': accept });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const roster = rosterSchema.parse(JSON.parse(decompress(response.rawPayload).toString('utf8')));
    expect(roster.entries.length).toBeGreaterThan(0);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(roster).length);
  });

  it('as it is to a client that accepts no compression, with an ETag and private, no-cache', async () => {
    const response = await getRoster('', { 'accept-encoding': 'identity' });

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(rosterOf(response).entries.length).toBeGreaterThan(0);
    expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 to a client holding the answer as it is now (If-None-Match), 200 once it changed', async () => {
    // The cursor is the oldest transaction running on the whole server: held open, it stays put while other
    // tests' databases commit, so two reads with nothing changed read alike.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()');
      let notModified: LightMyRequestResponse | undefined;
      for (let attempt = 0; attempt < 5 && !notModified; attempt += 1) {
        const first = await getRoster('', { 'accept-encoding': 'gzip' });
        const again = await getRoster('', { 'if-none-match': first.headers.etag as string });
        if (again.statusCode === 304) notModified = again;
        // Else an older transaction elsewhere ended between the two reads: the cursor, so the answer, moved.
        else expect(again.headers.etag).not.toBe(first.headers.etag);
      }
      expect(notModified?.statusCode).toBe(304);
      expect(notModified?.body).toBe('');
      expect(notModified?.headers.etag).toBeDefined();
    } finally {
      await holder.query('rollback');
      await holder.end();
    }

    const held = await getRoster();
    await scan(entries[6]!._id);
    const changed = await getRoster('', { 'if-none-match': held.headers.etag as string });
    expect(changed.statusCode).toBe(200);
  });
});
