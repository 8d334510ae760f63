import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../testing/test-database.js';
import { TEST_PASSWORD, bearerHeaders, buildTestApp, signIn, signUp } from '../testing/test-app.js';
import {
  APP_TABLES,
  AWKWARD_INSTANT,
  AWKWARD_TEXT,
  WAITLIST_RACE_ID,
  addRowsOfEveryKind,
} from '../testing/every-table-rows.js';
import { bulkSeed } from '../cli/bulk-seed.js';
import { type DatabaseHandle, openPglite, rowsOf } from '../db/client.js';
import { copyPgliteIntoPostgres, importPgliteFolderOnce } from './pglite-import.js';
import type { Executor } from '../db/transaction.js';

const SEED = { marathons: 1_000, registrations: 10_000, users: 300, password: TEST_PASSWORD };
/**
 * A throwaway, migrated PostgreSQL database, dropped on close: on TEST_DATABASE_URL when it is set, otherwise on
 * the embedded PostgreSQL the test run starts (createTestDatabase's default).
 */
async function createTargetDatabase(): Promise<DatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) return createTestDatabase();
  vi.stubEnv('TEST_DATABASE_DRIVER', 'postgres');
  try {
    return await createTestDatabase();
  } finally {
    vi.unstubAllEnvs();
  }
}

async function findTables(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`select table_name as "name" from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/**
 * Every row of every table, generated columns included, as PostgreSQL writes it in JSON (in UTC), sorted by
 * its text: equal dumps mean equal data, whatever each side's collation orders keys by.
 */
async function dumpTables(database: DatabaseHandle): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const dump: Record<string, string[]> = {};
    for (const table of await findTables(tx)) {
      const result = await tx.execute(
        sql`select row_to_json(t)::text as "row" from ${sql.identifier('public')}.${sql.identifier(table)} t`,
      );
      dump[table] = rowsOf<{ row: string }>(result)
        .map(({ row }) => row)
        .sort();
    }
    return dump;
  });
}

async function countRows(database: DatabaseHandle, table: string): Promise<number> {
  const [row] = rowsOf<{ rows: number }>(
    await database.db.execute(sql`select count(*)::int as "rows" from ${sql.identifier(table)}`),
  );
  return row?.rows ?? 0;
}

describe('importPgliteFolderOnce', () => {
  /** A closed, seeded PGlite folder that each test copies into its own DATA_DIR. */
  let seededFolder: string;
  let seededDump: Record<string, string[]>;
  let runId: string;
  let workDir: string;
  const openTargets: DatabaseHandle[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'stride-pglite-import-'));
    seededFolder = path.join(workDir, 'seeded-pglite');
    const seeded = await openPglite(seededFolder);
    try {
      ({ runId } = await bulkSeed(seeded.db, SEED));
      await addRowsOfEveryKind(seeded.db, runId);
      seededDump = await dumpTables(seeded);
    } finally {
      await seeded.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const target of openTargets) await target.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function createDataDir(name: string): Promise<string> {
    const dataDir = path.join(workDir, name);
    await cp(seededFolder, path.join(dataDir, 'pglite'), { recursive: true });
    return dataDir;
  }

  async function createTarget(): Promise<DatabaseHandle> {
    const target = await createTargetDatabase();
    openTargets.push(target);
    return target;
  }

  it('seeds every table of the schema, so the import below copies each of them', () => {
    expect(Object.keys(seededDump)).toEqual(APP_TABLES);
    for (const table of APP_TABLES) expect(seededDump[table]?.length, table).toBeGreaterThan(0);
    expect(seededDump.registrations).toHaveLength(SEED.registrations + 3);
  });

  it('copies every row unchanged into an empty PostgreSQL, keeps the folder as pglite-imported, and runs once', async () => {
    const dataDir = await createDataDir('fresh');
    const target = await createTarget();

    const result = await importPgliteFolderOnce(dataDir, target);

    expect(result).toEqual({
      kind: 'imported',
      tables: APP_TABLES.map((table) => ({ table, rows: seededDump[table]!.length })),
      keptAt: path.join(dataDir, 'pglite-imported'),
    });
    expect(await readdir(dataDir)).toEqual(['pglite-imported']);
    const targetDump = await dumpTables(target);
    for (const table of APP_TABLES) expect(targetDump[table], table).toEqual(seededDump[table]);

    // The stored counter of the busiest race is its rows, as it was in PGlite.
    const [busiest] = rowsOf<{ stored: number; rows: number }>(
      await target.db.execute(sql`select m.total_registration_count as "stored",
          (select count(*)::int from registrations r where r.marathon_id = m.id and r.status = 'registered') as "rows"
        from marathons m order by m.total_registration_count desc limit 1`),
    );
    expect(busiest!.stored).toBeGreaterThan(10);
    expect(busiest!.rows).toBe(busiest!.stored);

    expect(await importPgliteFolderOnce(dataDir, target)).toEqual({ kind: 'none' });
    expect(await readdir(dataDir)).toEqual(['pglite-imported']);
    expect(await dumpTables(target)).toEqual(targetDump);
  });

  it('serves the imported data: a seeded runner signs in to their entries, and the waitlist goes on after them', async () => {
    const target = await createTarget();
    await importPgliteFolderOnce(await createDataDir('served'), target);
    const testApp = await buildTestApp({ database: target });
    try {
      const { app } = testApp;
      const email = `runner1.${runId}@seed.example.org`;
      const runner = await signIn(app, { email, password: TEST_PASSWORD });
      const entries = await app.inject({
        url: `/api/registrations/by-email/${email}`,
        headers: bearerHeaders(runner.token),
      });
      expect(entries.statusCode, entries.body).toBe(200);
      const [expected] = rowsOf<{ rows: number }>(
        await target.db.execute(
          sql`select count(*)::int as "rows" from registrations where user_id = ${`seed-${runId}-1`}`,
        ),
      );
      expect(entries.json<unknown[]>()).toHaveLength(expected!.rows);
      expect(expected!.rows).toBeGreaterThan(0);

      // The copied runner in line holds turn 42: a newcomer must queue behind, not jump to a restarted turn 1.
      const newcomer = await signUp(app);
      const joined = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: bearerHeaders(newcomer.token),
        payload: {
          marathonId: WAITLIST_RACE_ID,
          firstName: 'New',
          lastName: 'Comer',
          contact: '+351 555 0102',
          waitlist: true,
        },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      // The list reads the place in line from the turns themselves.
      const listed = await app.inject({
        url: `/api/registrations/by-email/${newcomer.user.email}`,
        headers: bearerHeaders(newcomer.token),
      });
      expect(listed.json()).toMatchObject([{ status: 'waitlisted', bib: null, waitlistPosition: 2 }]);
    } finally {
      await testApp.close();
    }
  });

  it('after a crash between the commit and the rename, finds the same data in PostgreSQL and only renames', async () => {
    const dataDir = await createDataDir('crashed');
    const target = await createTarget();
    await importPgliteFolderOnce(dataDir, target);
    // The folder is back (as if never renamed), beside the earlier import's copy.
    await cp(seededFolder, path.join(dataDir, 'pglite'), { recursive: true });
    const before = await dumpTables(target);

    const result = await importPgliteFolderOnce(dataDir, target);

    expect(result).toMatchObject({ kind: 'imported', keptAt: path.join(dataDir, 'pglite-imported-2') });
    expect(await readdir(dataDir)).toEqual(['pglite-imported', 'pglite-imported-2']);
    expect(await dumpTables(target)).toEqual(before);
  });

  it('refuses a PostgreSQL holding other data, saying what to do, and leaves both as they were', async () => {
    const dataDir = await createDataDir('conflict');
    const target = await createTarget();
    await target.db.execute(
      sql`insert into users (id, name, email) values ('other-1', 'Other Runner', 'other@example.org')`,
    );
    const before = await dumpTables(target);

    const attempt = importPgliteFolderOnce(dataDir, target);

    await expect(attempt).rejects.toThrow(/Both .*pglite .* hold data/);
    await expect(attempt).rejects.toThrow(/move .*pglite out of/);
    await expect(attempt).rejects.toThrow(/empty the PostgreSQL database/);
    expect(await readdir(dataDir)).toEqual(['pglite']);
    expect(await dumpTables(target)).toEqual(before);
  });

  it('finds nothing to do without a pglite folder', async () => {
    const dataDir = path.join(workDir, 'new-install');
    const target = await createTarget();
    expect(await importPgliteFolderOnce(dataDir, target)).toEqual({ kind: 'none' });
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('copyPgliteIntoPostgres', () => {
  const open: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const database of open) await database.close();
  });

  async function createPair(): Promise<{ source: DatabaseHandle; target: DatabaseHandle }> {
    const source = await openPglite(undefined);
    open.push(source);
    const target = await createTargetDatabase();
    open.push(target);
    return { source, target };
  }

  /** A table a later migration might add: an identity key and the column types JSON could bend. */
  const probeTable = sql`create table import_probe (
    id bigint generated always as identity primary key,
    amount numeric(40, 20), big bigint, ratio double precision, data bytea, doc jsonb, day date, tags text[],
    flag boolean, at timestamptz, local_at timestamp, span interval, note text,
    doubled bigint generated always as (big * 2) stored)`;

  it('copies a table added later, every type exactly, and its identity goes on after the copied keys', async () => {
    const { source, target } = await createPair();
    await source.db.execute(probeTable);
    await target.db.execute(probeTable);
    await source.db.execute(sql`insert into import_probe (amount, big, ratio, data, doc, day, tags, flag, at,
        local_at, span, note)
      values
        (12345678901234567890.12345678901234567890, 9007199254740993, 0.1, '\\x00ff10'::bytea,
          '{"a": [1, 2.50, null], "b": {"c": "zoë"}, "d": 1e400}'::jsonb, '0044-03-15', array['a', 'b,c', '"q"', null],
          true, ${AWKWARD_INSTANT}, '1999-12-31 23:59:59.999999', '1 year 2 mons 3 days 04:05:06.789', ${AWKWARD_TEXT}),
        (-0.00000000000000000001, -4611686018427387904, 'NaN', '', '[]'::jsonb, 'infinity', '{}', false,
          '-infinity', 'infinity', '-1 days', ''),
        (null, null, '-Infinity', null, 'null'::jsonb, null, null, null, null, null, null, null)`);

    const tables = await copyPgliteIntoPostgres(source, target);

    expect(tables.find((table) => table.table === 'import_probe')).toEqual({
      table: 'import_probe',
      rows: 3,
    });
    expect((await dumpTables(target)).import_probe).toEqual((await dumpTables(source)).import_probe);
    const [added] = rowsOf<{ id: string }>(
      await target.db.execute(
        sql`insert into import_probe (note) values ('after') returning id::text as "id"`,
      ),
    );
    expect(added!.id).toBe('4');
  });

  it('refuses schemas that differ, naming the table, and writes nothing', async () => {
    const { source, target } = await createPair();
    await source.db.execute(probeTable);
    await source.db.execute(sql`insert into users (id, name, email) values ('u1', 'U', 'u1@example.org')`);

    await expect(copyPgliteIntoPostgres(source, target)).rejects.toThrow(
      /schemas differ.*Only in PGlite: table import_probe\(/,
    );
    expect(await countRows(target, 'users')).toBe(0);
  });

  it('rolls everything back when a table does not arrive whole, naming it and both counts', async () => {
    const { source, target } = await createPair();
    await source.db.execute(sql`insert into users (id, name, email)
      values ('u1', 'U1', 'u1@example.org'), ('u2', 'U2', 'u2@example.org')`);
    await source.db.execute(sql`insert into verifications (id, identifier, value, expires_at)
      values ('v1', 'i', 'v', now()), ('v2', 'i', 'v', now())`);
    // A trigger that fires even for the import's replica role and drops one verification.
    await target.db.execute(
      sql.raw(`
      create function drop_v2() returns trigger language plpgsql as $$
      begin if new.id = 'v2' then return null; end if; return new; end $$;
      create trigger drop_v2 before insert on verifications for each row execute function drop_v2();
      alter table verifications enable always trigger drop_v2;`),
    );

    await expect(copyPgliteIntoPostgres(source, target)).rejects.toThrow(
      'row counts differ: verifications: 2 in PGlite, 1 in PostgreSQL',
    );
    expect(await countRows(target, 'users')).toBe(0);
    expect(await countRows(target, 'verifications')).toBe(0);
  });
});
