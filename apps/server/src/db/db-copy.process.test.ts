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
import { createSeededDataDir } from '../testing/every-table-rows.js';
import { killServerProcesses, startServerProcess } from '../testing/server-process.js';
import { TEST_PASSWORD } from '../testing/test-app.js';
import { type TestDatabase, createPostgresTestDatabase } from '../testing/test-database.js';
import { rowsOf } from './client.js';
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

/** A new database without a table in it, dropped after the tests. */
async function createEmptyDatabase(serverUrl: string): Promise<TestDatabase> {
  const target = await createPostgresTestDatabase(serverUrl, { migrationsFolder: false });
  targets.push(target);
  return target;
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
      expect(copied.tables).toEqual(
        Object.entries(seeded.tables).map(([table, { rows }]) => ({ table, rows })),
      );
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
