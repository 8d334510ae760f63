// The production build and server, shared by `npm start`, `npm run bench` and `npm run lighthouse`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time among the files below `dir` (0 when it does not exist). */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const mtimeOf = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// WEB_DIST_DIR lets several checkouts' test runs build and serve their own copy side by side.
export const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : at('apps/web/dist');
export const serverEntry = at('apps/server/dist/server.js');
/** `npm run start:cluster`: several server processes sharing the port (apps/server/src/cluster.ts). */
export const clusterEntry = at('apps/server/dist/cluster.js');

/**
 * The Node flags the server runs with. V8 lets the old generation grow towards a limit sized from the machine's
 * memory (GBs) before it collects in earnest, so a busy server's RSS drifts far above what it holds live;
 * MAX_HEAP_MB (default 192) caps it where the server's live data (bounded caches included) fits with room.
 */
export function serverNodeFlags(env = process.env) {
  const heapMb = env.MAX_HEAP_MB ?? '192';
  if (!/^\d+$/.test(heapMb) || Number(heapMb) < 64) {
    throw new Error(`MAX_HEAP_MB must be a whole number of megabytes, at least 64 (got ${heapMb})`);
  }
  return [`--max-old-space-size=${heapMb}`];
}

/**
 * Runs the server (Node with `args`) as `npm start` does and leaves with its exit code. The server does the
 * graceful stop: our SIGINT and SIGTERM are passed on, so that a signal sent to npm or to this script alone stops
 * it. In a terminal, Ctrl-C reaches the server twice (the terminal signals the whole process group, and this
 * script passes its own on): the server takes the second for the stop already under way.
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 */
export function runServer(args, { env = process.env } = {}) {
  const server = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return server;
}

/** Builds the server and the web app when their sources are newer than the build (or it is missing). */
export function buildStale() {
  const sharedSources = Math.max(
    newestMtime(at('packages/shared/src')),
    mtimeOf(at('packages/shared/package.json')),
  );
  // tsc rewrites only the outputs that changed, but always its build info: that is the build's time.
  const serverBuilt = Math.max(mtimeOf(serverEntry), mtimeOf(at('apps/server/tsconfig.tsbuildinfo')));
  const serverStale = serverBuilt < Math.max(sharedSources, newestMtime(at('apps/server/src')));
  const webStale =
    mtimeOf(path.join(webDist, 'index.html')) <
    Math.max(
      sharedSources,
      newestMtime(at('apps/web/src')),
      newestMtime(at('apps/web/public')),
      mtimeOf(at('apps/web/index.html')),
      mtimeOf(at('apps/web/vite.config.ts')),
    );

  if (serverStale) {
    console.log('Building the server…');
    run(process.execPath, [at('node_modules/typescript/bin/tsc'), '-b', 'packages/shared', 'apps/server']);
  }
  if (webStale) {
    console.log('Building the web app…');
    run('npm', [
      'run',
      'build',
      '--workspace',
      '@stride/web',
      '--',
      '--logLevel',
      'warn',
      '--outDir',
      webDist,
      '--emptyOutDir',
    ]);
  }
}

/** A TCP port on loopback that nothing listens on right now. */
export async function findFreePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How long every worker of a cluster may take to serve once the first one does. */
const WORKERS_UP_TIMEOUT_MS = 60_000;

/** The servers started here that have not exited yet, each by its `stop`. */
const runningServers = new Set();

/** Stops every server started here that still runs (and waits): for a caller that is interrupted. */
export async function stopRunningServers() {
  await Promise.all([...runningServers].map((stop) => stop()));
}

/**
 * The workers of the cluster primary `pid`: its child processes running the server entry (the embedded
 * PostgreSQL the primary starts is its child too). Linux only, as the bench's memory readings.
 */
export function clusterWorkerPids(pid) {
  let children;
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return []; // exited
  }
  return children.map(Number).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').includes(serverEntry);
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** The socket inodes of the established TCP connections whose local port is `port`: connections a server accepted. */
function acceptedSocketInodes(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines;
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue; // no IPv6
    }
    for (const line of lines) {
      // sl, local address:port, remote address:port, state (01: established), …, inode (the tenth)
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '01' && Number.parseInt(fields[1].split(':').at(-1), 16) === port)
        inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** Those of `pids` that hold one of these sockets among their file descriptors. */
function pidsHolding(pids, inodes) {
  return pids.filter((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        return target.startsWith('socket:[') && inodes.has(target.slice('socket:['.length, -1));
      });
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** GET /api/health through `agent`, leaving the connection open; resolves with the status. */
function healthStatus(url, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/health`, { agent, timeout: 2_000 }, (response) => {
      response.resume().once('end', () => resolve(response.statusCode));
    });
    request.once('timeout', () => request.destroy(new Error('timed out')));
    request.once('error', reject);
  });
}

/**
 * Resolves once each of the `workers` of the cluster primary `pid` serves. node:cluster hands the connections
 * to the listening workers in turn, so a burst of connections held open reaches every one that listens; a
 * worker holding one of them among its file descriptors serves. Until then the first workers up would get every
 * connection a load opens: autocannon keeps its connections for the whole run.
 */
async function waitForEveryWorker(url, pid, workers, hasExited) {
  const port = Number(new URL(url).port);
  const deadline = performance.now() + WORKERS_UP_TIMEOUT_MS;
  let serving = [];
  for (;;) {
    if (hasExited()) throw new Error('the cluster primary exited before every worker served');
    const pids = clusterWorkerPids(pid);
    if (pids.length === workers) {
      const agent = new http.Agent({ keepAlive: true });
      try {
        const statuses = await Promise.all(
          Array.from({ length: 4 * workers }, () => healthStatus(url, agent)),
        );
        if (statuses.every((status) => status === 200)) {
          serving = pidsHolding(pids, acceptedSocketInodes(port));
          if (serving.length === workers) return;
        }
      } catch {
        // a worker starting or stopping: look again
      } finally {
        agent.destroy();
      }
    }
    if (performance.now() > deadline) {
      throw new Error(
        `${serving.length} of ${workers} workers served within ${WORKERS_UP_TIMEOUT_MS / 1000} s ` +
          `(${pids.length} running)`,
      );
    }
    await delay(100);
  }
}

/**
 * Builds what is stale, starts the production server on a free loopback port with `env` on top of this
 * process's environment, and resolves once GET /api/health answers 200. Its log goes to our stdout, or nowhere
 * with `stdout: 'ignore'`.
 * With `workers`, the cluster entry (`npm run start:cluster -- --workers N`) instead: a primary forking that many
 * workers on one port, and it resolves once every worker serves; `pids()` then lists the primary and its workers.
 * `detached` puts it in a process group of its own, so that a terminal's Ctrl-C reaches only the caller, which
 * then stops it once (a second signal ends a server at once, without stopping its embedded PostgreSQL).
 * `build: false` skips the build, for a caller that built once and starts several servers of that build.
 * @param {Record<string, string>} [env]
 * @param {{ stdout?: 'inherit' | 'ignore', workers?: number, detached?: boolean, build?: boolean }} [options]
 */
export async function startProductionServer(
  env = {},
  { stdout = 'inherit', workers, detached = false, build = true } = {},
) {
  if (build) buildStale();
  const port = env.PORT ?? String(await findFreePort());
  const entryAndArgs = workers === undefined ? [serverEntry] : [clusterEntry, '--workers', String(workers)];
  const child = spawn(process.execPath, [...serverNodeFlags({ ...process.env, ...env }), ...entryAndArgs], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', stdout, 'inherit'],
    detached,
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  let exit;
  let stopping;
  /** SIGTERM (once, however often it is asked for), then waits for the graceful stop. */
  const stop = () => {
    if (!stopping) {
      if (!exit) child.kill('SIGTERM');
      stopping = exited;
    }
    return stopping;
  };
  runningServers.add(stop);
  void exited.then((value) => {
    exit = value;
    runningServers.delete(stop);
  });
  try {
    for (;;) {
      if (exit) throw new Error(`the server exited before it was healthy (${JSON.stringify(exit)})`);
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await delay(100);
    }
    if (workers !== undefined) await waitForEveryWorker(url, child.pid, workers, () => exit !== undefined);
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = /** @type {number} */ (child.pid);
  return {
    url,
    pid,
    /** The server's process, or the cluster's primary and its workers. */
    pids: () => (workers === undefined ? [pid] : [pid, ...clusterWorkerPids(pid)]),
    stop,
  };
}
