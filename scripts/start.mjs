// `npm start`: builds what is missing or stale, then runs the production server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
const webDist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : at('apps/web/dist');

const sharedSources = Math.max(
  newestMtime(at('packages/shared/src')),
  mtimeOf(at('packages/shared/package.json')),
);
const serverStale =
  mtimeOf(at('apps/server/dist/server.js')) < Math.max(sharedSources, newestMtime(at('apps/server/src')));
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

// The server does the graceful stop: pass our signals on and leave with its exit code.
const server = spawn(process.execPath, [at('apps/server/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
