import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type OpenPostgresOptions, openPostgres } from '../db/client.js';
import { startEmbeddedPostgres } from '../platform/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database of the run's embedded cluster; each test file makes its own database there. */
    embeddedPostgresUrl: string;
  }
}

/**
 * A throwaway PostgreSQL cluster in a temp folder, the engine `npm start` runs, without durability (its
 * databases are thrown away). `serverUrl` is its maintenance database; `stop` also removes the folder.
 */
export async function startScratchCluster(): Promise<{ serverUrl: string; stop: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'stride-test-postgres-'));
  const cluster = await startEmbeddedPostgres({
    clusterDir: path.join(folder, 'postgres'),
    maxConnections: 200,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  const url = new URL(cluster.connectionString);
  url.pathname = '/postgres';
  return {
    serverUrl: url.toString(),
    stop: async () => {
      await cluster.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on the server at `serverUrl` (its maintenance database). */
async function runOnServer(serverUrl: string, statement: (client: pg.Client) => string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement(client));
  } finally {
    await client.end();
  }
}

/**
 * A new login role that is no superuser and a new, empty database it owns, as many managed PostgreSQL services
 * hand out; `url` connects to it as that role. It may create the trusted extensions the migrations create
 * (pg_trgm, btree_gin: PostgreSQL 13+ lets a database's owner). `drop` drops the database and the role.
 */
export async function createOwnedDatabase(
  serverUrl: string,
): Promise<{ role: string; url: string; drop: () => Promise<void> }> {
  const role = `stride_test_owner_${randomBytes(8).toString('hex')}`;
  const password = randomBytes(16).toString('hex');
  await runOnServer(
    serverUrl,
    (client) =>
      `create role ${client.escapeIdentifier(role)} login nosuperuser password ${client.escapeLiteral(password)}`,
  );
  const drop = async () => {
    await runOnServer(
      serverUrl,
      (client) => `drop database if exists ${client.escapeIdentifier(role)} with (force)`,
    );
    await runOnServer(serverUrl, (client) => `drop role if exists ${client.escapeIdentifier(role)}`);
  };
  try {
    await runOnServer(
      serverUrl,
      (client) => `create database ${client.escapeIdentifier(role)} owner ${client.escapeIdentifier(role)}`,
    );
  } catch (error) {
    await drop();
    throw error;
  }
  const url = new URL(serverUrl);
  url.username = role;
  url.password = password;
  url.pathname = `/${role}`;
  return { role, url: url.toString(), drop };
}

/** A test database, with its connection URL for processes of their own (servers started by a test). */
export type TestDatabase = DatabaseHandle & { url: string };

/**
 * A new, empty, migrated database on the PostgreSQL server (with `migrationsFolder: false`, not even migrated:
 * no table at all); closing the handle drops it.
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
  options: Pick<OpenPostgresOptions, 'migrationsFolder'> = {},
): Promise<TestDatabase> {
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
    handle = await openPostgres(url.toString(), { poolSize: 4, ...options });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    ...handle,
    url: url.toString(),
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
 * A fresh migrated database for one test file, a throwaway `stride_test_*` database: on the run's embedded
 * PostgreSQL by default, or on TEST_DATABASE_URL when TEST_DATABASE_DRIVER=postgres (the `server:postgres`
 * Vitest project). Only ever drops the database it created.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_DRIVER !== 'postgres') {
    return createPostgresTestDatabase(inject('embeddedPostgresUrl'));
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      'TEST_DATABASE_DRIVER=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  return createPostgresTestDatabase(serverUrl);
}
