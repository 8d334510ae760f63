import path from 'node:path';
import { type DatabaseHandle, openPostgres } from './client.js';
import { lockDataDir } from './data-dir-lock.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { importPgliteFolderOnce } from './pglite-import.js';

export type ServerDatabaseOptions = {
  /** A PostgreSQL of one's own; without it, the cluster in `dataDir/postgres` that this process runs. */
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** The embedded cluster's shared_buffers. */
  sharedBuffersMb?: number;
  log?: (message: string) => void;
};

/** The database a server (or `npm run seed`, or the bench) works on; closing it also stops the embedded cluster. */
export type ServerDatabase = DatabaseHandle & { embedded: boolean };

/**
 * DATABASE_URL when set. Otherwise: lock DATA_DIR (one server per folder), start its PostgreSQL, migrate, and
 * import a PGlite folder left by an older Stride once.
 */
export async function openServerDatabase(options: ServerDatabaseOptions): Promise<ServerDatabase> {
  const { databaseUrl, dataDir, poolSize } = options;
  if (databaseUrl) return { ...(await openPostgres(databaseUrl, { poolSize })), embedded: false };

  const log = options.log ?? (() => {});
  const releaseLock = lockDataDir(dataDir);
  const stack: (() => Promise<void> | void)[] = [releaseLock];
  const unwind = async () => {
    while (stack.length > 0) await stack.pop()!();
  };
  try {
    const cluster = await startEmbeddedPostgres({
      clusterDir: path.join(dataDir, 'postgres'),
      sharedBuffersMb: options.sharedBuffersMb,
      // The pool, plus room for `npm run seed`, psql and the migration lock.
      maxConnections: (poolSize ?? 10) + 10,
      log,
    });
    stack.push(cluster.stop);
    const database = await openPostgres(cluster.connectionString, { poolSize });
    stack.push(database.close);
    const imported = await importPgliteFolderOnce(dataDir, database);
    if (imported.kind === 'imported') {
      const rows = imported.tables.reduce((sum, { rows }) => sum + rows, 0);
      log(`copied the PGlite database of an earlier Stride into PostgreSQL (${rows} rows, counts checked)`);
    }
    return { ...database, embedded: true, close: unwind };
  } catch (error) {
    await unwind();
    throw error;
  }
}
