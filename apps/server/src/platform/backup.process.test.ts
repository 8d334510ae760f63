import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseFingerprint, fingerprintDataDir } from '../testing/database-fingerprint.js';
import { APP_TABLES, createSeededDataDir } from '../testing/every-table-rows.js';
import { killServerProcesses, startServerProcess } from '../testing/server-process.js';
import { TEST_PASSWORD } from '../testing/test-app.js';
import { createPostgresTestDatabase, createTestDatabase } from '../testing/test-database.js';
import { type BackupSummary, backupDataDir, backupDatabase, restoreDataDir } from './backup.js';
import { readBackupHeader } from './backup-file.js';
import { type Database, MIGRATIONS_FOLDER, rowsOf } from '../db/client.js';
import { openPostgresAtMigrationLevel } from './migration-levels.js';
import { openDataDirDatabase } from './server-database.js';

const SEED = { marathons: 10_000, registrations: 100_000, users: 5_000, password: TEST_PASSWORD };
const AUTH_SECRET = 'a-backup-test-secret-0123456789-abcdefghij';
/** Starting clusters, seeding and restoring 100k registrations: allow for a busy machine. */
const TIMEOUT_MS = 120_000;

let workDir: string;
let seededDataDir: string;
let seeded: DatabaseFingerprint;
/** The seeded DATA_DIR's backup, taken with no server running. */
let backupFile: string;
let backup: BackupSummary;

const countsOf = (fingerprint: DatabaseFingerprint) =>
  Object.entries(fingerprint.tables).map(([table, { rows }]) => ({ table, rows }));
const newDataDir = (name: string) => path.join(workDir, name);
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'stride-backup-'));
  seededDataDir = newDataDir('seeded');
  seeded = await createSeededDataDir(seededDataDir, SEED, AUTH_SECRET);

  backupFile = path.join(workDir, 'stride.ndjson.gz');
  const started = performance.now();
  backup = await backupDataDir(seededDataDir, backupFile);
  console.log(
    `backup of ${SEED.marathons} races / ${SEED.registrations} registrations: ${seconds(started)} s, ${backup.bytes} bytes`,
  );
}, 3 * TIMEOUT_MS);

afterEach(killServerProcesses);
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('backupDataDir and restoreDataDir', { timeout: TIMEOUT_MS }, () => {
  it('back up every table as counted, into a file for its owner only, leaving no temporary file', async () => {
    expect(backup).toEqual({
      tables: countsOf(seeded),
      bytes: (await stat(backupFile)).size,
      isServerRunning: false,
    });
    expect(backup.tables.map(({ table }) => table)).toEqual(APP_TABLES);
    for (const { table, rows } of backup.tables) expect(rows, table).toBeGreaterThan(0);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(await readdir(workDir)).toEqual(['seeded', 'stride.ndjson.gz']);
    expect(await readBackupHeader(backupFile)).toMatchObject({
      format: 'stride-backup',
      version: 1,
      postgresVersion: expect.stringMatching(/^17\./),
      authSecret: AUTH_SECRET,
    });
  });

  it('restore into a new DATA_DIR every row of every table, the sequences, the migrations and auth-secret', async () => {
    const dataDir = newDataDir('restored');
    const started = performance.now();

    const restored = await restoreDataDir(backupFile, dataDir);

    console.log(
      `restore of ${SEED.marathons} races / ${SEED.registrations} registrations: ${seconds(started)} s`,
    );
    expect(restored).toEqual({
      tables: countsOf(seeded),
      level: seeded.migrations.length,
      latest: seeded.migrations.length,
      hasAuthSecret: true,
    });
    expect(await readdir(dataDir)).toEqual(['auth-secret', 'postgres']); // the lock released
    expect(await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(`${AUTH_SECRET}\n`);
    expect((await stat(path.join(dataDir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    expect(await fingerprintDataDir(dataDir)).toEqual(seeded);
  });

  it('back up a running server’s database through its socket, as of one moment, leaving the server be', async () => {
    // No mail worker: it would send the pending mail into DATA_DIR/outbox.
    const server = await startServerProcess({ DATA_DIR: seededDataDir, MAIL_WORKER: 'false' });
    await server.waitUntilHealthy();
    // Through the server's socket too: a writer that holds `accounts`, and a connection that watches the backup.
    const writer = await openDataDirDatabase(seededDataDir);
    const watcher = await openDataDirDatabase(seededDataDir);
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    try {
      let hasLocked!: () => void;
      const locked = new Promise<void>((resolve) => (hasLocked = resolve));
      const writing = writer.db.transaction(async (tx) => {
        await tx.execute(sql`lock table accounts in access exclusive mode`);
        await tx.execute(
          sql`insert into users (id, name, email) values ('late-1', 'Late', 'late@example.org')`,
        );
        await tx.execute(sql`insert into accounts (id, account_id, provider_id, user_id)
          values ('late-account-1', 'late-1', 'credential', 'late-1')`);
        hasLocked();
        await committing;
      });
      await locked;

      const [running] = await Promise.all([
        backupDataDir(seededDataDir, path.join(workDir, 'running.ndjson.gz')),
        (async () => {
          // The backup has begun (it counts the tables after taking its snapshot) and waits for `accounts`.
          await waitUntilBackupWaitsForLock(watcher.db);
          commit();
          await writing;
        })(),
      ]);

      // Neither the user nor the account committed meanwhile is in it, though both tables were read after.
      expect(running).toMatchObject({ tables: countsOf(seeded), isServerRunning: true });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await readFile(path.join(seededDataDir, 'server.lock'), 'utf8')).split('\n')[0]).toBe(
        String(server.pid),
      );
      const [users] = rowsOf<{ rows: number }>(
        await watcher.db.execute(sql`select count(*)::int as "rows" from users`),
      );
      expect(users!.rows).toBe(seeded.tables.users!.rows + 1);
    } finally {
      commit();
      await writer.close();
      await watcher.close();
      await server.stop();
    }
  });

  it('refuse a DATA_DIR that holds anything, leaving it as it was', async () => {
    const strayFile = newDataDir('stray');
    await mkdir(strayFile);
    await writeFile(path.join(strayFile, 'notes.txt'), 'mine');

    await expect(restoreDataDir(backupFile, seededDataDir)).rejects.toThrow(
      `Cannot restore into DATA_DIR ${seededDataDir}: it is not empty (auth-secret, postgres).`,
    );
    await expect(restoreDataDir(backupFile, strayFile)).rejects.toThrow(/it is not empty \(notes\.txt\)/);
    expect(await readdir(seededDataDir)).toEqual(['auth-secret', 'postgres']);
    expect(await readdir(strayFile)).toEqual(['notes.txt']);
  });

  /** The backup with its text edited, gzip'd again. */
  const rewritten = (file: Buffer, edit: (text: string) => string) =>
    gzipSync(edit(gunzipSync(file).toString()));
  const damages: [string, (file: Buffer) => Buffer, RegExp][] = [
    [
      'cut short',
      (file) => file.subarray(0, file.length / 2),
      /is damaged or cut short \(unexpected end of file\)/,
    ],
    [
      'without its last line',
      (file) => rewritten(file, (text) => text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1)),
      /is cut short: it ends before its last line/,
    ],
    [
      'with a changed row',
      (file) => rewritten(file, (text) => text.replace('"Seed Marathon 1"', '"Seed Marathon X"')),
      /is damaged: its content does not match its checksum/,
    ],
    ['that is no backup', () => gzipSync('{"hello":"world"}\n'), /is not a Stride backup/],
  ];
  it.each(damages)('refuse a file %s, creating nothing', async (_damage, damage, message) => {
    const damaged = path.join(workDir, 'damaged.ndjson.gz');
    await writeFile(damaged, damage(await readFile(backupFile)));
    const dataDir = newDataDir('from-damaged');

    await expect(restoreDataDir(damaged, dataDir)).rejects.toThrow(message);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuse a backup made by a newer Stride, whose migrations this one does not know', async () => {
    const source = await createTestDatabase();
    const file = path.join(workDir, 'newer.ndjson.gz');
    const dataDir = newDataDir('from-newer');
    try {
      await source.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
        values ('a-later-migration', 4102444800000)`);
      await backupDatabase(source, file, AUTH_SECRET);
    } finally {
      await source.close();
    }

    await expect(restoreDataDir(file, dataDir)).rejects.toThrow(
      'Cannot restore the backup: the backup has 1 migration(s) this Stride does not know ' +
        '(written 2100-01-01T00:00:00.000Z): it comes from a newer Stride.',
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuse a sound file late, leaving a new DATA_DIR absent and an empty one empty', async () => {
    // Its checksum holds, but its schema is none this Stride makes: refused once the new cluster is migrated.
    const source = await createTestDatabase();
    const file = path.join(workDir, 'other-schema.ndjson.gz');
    try {
      await source.db.execute(sql`create table stray_notes (note text)`);
      await backupDatabase(source, file, AUTH_SECRET);
    } finally {
      await source.close();
    }
    const newDir = newDataDir('late-new');
    const emptyDir = newDataDir('late-empty');
    await mkdir(emptyDir);

    await expect(restoreDataDir(file, newDir)).rejects.toThrow(/their schemas differ after migrating/);
    await expect(restoreDataDir(file, emptyDir)).rejects.toThrow(/their schemas differ after migrating/);
    expect(existsSync(newDir)).toBe(false);
    expect(await readdir(emptyDir)).toEqual([]);
  });

  it('upgrade a backup of an older Stride with the migrations that came later', async () => {
    const { entries } = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    // Before the race search's dictionary, which its migration fills from the races already there.
    const level = entries.findIndex(({ tag }) => tag === '0007_marathon_search_terms');
    const empty = await createPostgresTestDatabase(inject('embeddedPostgresUrl'), {
      migrationsFolder: false,
    });
    const file = path.join(workDir, 'older.ndjson.gz');
    try {
      const older = await openPostgresAtMigrationLevel(empty.url, level);
      try {
        await older.db.execute(
          sql`insert into users (id, name, email) values ('u1', 'Ana', 'ana@example.org')`,
        );
        await older.db
          .execute(sql`insert into marathons (title, start_reg_date, end_reg_date, start_date, location,
            time_zone, distance, description, image, creator_id)
          values ('Porto Night Run', now(), now() + interval '1 day', now() + interval '9 days', 'Porto',
            'Europe/Lisbon', '10k', 'Along the river.', '/images/marathons/poster-1.svg', 'u1')`);
        await backupDatabase(older, file, null);
      } finally {
        await older.close();
      }
    } finally {
      await empty.close();
    }
    const dataDir = newDataDir('from-older');

    const restored = await restoreDataDir(file, dataDir);

    expect(restored).toMatchObject({ level, latest: entries.length, hasAuthSecret: false });
    expect(await readdir(dataDir)).toEqual(['postgres']);
    const upgraded = await fingerprintDataDir(dataDir);
    expect(upgraded.migrations).toHaveLength(entries.length);
    expect(upgraded.tables).toMatchObject({ users: { rows: 1 }, marathons: { rows: 1 } });
    expect(upgraded.tables.marathon_search_terms!.rows).toBe(6); // porto, night, run, along, the, river
  });
});

/** Until a connection (the backup's) waits for the lock on `accounts`: polled, as nothing else tells. */
async function waitUntilBackupWaitsForLock(db: Database): Promise<void> {
  for (;;) {
    const [waiting] = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as "count" from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%count(*)%accounts%'`),
    );
    if (waiting!.count > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
