import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bulkSeed } from './cli/bulk-seed.js';
import { openPglite, rowsOf } from './db/client.js';
import { isProcessRunning } from './platform/process-alive.js';
import { sql } from 'drizzle-orm';
import { TEST_PASSWORD, makeSignUpInput } from './testing/test-app.js';
import {
  type ServerProcess,
  postmasterPidOf,
  startEmbeddedServer,
  startServerProcess,
  useDataDirPerTest,
} from './testing/server-process.js';

/** Spawned servers start tsx and, the first time in a folder, create a PostgreSQL cluster: allow for a busy machine. */
const PROCESS_TIMEOUT_MS = 90_000;

const dataDir = useDataDirPerTest('stride-server-');

const startEmbedded = () => startEmbeddedServer(dataDir());
const postmasterPid = () => postmasterPidOf(dataDir());

/** A same-origin JSON POST to one of the server's auth endpoints, as the web app sends it. */
function postAuth(server: ServerProcess, endpoint: string, body: object): Promise<Response> {
  return fetch(`${server.url}/api/auth${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(body),
  });
}

describe('the server process (embedded PostgreSQL)', { timeout: PROCESS_TIMEOUT_MS }, () => {
  it('answers /api/health and refuses a second server on the same DATA_DIR, which stays in use', async () => {
    const first = await startEmbedded();

    const second = await startServerProcess({ DATA_DIR: dataDir() });
    const refused = await second.exited;

    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Stride cannot start.');
    expect(refused.output).toContain(
      `DATA_DIR ${dataDir()} is in use by another Stride server (pid ${first.pid})`,
    );
    expect((await readFile(path.join(dataDir(), 'server.lock'), 'utf8')).split('\n')[0]).toBe(
      String(first.pid),
    );
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', mail: { pending: 0, failed: 0 } });
  });

  it('stops on SIGTERM with exit code 0, releasing DATA_DIR, and keeps accounts across a restart', async () => {
    const user = makeSignUpInput();
    const before = await startEmbedded();
    expect((await postAuth(before, '/sign-up/email', user)).status).toBe(200);

    const stopped = await before.stop('SIGTERM');

    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir(), 'server.lock'))).toBe(false);
    expect(postmasterPid()).toBeUndefined(); // PostgreSQL stopped cleanly with it

    const after = await startEmbedded();
    const signIn = await postAuth(after, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ user: { email: user.email, name: user.name } });
    const wrongPassword = await postAuth(after, '/sign-in/email', {
      email: user.email,
      password: 'Wrong-pass1',
    });
    expect(wrongPassword.status).toBe(401);
    expect(await after.stop('SIGINT')).toMatchObject({ code: 0, signal: null });
  });

  it('keeps DATA_DIR and its outbox private: folders 0700 (tightened at start), mails 0600', async () => {
    const outbox = path.join(dataDir(), 'outbox');
    mkdirSync(outbox, { recursive: true });
    chmodSync(dataDir(), 0o755);
    chmodSync(outbox, 0o755);
    writeFileSync(path.join(outbox, 'older.eml'), 'Subject: an older mail\n', { mode: 0o644 });
    const user = makeSignUpInput();
    const server = await startEmbedded();
    expect((await postAuth(server, '/sign-up/email', user)).status).toBe(200);

    const reset = await postAuth(server, '/request-password-reset', {
      email: user.email,
      redirectTo: `${server.url}/reset-password`,
    });
    expect(reset.status).toBe(200);
    await expect.poll(() => readdirSync(outbox).length, { timeout: 10_000 }).toBe(2);

    const modeOf = (file: string) => statSync(file).mode & 0o777;
    // Nothing for others; as root, the group of the `postgres` user PostgreSQL runs as may pass through.
    expect([0o700, 0o710]).toContain(modeOf(dataDir()));
    expect(modeOf(outbox)).toBe(0o700);
    for (const mail of readdirSync(outbox)) expect(modeOf(path.join(outbox, mail))).toBe(0o600);
    expect(modeOf(path.join(dataDir(), 'auth-secret'))).toBe(0o600);
  });

  it('runs PostgreSQL in DATA_DIR/postgres on a Unix socket there, with no TCP port', async () => {
    await startEmbedded();

    expect(readFileSync(path.join(dataDir(), 'postgres', 'PG_VERSION'), 'utf8').trim()).toBe('17');
    expect(existsSync(path.join(dataDir(), 'postgres', '.s.PGSQL.5432'))).toBe(true);
    // postmaster.pid: pid, folder, start time, port, socket folder, listen address (empty: none), …
    const lines = readFileSync(path.join(dataDir(), 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    expect(lines[4]).toBe(path.join(dataDir(), 'postgres'));
    expect(lines[5]).toBe('');
  });

  it('after kill -9 stops the PostgreSQL left running and starts again with every account', async () => {
    const user = makeSignUpInput();
    const killed = await startEmbedded();
    expect((await postAuth(killed, '/sign-up/email', user)).status).toBe(200);
    const orphan = postmasterPid()!;

    expect(await killed.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    expect(isProcessRunning(orphan)).toBe(true);

    const after = await startEmbedded();
    expect(isProcessRunning(orphan)).toBe(false);
    expect(postmasterPid()).not.toBe(orphan);
    const signIn = await postAuth(after, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it('after kill -9 of the server and of its PostgreSQL recovers the database and starts', async () => {
    const user = makeSignUpInput();
    const killed = await startEmbedded();
    expect((await postAuth(killed, '/sign-up/email', user)).status).toBe(200);
    const postmaster = postmasterPid()!;

    await killed.stop('SIGKILL');
    process.kill(postmaster, 'SIGKILL');

    const after = await startEmbedded();
    const signIn = await postAuth(after, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it('copies the PGlite database of an earlier Stride into PostgreSQL once, keeping the old folder', async () => {
    const pglite = await openPglite(path.join(dataDir(), 'pglite'));
    const seeded = await bulkSeed(pglite.db, {
      marathons: 30,
      registrations: 200,
      users: 20,
      password: TEST_PASSWORD,
    });
    const email = `runner1.${seeded.runId}@seed.example.org`;
    const [{ count } = { count: 0 }] = rowsOf<{ count: number }>(
      await pglite.db.execute(
        sql`select count(*)::int as count from registrations join users on users.id = user_id where email = ${email}`,
      ),
    );
    await pglite.close();

    const server = await startEmbedded();

    const signIn = await postAuth(server, '/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const ownList = await fetch(`${server.url}/api/registrations/by-email/${encodeURIComponent(email)}`, {
      headers: {
        cookie: signIn.headers
          .getSetCookie()
          .map((cookie) => cookie.split(';')[0])
          .join('; '),
      },
    });
    expect(ownList.status).toBe(200);
    expect(((await ownList.json()) as unknown[]).length).toBe(count);
    expect(count).toBeGreaterThan(0);
    expect(existsSync(path.join(dataDir(), 'pglite'))).toBe(false);
    expect(existsSync(path.join(dataDir(), 'pglite-imported', 'PG_VERSION'))).toBe(true);
  });
});

describe('the server process refuses to start', { timeout: PROCESS_TIMEOUT_MS }, () => {
  const AUTH_SECRET = 'a-process-test-secret-0123456789-abcdef';

  it('when DATABASE_URL does not answer, saying so without the password', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/x',
      AUTH_SECRET,
    });

    const { code, output } = await server.exited;

    expect(code).toBe(1);
    expect(output).toContain('Stride cannot start.');
    expect(output).toContain('Cannot connect to the database at postgres://postgres:***@127.0.0.1:1/x');
    expect(output).toContain('ECONNREFUSED');
    expect(output).not.toContain('hunter2');
  });

  it('when DATABASE_URL is set without AUTH_SECRET, naming AUTH_SECRET', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x',
    });

    const { code, output } = await server.exited;

    expect(code).toBe(1);
    expect(output).toContain('Stride cannot start.');
    expect(output).toContain('AUTH_SECRET: required when DATABASE_URL is set');
  });

  it('listing every configuration problem at once, touching nothing', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir(), PORT: 'eighty', LOG_LEVEL: 'loud' });

    const { code, output } = await server.exited;

    expect(code).toBe(1);
    expect(output).toContain('Stride cannot start.');
    expect(output).toMatch(/PORT: .*\n.*LOG_LEVEL: /);
    expect(existsSync(path.join(dataDir(), 'server.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir(), 'auth-secret'))).toBe(false);
  });
});
