import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, makeSignUpInput } from './testing/test-app.js';
import { type ServerProcess, killServerProcesses, startServerProcess } from './testing/server-process.js';

/** Spawned servers start tsx and, the first time in a folder, initialise PGlite: allow for a busy machine. */
const PROCESS_TIMEOUT_MS = 90_000;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stride-server-'));
});
afterEach(async () => {
  await killServerProcesses();
  await rm(dataDir, { recursive: true, force: true });
});

async function startEmbeddedServer(): Promise<ServerProcess> {
  const server = await startServerProcess({ DATA_DIR: dataDir });
  await server.waitUntilHealthy();
  return server;
}

/** A same-origin JSON POST to one of the server's auth endpoints, as the web app sends it. */
function postAuth(server: ServerProcess, endpoint: string, body: object): Promise<Response> {
  return fetch(`${server.url}/api/auth${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(body),
  });
}

describe('the server process (embedded PGlite)', { timeout: PROCESS_TIMEOUT_MS }, () => {
  it('answers /api/health and refuses a second server on the same DATA_DIR, which stays in use', async () => {
    const first = await startEmbeddedServer();

    const second = await startServerProcess({ DATA_DIR: dataDir });
    const refused = await second.exited;

    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Stride cannot start.');
    expect(refused.output).toContain(
      `DATA_DIR ${dataDir} is in use by another Stride server (pid ${first.pid})`,
    );
    expect((await readFile(path.join(dataDir, 'server.lock'), 'utf8')).split('\n')[0]).toBe(
      String(first.pid),
    );
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', mail: { pending: 0, failed: 0 } });
  });

  it('stops on SIGTERM with exit code 0, releasing DATA_DIR, and keeps accounts across a restart', async () => {
    const user = makeSignUpInput();
    const before = await startEmbeddedServer();
    expect((await postAuth(before, '/sign-up/email', user)).status).toBe(200);

    const stopped = await before.stop('SIGTERM');

    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const after = await startEmbeddedServer();
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
});

describe('the server process refuses to start', { timeout: PROCESS_TIMEOUT_MS }, () => {
  const AUTH_SECRET = 'a-process-test-secret-0123456789-abcdef';

  it('when DATABASE_URL does not answer, saying so without the password', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
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
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x',
    });

    const { code, output } = await server.exited;

    expect(code).toBe(1);
    expect(output).toContain('Stride cannot start.');
    expect(output).toContain('AUTH_SECRET: required when DATABASE_URL is set');
  });

  it('listing every configuration problem at once, touching nothing', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'loud' });

    const { code, output } = await server.exited;

    expect(code).toBe(1);
    expect(output).toContain('Stride cannot start.');
    expect(output).toMatch(/PORT: .*\n.*LOG_LEVEL: /);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });
});
