import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/** Committed SQL from drizzle-kit; the same relative path from src/db and dist/db. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Any constant shared by every Stride process: serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 727_001;

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`; drizzle types it per driver). */
export const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/** An embedded PostgreSQL in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  // The extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand).
  const extensions = { pg_trgm, btree_gin, unaccent };
  const client = await PGlite.create({ ...(dataDir && { dataDir }), extensions });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export type OpenPostgresOptions = {
  poolSize?: number;
  /** Stride's migrations by default; another folder (an older level of them), or `false` to leave the schema be. */
  migrationsFolder?: string | false;
};

export async function openPostgres(
  databaseUrl: string,
  options: OpenPostgresOptions = {},
): Promise<DatabaseHandle> {
  const { migrationsFolder = MIGRATIONS_FOLDER } = options;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});

  let lockClient: pg.PoolClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    await pool.end();
    throw new DatabaseUnavailableError(
      `Cannot connect to the database at ${redactDatabaseUrl(databaseUrl)}: ${(error as Error).message}`,
    );
  }

  const db = drizzlePostgres(pool, { schema });
  try {
    if (migrationsFolder !== false) {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePostgres(db, { migrationsFolder });
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    lockClient.release();
    await pool.end();
    throw error;
  }
  lockClient.release();

  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
