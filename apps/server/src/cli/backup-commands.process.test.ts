import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { redactDatabaseUrl } from '../db/client.js';
import { type ProcessUser, callApi, signUpThrough } from '../testing/process-api.js';
import { type ServerProcess, killServerProcesses, startServerProcess } from '../testing/server-process.js';
import { type TestDatabase, createPostgresTestDatabase } from '../testing/test-database.js';

/** Where `npm run` finds the scripts of the root package.json. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Each step starts tsx (and the first server a PostgreSQL cluster): allow for a busy machine. */
const TIMEOUT_MS = 180_000;

type CommandExit = { code: number | null; output: string };

/** `npm run <script> -- ...args` from the repository's root, with `env` on top of a minimal environment. */
function runNpmScript(script: string, args: string[], env: Record<string, string>): Promise<CommandExit> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

async function startHealthyServer(env: Record<string, string>): Promise<ServerProcess> {
  // No mail worker: it would change rows (and write DATA_DIR/outbox) while the data is compared.
  const server = await startServerProcess({ MAIL_WORKER: 'false', ...env });
  await server.waitUntilHealthy();
  return server;
}

/** What a visitor and a signed-in runner see: the race list, and whose session the token is. */
async function readVisibleData(server: ServerProcess, user: ProcessUser) {
  const races = await callApi(server.url, '/api/marathons?sort=newest&page=1&limit=12');
  const session = await callApi<{ user: { email: string } }>(server.url, '/api/auth/get-session', {
    token: user.token,
  });
  expect(races.status).toBe(200);
  expect(session.status).toBe(200);
  return { races: races.body, sessionOf: session.body.user.email };
}

let workDir: string;
const dataDir = (name: string) => path.join(workDir, name);
let target: TestDatabase | undefined;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'stride-backup-commands-'));
});
afterEach(async () => {
  await killServerProcesses();
  await target?.close();
  target = undefined;
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('npm run backup, restore and db:copy', { timeout: TIMEOUT_MS }, () => {
  it('back up a running server, restore that into a new DATA_DIR, copy it to a PostgreSQL: each serves the same data and sessions', async () => {
    const backupFile = path.join(workDir, 'stride.ndjson.gz');
    const first = await startHealthyServer({ DATA_DIR: dataDir('original') });
    const user = await signUpThrough(first.url, first.url);
    const seen = await readVisibleData(first, user);
    expect(seen.sessionOf).toBe(user.email);

    const backup = await runNpmScript('backup', [backupFile], { DATA_DIR: dataDir('original') });
    expect(backup.output).toContain(
      `Backed up the running server’s database in DATA_DIR ${dataDir('original')} to ${backupFile}`,
    );
    expect(backup.code).toBe(0);
    await first.stop();

    const restore = await runNpmScript('restore', [backupFile], { DATA_DIR: dataDir('restored') });
    expect(restore.output).toContain(`Restored ${backupFile} into DATA_DIR ${dataDir('restored')}`);
    expect(restore.code).toBe(0);
    const second = await startHealthyServer({ DATA_DIR: dataDir('restored') });
    expect(await readVisibleData(second, user)).toEqual(seen);

    target = await createPostgresTestDatabase(inject('embeddedPostgresUrl'), { migrationsFolder: false });
    const copy = await runNpmScript('db:copy', ['--to', target.url], { DATA_DIR: dataDir('restored') });
    const secretFile = path.join(dataDir('restored'), 'auth-secret');
    expect(copy.output).toContain('The server was running');
    expect(copy.output).toContain(
      `DATABASE_URL='${redactDatabaseUrl(target.url)}' AUTH_SECRET=$(cat ${secretFile}) npm start`,
    );
    expect(copy.code).toBe(0);
    await second.stop();

    const third = await startHealthyServer({
      DATA_DIR: dataDir('external'),
      DATABASE_URL: target.url,
      AUTH_SECRET: (await readFile(secretFile, 'utf8')).trim(),
    });
    expect(await readVisibleData(third, user)).toEqual(seen);
  });

  it('refuse with a message and exit code 1, or show the usage with exit code 2', async () => {
    const backupFile = path.join(workDir, 'missing.ndjson.gz');
    await mkdir(dataDir('filled'));
    await writeFile(path.join(dataDir('filled'), 'notes.txt'), 'mine');

    const intoFilled = await runNpmScript('restore', [backupFile], { DATA_DIR: dataDir('filled') });
    const withDatabaseUrl = await runNpmScript('backup', [backupFile], {
      DATA_DIR: dataDir('none'),
      DATABASE_URL: 'postgres://someone:secret@127.0.0.1:1/stride',
    });
    const withoutFile = await runNpmScript('backup', [], { DATA_DIR: dataDir('none') });

    expect(intoFilled).toEqual({
      code: 1,
      output: expect.stringContaining(`DATA_DIR ${dataDir('filled')}: it is not empty (notes.txt)`),
    });
    expect(withDatabaseUrl).toEqual({
      code: 1,
      output: expect.stringContaining(
        'DATABASE_URL is set, but `npm run backup` works on the embedded database',
      ),
    });
    expect(withoutFile).toEqual({
      code: 2,
      output: expect.stringContaining('Usage: npm run backup -- FILE'),
    });
  });
});
