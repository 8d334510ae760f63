import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client.js';

/** Runs one statement on the server named by TEST_DATABASE_URL (its maintenance database). */
async function runOnServer(serverUrl: string, statement: (client: pg.Client) => string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement(client));
  } finally {
    await client.end();
  }
}

/** A new, empty, migrated database on the PostgreSQL server; closing the handle drops it. */
async function createPostgresTestDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `stride_test_${randomBytes(8).toString('hex')}`;
  const dropDatabase = () =>
    runOnServer(
      serverUrl,
      (client) => `drop database if exists ${client.escapeIdentifier(name)} with (force)`,
    );

  await runOnServer(serverUrl, (client) => `create database ${client.escapeIdentifier(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  let handle: DatabaseHandle;
  try {
    handle = await openPostgres(url.toString(), { poolSize: 4 });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await dropDatabase();
      }
    },
  };
}

/**
 * A fresh migrated database for one test file: in-memory PGlite by default, or a throwaway
 * `stride_test_*` database on TEST_DATABASE_URL when TEST_DATABASE_DRIVER=postgres
 * (the `server:postgres` Vitest project). Only ever drops the database it created.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE_DRIVER !== 'postgres') return openPglite(undefined);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      'TEST_DATABASE_DRIVER=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  return createPostgresTestDatabase(serverUrl);
}
