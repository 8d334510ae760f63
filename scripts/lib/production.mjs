// The production build and server, shared by `npm start`, `npm run bench` and `npm run lighthouse`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/**
 * Builds what is stale, starts the production server on a free loopback port with `env` on top of this
 * process's environment, and resolves once GET /api/health answers 200. Its log goes to our stdout, or nowhere
 * with `stdout: 'ignore'`.
 */
export async function startProductionServer(env = {}, { stdout = 'inherit' } = {}) {
  buildStale();
  const port = env.PORT ?? String(await findFreePort());
  const child = spawn(process.execPath, [...serverNodeFlags({ ...process.env, ...env }), serverEntry], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  let exit;
  void exited.then((value) => (exit = value));
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
  return {
    url,
    pid: child.pid,
    /** SIGTERM, then waits for the graceful stop. */
    stop: async () => {
      if (!exit) child.kill('SIGTERM');
      return exited;
    },
  };
}
