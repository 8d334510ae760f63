import { existsSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, openPostgres } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { findRunningClusterConnectionString, startEmbeddedPostgres } from './embedded-postgres.js';
import { importPgliteFolderOnce } from './pglite-import.js';

export type ServerDatabaseOptions = {
  /** A PostgreSQL of one's own; without it, the cluster in `dataDir/postgres` that this process runs. */
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** Connections other processes will open to the embedded cluster (the workers of `npm run start:cluster`). */
  otherConnections?: number;
  /** The embedded cluster's shared_buffers. */
  sharedBuffersMb?: number;
  log?: (message: string) => void;
};

/** The database a server (or `npm run seed`, or the bench) works on; closing it also stops the embedded cluster. */
export type ServerDatabase = DatabaseHandle & {
  embedded: boolean;
  /** Where other processes on this machine reach the embedded cluster (its Unix socket). */
  embeddedUrl?: string;
};

export type DataDirCluster = { connectionString: string; stop: () => Promise<void> };

/** The embedded database of a DATA_DIR as a tool reads it; `isServerRunning` when a server runs it meanwhile. */
export type DataDirDatabase = DatabaseHandle & { isServerRunning: boolean };

type DataDirClusterOptions = Pick<ServerDatabaseOptions, 'sharedBuffersMb' | 'log'> & {
  maxConnections?: number;
};

/** Locks DATA_DIR and starts its PostgreSQL (creating the cluster on first use); `stop` stops it and unlocks. */
export async function startDataDirCluster(
  dataDir: string,
  options: DataDirClusterOptions = {},
): Promise<DataDirCluster> {
  const releaseLock = lockDataDir(dataDir);
  try {
    const cluster = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), ...options });
    return {
      connectionString: cluster.connectionString,
      stop: async () => {
        try {
          await cluster.stop();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * DATABASE_URL when set. Otherwise: lock DATA_DIR (one server per folder), start its PostgreSQL, migrate, and
 * import a PGlite folder left by an older Stride once.
 */
export async function openServerDatabase(options: ServerDatabaseOptions): Promise<ServerDatabase> {
  const { databaseUrl, dataDir, poolSize } = options;
  if (databaseUrl) return { ...(await openPostgres(databaseUrl, { poolSize })), embedded: false };

  const log = options.log ?? (() => {});
  const cluster = await startDataDirCluster(dataDir, {
    sharedBuffersMb: options.sharedBuffersMb,
    // The pool, plus room for `npm run seed`, psql, a backup and the migration lock.
    maxConnections: (poolSize ?? 10) + (options.otherConnections ?? 0) + 10,
    log,
  });
  const stack: (() => Promise<void> | void)[] = [cluster.stop];
  const unwind = async () => {
    while (stack.length > 0) await stack.pop()!();
  };
  try {
    const database = await openPostgres(cluster.connectionString, { poolSize });
    stack.push(database.close);
    const imported = await importPgliteFolderOnce(dataDir, database);
    if (imported.kind === 'imported') {
      const rows = imported.tables.reduce((sum, { rows }) => sum + rows, 0);
      log(`copied the PGlite database of an earlier Stride into PostgreSQL (${rows} rows, counts checked)`);
    }
    return { ...database, embedded: true, embeddedUrl: cluster.connectionString, close: unwind };
  } catch (error) {
    await unwind();
    throw error;
  }
}

/**
 * The embedded database of DATA_DIR for a tool that reads it (backup, db:copy), whether a server runs it or not:
 * through that server's socket, or on the cluster started here, holding the DATA_DIR lock meanwhile. It is
 * never migrated: what is read is what the folder holds.
 */
export async function openDataDirDatabase(
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<DataDirDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in DATA_DIR ${dataDir} (no PostgreSQL cluster in ${clusterDir}).`,
    );
  }
  let cluster: DataDirCluster;
  try {
    cluster = await startDataDirCluster(dataDir, { log });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const connectionString = findRunningClusterConnectionString(clusterDir);
    if (!connectionString) {
      throw new Error(
        `A Stride server holds DATA_DIR ${dataDir}, but its PostgreSQL is not running (starting or stopping?). Try again in a moment.`,
        { cause: error },
      );
    }
    return {
      ...(await openPostgres(connectionString, { poolSize: 1, migrationsFolder: false })),
      isServerRunning: true,
    };
  }
  try {
    const database = await openPostgres(cluster.connectionString, { poolSize: 1, migrationsFolder: false });
    return {
      ...database,
      isServerRunning: false,
      close: async () => {
        try {
          await database.close();
        } finally {
          await cluster.stop();
        }
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** Runs `work` on DATA_DIR's embedded database ({@link openDataDirDatabase}), closing it afterwards. */
export async function withDataDirDatabase<T>(
  dataDir: string,
  work: (database: DataDirDatabase) => Promise<T>,
  log?: (message: string) => void,
): Promise<T> {
  const database = await openDataDirDatabase(dataDir, log);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
