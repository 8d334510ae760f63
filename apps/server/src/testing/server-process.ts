import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import { stopOrphanedPostgres } from '../platform/embedded-postgres.js';

/** The repository root: where `tsx` and the `@stride/source` workspace packages resolve from. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ENTRIES = {
  server: fileURLToPath(new URL('../server.ts', import.meta.url)),
  /** `npm run start:cluster`: a primary and its workers. */
  cluster: fileURLToPath(new URL('../cluster.ts', import.meta.url)),
};
/** What `npm start` runs the built server with (scripts/start.mjs), here given the server's source through tsx. */
const START_SCRIPT_LIB = fileURLToPath(new URL('../../../../scripts/lib/production.mjs', import.meta.url));
/** Between two health checks while a server starts: a polling interval, not a wait for a guessed duration. */
const POLL_INTERVAL_MS = 50;

export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null; output: string };

export type ServerProcess = {
  /** `http://127.0.0.1:PORT` */
  url: string;
  pid: number;
  /** What it has printed so far (stdout and stderr). */
  output: () => string;
  /** Closes our end of its stdout and stderr, as a pipe's reader that stopped (`npm start | tee log`). */
  closeOutput: () => Promise<void>;
  /** Settles when the process has exited, with everything it printed. */
  exited: Promise<ProcessExit>;
  /** Resolves once GET /api/health answers 200; rejects with the output if the process exits first. */
  waitUntilHealthy: () => Promise<void>;
  /** Sends the signal and waits for the process to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<ProcessExit>;
};

const running = new Set<ChildProcess>();
/** Those of them started in a process group of their own (`asNpmStart`). */
const groupLeaders = new WeakSet<ChildProcess>();
/** The embedded clusters of the servers started here: a killed server leaves its PostgreSQL running. */
const clusterDirs = new Set<string>();

/** A TCP port on loopback that nothing listens on right now. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

type StartOptions = {
  entry?: keyof typeof ENTRIES;
  args?: string[];
  /**
   * Through `npm start`'s launcher (scripts/start.mjs's `runServer`, which passes its signals on), in a process
   * group of its own as a terminal runs it: `pid` is the launcher's and the group's, for `process.kill(-pid)`.
   */
  asNpmStart?: boolean;
};

/**
 * Runs the real entry (src/server.ts through tsx) as its own process, on loopback only (a free PORT
 * unless given), with these variables on top of a minimal environment: none of the runner's leak in.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { entry = 'server', args = [], asNpmStart = false }: StartOptions = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await findFreePort());
  const serverArgs = ['--import', 'tsx', '--conditions=@stride/source', ENTRIES[entry], ...args];
  const nodeArgs = asNpmStart
    ? [
        '--input-type=module',
        '--eval',
        `import { runServer } from ${JSON.stringify(START_SCRIPT_LIB)}; runServer(${JSON.stringify(serverArgs)});`,
      ]
    : serverArgs;
  const child = spawn(process.execPath, nodeArgs, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      PORT: port,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: asNpmStart,
  });
  running.add(child);
  if (asNpmStart) groupLeaders.add(child);
  if (env.DATA_DIR && !env.DATABASE_URL)
    clusterDirs.add(path.join(path.resolve(REPO_ROOT, env.DATA_DIR), 'postgres'));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const exited = new Promise<ProcessExit>((resolve, reject) => {
    child.once('error', reject);
    // 'close', not 'exit': by then stdout and stderr are fully read.
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, output });
    });
  });
  const url = `http://127.0.0.1:${port}`;

  const waitUntilHealthy = async () => {
    for (;;) {
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      const exit = await Promise.race([exited, delay(POLL_INTERVAL_MS)]);
      if (exit) {
        throw new Error(
          `The server exited (code ${exit.code}, signal ${exit.signal}) before it was healthy:\n${exit.output}`,
        );
      }
    }
  };

  return {
    url,
    pid: child.pid!,
    output: () => output,
    closeOutput: async () => {
      const closed = [child.stdout, child.stderr].map(
        (stream) => stream && new Promise((resolve) => stream.once('close', resolve)),
      );
      child.stdout?.destroy();
      child.stderr?.destroy();
      await Promise.all(closed);
    },
    exited,
    waitUntilHealthy,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A server on the embedded database in `dataDir`, as `npm start` runs it, once it answers /api/health. */
export async function startEmbeddedServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env });
  await server.waitUntilHealthy();
  return server;
}

/**
 * For afterEach: kills (SIGKILL) every server this file started that is still running, waits, and stops the
 * PostgreSQL they leave behind.
 */
export async function killServerProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      const closed = once(child, 'close');
      // A launcher in a group of its own goes with its server (the pipes close once both are gone).
      if (groupLeaders.has(child)) process.kill(-child.pid!, 'SIGKILL');
      else child.kill('SIGKILL');
      await closed;
    }),
  );
  await Promise.all([...clusterDirs].map((clusterDir) => stopOrphanedPostgres(clusterDir)));
  clusterDirs.clear();
}

/**
 * For a file of server-process tests: a new empty DATA_DIR before each test; after it, every server the test
 * started is killed and the folder removed. Returns the current test's DATA_DIR.
 */
export function useDataDirPerTest(prefix: string): () => string {
  let dataDir = '';
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await killServerProcesses();
    await rm(dataDir, { recursive: true, force: true });
  });
  return () => dataDir;
}

/** The pid of the PostgreSQL running on DATA_DIR's cluster, from its lock file; undefined when none runs. */
export function postmasterPidOf(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : undefined;
}

/** The PostgreSQL processes (a postmaster and whatever it left) whose command line names DATA_DIR's cluster. */
export function postgresProcessesOf(dataDir: string): number[] {
  const clusterDir = path.join(path.resolve(REPO_ROOT, dataDir), 'postgres');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return path.basename(commandLine[0] ?? '') === 'postgres' && commandLine.includes(clusterDir);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
