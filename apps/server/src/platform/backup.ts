import { readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { AUTH_SECRET_FILE } from '../config.js';
import { type DatabaseHandle, rowsOf } from '../db/client.js';
import { type BackupHeader, openBackupFile, writeBackupFile } from './backup-file.js';
import {
  type CopyNames,
  type LoadedContent,
  type TableCount,
  loadIntoEmptyPostgres,
  readDatabaseContent,
  readInSnapshot,
} from './database-copy.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { isoInstant } from '../db/json-text.js';
import { findAppliedMigrations, findMigrationLevel } from './migration-levels.js';
import { startDataDirCluster, withDataDirDatabase } from './server-database.js';

export type BackupSummary = {
  tables: TableCount[];
  bytes: number;
  /** The backup was read from a running server's PostgreSQL (a snapshot of one moment), not one started for it. */
  isServerRunning: boolean;
};

/** What the restore loaded, at what level of migrations (`latest` now, `level` before the later ones ran). */
export type RestoreSummary = LoadedContent & { hasAuthSecret: boolean };

const RESTORE: CopyNames = { action: 'restore the backup', source: 'the backup', target: 'the new database' };

async function readAuthSecret(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(path.join(dataDir, AUTH_SECRET_FILE), 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Writes a backup of `database` to `file`: every table as of one snapshot, the sequences, the migrations that
 * made the schema, and `authSecret` (which signs its sessions).
 */
export async function backupDatabase(
  database: DatabaseHandle,
  file: string,
  authSecret: string | null,
): Promise<Omit<BackupSummary, 'isServerRunning'>> {
  const { header, bytes } = await readInSnapshot(database, async (reader) => {
    const [about] = rowsOf<{ createdAt: string; postgresVersion: string }>(
      await reader.execute(sql`select ${isoInstant(sql`now()`)} as "createdAt",
        current_setting('server_version') as "postgresVersion"`),
    );
    const details = { ...about!, migrations: await findAppliedMigrations(reader), authSecret };
    return writeBackupFile(file, details, await readDatabaseContent(reader));
  });
  return { tables: header.tables.map(({ name, rows }) => ({ table: name, rows })), bytes };
}

/** A backup of DATA_DIR's embedded database and auth-secret, whether a server runs on DATA_DIR or not. */
export async function backupDataDir(
  dataDir: string,
  file: string,
  log: (message: string) => void = () => {},
): Promise<BackupSummary> {
  return withDataDirDatabase(
    dataDir,
    async (database) => ({
      ...(await backupDatabase(database, file, await readAuthSecret(dataDir))),
      isServerRunning: database.isServerRunning,
    }),
    log,
  );
}

/**
 * Restoring writes a new cluster: into nothing else, so nothing is lost and a failed restore leaves no trace.
 * True when DATA_DIR does not exist yet: the restore makes it, and a failed one takes it back.
 */
async function requireEmptyDataDir(dataDir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  if (entries.length > 0) {
    throw new Error(
      `Cannot restore into DATA_DIR ${dataDir}: it is not empty (${entries.sort().join(', ')}). ` +
        'Restore into a new or empty folder (set DATA_DIR), then start Stride on it.',
    );
  }
  return false;
}

/** What a failed restore wrote into DATA_DIR, and DATA_DIR itself when the restore made it. */
async function removeRestored(dataDir: string, isDataDirNew: boolean): Promise<void> {
  for (const made of ['postgres', 'postgres.initdb', AUTH_SECRET_FILE]) {
    await rm(path.join(dataDir, made), { recursive: true, force: true });
  }
  // rmdir leaves a folder that something else has written into meanwhile; the restore's error is the one to tell.
  if (isDataDirNew) await rmdir(dataDir).catch(() => {});
}

async function writeAuthSecret(dataDir: string, header: BackupHeader): Promise<void> {
  if (header.authSecret === null) return;
  await writeFile(path.join(dataDir, AUTH_SECRET_FILE), `${header.authSecret}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
}

/**
 * Restores a backup into an empty DATA_DIR: checks the whole file first, creates the cluster, rebuilds the
 * schema with the migrations the backup was made at, loads every row in one transaction (counts checked), then
 * upgrades it with this Stride's later migrations, and writes auth-secret back. A failure removes what it made.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<RestoreSummary> {
  const isDataDirNew = await requireEmptyDataDir(dataDir);
  const { header, content } = await openBackupFile(file);
  await findMigrationLevel(header.migrations, RESTORE); // refuses a newer Stride's backup before any initdb

  const cluster = await startDataDirCluster(dataDir, { log }).catch(async (error: unknown) => {
    // Locked: DATA_DIR and what is in it belong to the process that holds the lock.
    if (!(error instanceof DataDirLockedError)) await removeRestored(dataDir, isDataDirNew);
    throw error;
  });
  let loaded;
  try {
    loaded = await loadIntoEmptyPostgres(
      cluster.connectionString,
      { content, migrations: header.migrations },
      RESTORE,
    );
    await writeAuthSecret(dataDir, header);
  } catch (error) {
    await cluster.stop();
    await removeRestored(dataDir, isDataDirNew);
    throw error;
  }
  await cluster.stop();
  return { ...loaded, hasAuthSecret: header.authSecret !== null };
}
