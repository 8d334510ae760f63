import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isProcessRunning } from './platform/process-alive.js';
import { makeSignUpInput } from './testing/test-app.js';
import { type ServerProcess, killServerProcesses, startServerProcess } from './testing/server-process.js';

/** The primary creates a PostgreSQL cluster and starts two workers through tsx: allow for a busy machine. */
const PROCESS_TIMEOUT_MS = 120_000;
const WORKERS = 2;

/** The workers of the primary `pid`: its child processes running the server entry. */
function workerPids(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return children.map(Number).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('server.ts');
    } catch {
      return false; // gone meanwhile
    }
  });
}

describe(
  'npm run start:cluster (several workers on the embedded PostgreSQL)',
  { timeout: PROCESS_TIMEOUT_MS },
  () => {
    let dataDir: string;
    let primary: ServerProcess;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'stride-cluster-'));
      primary = await startServerProcess(
        { DATA_DIR: dataDir },
        { entry: 'cluster', args: ['--workers', String(WORKERS)] },
      );
      await primary.waitUntilHealthy();
      await vi.waitFor(() => expect(workerPids(primary.pid)).toHaveLength(WORKERS), {
        timeout: 60_000,
        interval: 50,
      });
    }, PROCESS_TIMEOUT_MS);
    afterAll(async () => {
      await killServerProcesses();
      await rm(dataDir, { recursive: true, force: true });
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      fetch(`${primary.url}${url}`, { headers }).then((response) => response.status);
    /** As many requests as it takes for each worker to answer some (connections are handed out in turn). */
    const severalTimes = (url: string, headers?: Record<string, string>) =>
      Promise.all(Array.from({ length: 4 * WORKERS }, () => get(url, headers)));

    it('says once, from the primary, where the site is', async () => {
      await expect
        .poll(() => primary.output().match(/^Stride is running on .*$/gm))
        .toEqual([`Stride is running on ${primary.url}`]);
    });

    it('serves the demo races the primary added, from every worker', async () => {
      const response = await fetch(`${primary.url}/api/marathons`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
      expect(await severalTimes('/api/health/ready')).toEqual(Array(4 * WORKERS).fill(200));
    });

    it('ends a session on every worker at sign-out, whichever worker answers it', async () => {
      const signUp = await fetch(`${primary.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: primary.url },
        body: JSON.stringify(makeSignUpInput()),
      });
      const bearer = { authorization: `Bearer ${signUp.headers.get('set-auth-token')}` };
      expect(await severalTimes('/api/my-marathons', bearer)).toEqual(Array(4 * WORKERS).fill(200));

      const signOut = await fetch(`${primary.url}/api/auth/sign-out`, { method: 'POST', headers: bearer });
      expect(signOut.status).toBe(200);

      await vi.waitFor(
        async () =>
          expect(await severalTimes('/api/my-marathons', bearer)).toEqual(Array(4 * WORKERS).fill(401)),
        { timeout: 1_000, interval: 10 },
      );
    });

    it('replaces a worker killed with SIGKILL while the others go on answering', async () => {
      const [victim, ...others] = workerPids(primary.pid);
      process.kill(victim!, 'SIGKILL');

      await vi.waitFor(
        () => {
          const now = workerPids(primary.pid);
          expect(now).toHaveLength(WORKERS);
          expect(now).not.toContain(victim);
          expect(now).toEqual(expect.arrayContaining(others));
        },
        { timeout: 60_000, interval: 50 },
      );
      await vi.waitFor(
        async () => expect(await severalTimes('/api/health/ready')).toEqual(Array(4 * WORKERS).fill(200)),
        {
          timeout: 60_000,
          interval: 50,
        },
      );
    });

    it('stops every worker and then PostgreSQL on SIGTERM, exiting 0', async () => {
      const workers = workerPids(primary.pid);

      const exit = await primary.stop('SIGTERM');

      expect(exit).toMatchObject({ code: 0, signal: null });
      for (const worker of workers) expect(isProcessRunning(worker)).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    });
  },
);
