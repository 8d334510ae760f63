import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type DatabaseFingerprint,
  fingerprintDatabase,
  fingerprintDataDir,
} from '../testing/database-fingerprint.js';
import { addRowsOfEveryKind, createSeededDataDir } from '../testing/every-table-rows.js';
import { killServerProcesses, startServerProcess } from '../testing/server-process.js';
import { TEST_PASSWORD } from '../testing/test-app.js';
import {
  type TestDatabase,
  createOwnedDatabase,
  createPostgresTestDatabase,
} from '../testing/test-database.js';
import { backupDataDir } from './backup.js';
import { openBackupFile } from './backup-file.js';
import { bulkSeed } from '../cli/bulk-seed.js';
import { type DatabaseHandle, openPostgres, rowsOf } from '../db/client.js';
import { type CopyNames, countPublicTables, copyDatabase, loadIntoEmptyPostgres } from './database-copy.js';
import { copyDataDirToPostgres } from './db-copy.js';

const SEED = { marathons: 1_000, registrations: 10_000, users: 500, password: TEST_PASSWORD };
const TIMEOUT_MS = 90_000;

/** The test run's PostgreSQL 17, and the PostgreSQL at TEST_DATABASE_URL (15 in CI) when there is one. */
const SERVERS: [string, () => string][] = [
  ['the embedded PostgreSQL', () => inject('embeddedPostgresUrl')],
  ...(process.env.TEST_DATABASE_URL
    ? [['TEST_DATABASE_URL', () => process.env.TEST_DATABASE_URL!] as [string, () => string]]
    : []),
];

let workDir: string;
let dataDir: string;
let seeded: DatabaseFingerprint;
const targets: TestDatabase[] = [];
const ownedDatabases: { drop: () => Promise<void> }[] = [];

const countsOf = (fingerprint: DatabaseFingerprint) =>
  Object.entries(fingerprint.tables).map(([table, { rows }]) => ({ table, rows }));

/** A new database without a table in it, dropped after the tests. */
async function createEmptyDatabase(serverUrl: string): Promise<TestDatabase> {
  const target = await createPostgresTestDatabase(serverUrl, { migrationsFolder: false });
  targets.push(target);
  return target;
}

/** A new login role that is no superuser, and an empty database it owns; both dropped after the tests. */
async function createOwnedEmptyDatabase(serverUrl: string) {
  const owned = await createOwnedDatabase(serverUrl);
  ownedDatabases.push(owned);
  return owned;
}

/** Runs `work` on the database at `url`, connected as the URL's role, without migrating it. */
async function withDatabase<T>(url: string, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openPostgres(url, { poolSize: 2, migrationsFolder: false });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Whether the connected role is a superuser, and every trigger of its own in schema public, `O` when enabled. */
async function findRoleAndTriggers(database: DatabaseHandle) {
  const [role] = rowsOf<{ isSuperuser: boolean }>(
    await database.db.execute(
      sql`select rolsuper as "isSuperuser" from pg_roles where rolname = current_user`,
    ),
  );
  const triggers = rowsOf<{ trigger: string; enabled: string }>(
    await database.db.execute(sql`select c.relname || '.' || t.tgname as "trigger", t.tgenabled as "enabled"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by 1`),
  );
  return { ...role!, triggers };
}

async function findRelations(target: TestDatabase): Promise<string[]> {
  const result = await target.db.execute(sql`select n.nspname || '.' || c.relname as "name"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') order by 1`);
  return rowsOf<{ name: string }>(result).map(({ name }) => name);
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'stride-db-copy-'));
  dataDir = path.join(workDir, 'data');
  seeded = await createSeededDataDir(dataDir, SEED, 'a-db-copy-test-secret-0123456789-abcdefgh');
}, 2 * TIMEOUT_MS);

afterEach(killServerProcesses);
afterAll(async () => {
  for (const target of targets) await target.close();
  for (const owned of ownedDatabases) await owned.drop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('copyDataDirToPostgres', { timeout: TIMEOUT_MS }, () => {
  it.each(SERVERS)(
    'copies every row, the sequences and the migrations into an empty database on %s',
    async (_server, serverUrl) => {
      const target = await createEmptyDatabase(serverUrl());

      const copied = await copyDataDirToPostgres(dataDir, target.url);

      expect(copied).toMatchObject({ isServerRunning: false, tables: expect.any(Array) });
      expect(copied.level).toBe(copied.latest);
      expect(copied.tables).toEqual(countsOf(seeded));
      expect(await fingerprintDatabase(target)).toEqual(seeded);
    },
  );

  it('copies from a server running on DATA_DIR, which goes on running', async () => {
    // No mail worker: it would send the pending mail, changing rows while they are compared.
    const server = await startServerProcess({ DATA_DIR: dataDir, MAIL_WORKER: 'false' });
    await server.waitUntilHealthy();
    const target = await createEmptyDatabase(inject('embeddedPostgresUrl'));

    const copied = await copyDataDirToPostgres(dataDir, target.url);

    expect(copied.isServerRunning).toBe(true);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await fingerprintDatabase(target)).toEqual(await fingerprintDataDir(dataDir));
  });

  it('refuses a database that holds any table, naming it, and changes nothing there', async () => {
    const target = await createEmptyDatabase(inject('embeddedPostgresUrl'));
    await target.db.execute(sql`create schema accounting`);
    await target.db.execute(sql`create table accounting.invoices (id int primary key)`);
    const before = await findRelations(target);

    await expect(copyDataDirToPostgres(dataDir, target.url)).rejects.toThrow(
      'Cannot copy the embedded database: the target database is not empty (it holds accounting.invoices), ' +
        'and only an empty database is written to.',
    );
    expect(await findRelations(target)).toEqual(before);
    expect(before).toEqual(['accounting.invoices', 'accounting.invoices_pkey']);
  });
});

/**
 * A managed PostgreSQL's role is no superuser, which may not set session_replication_role: the copy turns off the
 * tables' own triggers as their owner (the migrations created them as that role) and loads the tables after
 * those they refer to, foreign keys checked.
 */
describe('copying as a role that is no superuser', { timeout: TIMEOUT_MS }, () => {
  it.each(SERVERS)(
    'copies every row into an empty database the role owns on %s, and turns its triggers on again',
    async (_server, serverUrl) => {
      const owned = await createOwnedEmptyDatabase(serverUrl());

      const copied = await copyDataDirToPostgres(dataDir, owned.url);

      expect(copied.level).toBe(copied.latest);
      expect(copied.tables).toEqual(countsOf(seeded));
      await withDatabase(owned.url, async (target) => {
        const { isSuperuser, triggers } = await findRoleAndTriggers(target);
        expect(isSuperuser).toBe(false);
        expect(triggers.length).toBeGreaterThan(0);
        expect(triggers.filter(({ enabled }) => enabled !== 'O')).toEqual([]);
        expect(await fingerprintDatabase(target)).toEqual(seeded);
      });
    },
  );

  it('loads a backup whose tables come before those they refer to, reading the file again as needed', async () => {
    const file = path.join(workDir, 'for-an-owned-database.ndjson.gz');
    await backupDataDir(dataDir, file);
    const { header, content } = await openBackupFile(file);
    // The header lists the tables by name: accounts before users, which its rows refer to.
    const order = header.tables.map(({ name }) => name);
    expect(order.indexOf('accounts')).toBeLessThan(order.indexOf('users'));
    const owned = await createOwnedEmptyDatabase(inject('embeddedPostgresUrl'));
    const names: CopyNames = {
      action: 'restore the backup',
      source: 'the backup',
      target: 'the new database',
    };

    await loadIntoEmptyPostgres(owned.url, { content, migrations: header.migrations }, names);

    await withDatabase(owned.url, async (target) => {
      expect(await fingerprintDatabase(target)).toEqual(seeded);
    });
  });

  it('writes the values that triggers keep as they were stored', async () => {
    const serverUrl = inject('embeddedPostgresUrl');
    const source = await createPostgresTestDatabase(serverUrl);
    targets.push(source);
    const { runId } = await bulkSeed(source.db, {
      marathons: 3,
      registrations: 20,
      users: 10,
      password: TEST_PASSWORD,
    });
    await addRowsOfEveryKind(source.db, runId);
    // Not what the registrations' trigger would write: the copy must not run it.
    await source.db.execute(sql`update registration_search set search_text = 'kept as stored'`);
    const owned = await createOwnedEmptyDatabase(serverUrl);
    const names: CopyNames = {
      action: 'import PGlite into PostgreSQL',
      source: 'PGlite',
      target: 'PostgreSQL',
    };

    const target = await openPostgres(owned.url, { poolSize: 2 });
    try {
      await copyDatabase(source, target, names);

      expect((await findRoleAndTriggers(target)).isSuperuser).toBe(false);
      const [searchTexts] = rowsOf<{ texts: string[] }>(
        await target.db.execute(
          sql`select array_agg(distinct search_text) as "texts" from registration_search`,
        ),
      );
      expect(searchTexts!.texts).toEqual(['kept as stored']);
      expect(await fingerprintDatabase(target)).toEqual(await fingerprintDatabase(source));
    } finally {
      await target.close();
    }
  });

  it('refuses, naming what the role needs, to write into tables it does not own, and writes nothing', async () => {
    const serverUrl = inject('embeddedPostgresUrl');
    const owned = await createOwnedEmptyDatabase(serverUrl);
    const asSuperuser = new URL(serverUrl);
    asSuperuser.pathname = `/${owned.role}`;
    // The schema migrated by the superuser: the role may write its tables, not alter them.
    const schemaOwner = await openPostgres(asSuperuser.toString(), { poolSize: 2 });
    try {
      const role = sql.identifier(owned.role);
      await schemaOwner.db.execute(sql`grant usage on schema public to ${role}`);
      await schemaOwner.db.execute(sql`grant select, insert on all tables in schema public to ${role}`);
      await schemaOwner.db.execute(
        sql`grant usage, select, update on all sequences in schema public to ${role}`,
      );
    } finally {
      await schemaOwner.close();
    }
    const source = await createPostgresTestDatabase(serverUrl);
    targets.push(source);
    await source.db.execute(sql`insert into verifications (id, identifier, value, expires_at)
      values ('verification-1', 'reset-password:abc', 'value', now())`);
    const names: CopyNames = {
      action: 'import PGlite into PostgreSQL',
      source: 'PGlite',
      target: 'PostgreSQL',
    };

    await withDatabase(owned.url, async (target) => {
      await expect(copyDatabase(source, target, names)).rejects.toThrow(
        'Cannot import PGlite into PostgreSQL: writing into PostgreSQL needs a superuser role, or a role that ' +
          "owns its tables (the role Stride's migrations ran as there), to disable their triggers.",
      );
      expect((await countPublicTables(target.db)).filter(({ rows }) => rows > 0)).toEqual([]);
    });
  });
});
