import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openPostgres, rowsOf } from '../db/client.js';
import type { Executor } from '../db/transaction.js';

/**
 * A migration as drizzle records it in drizzle.__drizzle_migrations: the sha256 of its SQL, and `createdAt`, the
 * journal entry's `when` (milliseconds, as text: a bigint), by which drizzle tells which migrations a database has.
 */
export type AppliedMigration = { hash: string; createdAt: string };

/** How far a database's migrations go: the first `level` of this Stride's `latest`. */
export type MigrationLevel = { level: number; latest: number };

type Journal = { entries: { tag: string; when: number }[] };

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The migrations drizzle applied to this database, oldest first; none when it never migrated. */
export async function findAppliedMigrations(db: Executor): Promise<AppliedMigration[]> {
  const [table] = rowsOf<{ exists: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`),
  );
  if (!table?.exists) return [];
  return rowsOf<AppliedMigration>(
    await db.execute(sql`select hash, created_at::text as "createdAt"
      from drizzle.__drizzle_migrations order by created_at`),
  );
}

/**
 * How many of this Stride's migrations `applied` holds; they must be its first ones, in order. Drizzle tells
 * migrations apart by `createdAt` alone, and so does this. Any other migration was written by a newer Stride
 * (or another branch), whose schema this code cannot rebuild: the copy (`action`, from `source`) is refused.
 */
export async function findMigrationLevel(
  applied: AppliedMigration[],
  copy: { action: string; source: string },
): Promise<MigrationLevel> {
  const { entries } = await readJournal();
  const unknown = applied.filter((migration, index) => String(entries[index]?.when) !== migration.createdAt);
  if (unknown.length > 0) {
    const dates = unknown.map(({ createdAt }) => new Date(Number(createdAt)).toISOString()).join(', ');
    throw new Error(
      `Cannot ${copy.action}: ${copy.source} has ${unknown.length} migration(s) this Stride does not know (written ${dates}): ` +
        'it comes from a newer Stride. Use that version of Stride, or a later one.',
    );
  }
  return { level: applied.length, latest: entries.length };
}

/**
 * Opens the database at `url` migrated to this Stride's first `level` migrations, no further. Drizzle applies a
 * folder's whole journal, so a temporary folder holds the journal's first entries and their SQL.
 */
export async function openPostgresAtMigrationLevel(url: string, level: number): Promise<DatabaseHandle> {
  const journal = await readJournal();
  if (level === journal.entries.length) return openPostgres(url, { poolSize: 2 });
  const folder = await mkdtemp(path.join(tmpdir(), 'stride-migrations-'));
  try {
    const entries = journal.entries.slice(0, level);
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) {
      await copyFile(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    return await openPostgres(url, { poolSize: 2, migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
