import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresProcessesOf, startServerProcess, useDataDirPerTest } from './testing/server-process.js';

/** Ten starts through tsx on a busy machine (the first also creates the cluster and adds the demo races). */
const TEST_TIMEOUT_MS = 300_000;
/** Once GET /api/health answers, the line saying where the site is must already be there, or nearly. */
const ANNOUNCED_WITHIN_MS = 2_000;
const STOPS = 10;
/** One start and stop. A stop that hangs fails here rather than at the ten stops' timeout. */
const ONE_STOP_TIMEOUT_MS = 60_000;
const RUNNING_LINE = /^Stride is running on (http:\/\/\S+)$/m;

const dataDir = useDataDirPerTest('stride-start-');

describe('npm start in a terminal', () => {
  it(
    'says where the site is once it serves, and Ctrl-C stops it and its PostgreSQL, every time',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      for (let stop = 1; stop <= STOPS; stop += 1) {
        const server = await startServerProcess({ DATA_DIR: dataDir() }, { asNpmStart: true });
        await server.waitUntilHealthy();
        await expect
          .poll(() => server.output(), { timeout: ANNOUNCED_WITHIN_MS, interval: 20 })
          .toMatch(RUNNING_LINE);
        const announced = RUNNING_LINE.exec(server.output())![1]!;
        expect((await fetch(`${announced}/api/health`)).status).toBe(200);

        // A terminal's Ctrl-C: SIGINT to every process of the foreground group, the launcher and the server.
        process.kill(-server.pid, 'SIGINT');
        const exit = await server.exited;

        expect({ stop, code: exit.code, signal: exit.signal }).toEqual({ stop, code: 0, signal: null });
        expect({ stop, postgres: postgresProcessesOf(dataDir()) }).toEqual({ stop, postgres: [] });
        expect(existsSync(path.join(dataDir(), 'postgres', 'postmaster.pid'))).toBe(false);
        expect(existsSync(path.join(dataDir(), 'server.lock'))).toBe(false);
      }
    },
  );

  it(
    'stops its PostgreSQL too when its output is gone first (`npm start | tee log`, whose tee Ctrl-C ended)',
    { timeout: ONE_STOP_TIMEOUT_MS },
    async () => {
      // As npm start logs: the stop's own lines are then written after the output has gone.
      const server = await startServerProcess(
        { DATA_DIR: dataDir(), LOG_LEVEL: 'info' },
        { asNpmStart: true },
      );
      await server.waitUntilHealthy();

      await server.closeOutput();
      process.kill(-server.pid, 'SIGINT');
      await server.exited;

      expect(postgresProcessesOf(dataDir())).toEqual([]);
      expect(existsSync(path.join(dataDir(), 'postgres', 'postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(dataDir(), 'server.lock'))).toBe(false);
    },
  );
});
