// `npm run size`: builds the web app and prints, for each route, the JavaScript and CSS it needs on first load
// (the entry, then the route's lazy module and its imports) as the server sends it: the brotli copies the build
// writes beside each file (apps/web/vite.config.ts, `precompress`), with gzip beside for comparison; then what
// the entry is made of. Fails when the entry (what every route loads) or Home exceeds its brotli budget.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Budgets in KB of brotli, what browsers get (every browser that runs the app accepts `br`). */
const ENTRY_BUDGET_KB = 90;
const HOME_BUDGET_KB = 100;
const HOME_ROUTE = 'public/home';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

const build = spawnSync('npm', ['run', 'build', '--workspace', '@stride/web', '--', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const kb = (bytes) => bytes / 1024;
/**
 * What the server sends for `file`, in KB: its precompressed `.br`/`.gz` copy, or the file itself when the
 * build wrote none (too small to gain).
 */
function servedKb(file, extension) {
  const copy = path.join(dist, `${file}.${extension}`);
  return kb(readFileSync(existsSync(copy) ? copy : path.join(dist, file)).length);
}

/** The chunk of `key` and every chunk it imports statically, once each. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryChunks = closure(entryKey);
/** The JavaScript and CSS of these chunks, brotli and gzip, as sent. */
const sizeOf = (keys) => {
  const size = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
  for (const key of keys) {
    size.js += servedKb(manifest[key].file, 'br');
    size.jsGzip += servedKb(manifest[key].file, 'gz');
    for (const file of manifest[key].css ?? []) {
      size.css += servedKb(file, 'br');
      size.cssGzip += servedKb(file, 'gz');
    }
  }
  return size;
};
/** Two sizes of the same chunks added up. */
const plus = (a, b) => Object.fromEntries(Object.keys(a).map((name) => [name, a[name] + b[name]]));

const entry = sizeOf(entryChunks);
const rows = [['(entry: every route)', entry]];
const routeKeys = Object.keys(manifest)
  .filter((key) => key.includes('src/app/routes/'))
  .sort();
let home;
for (const key of routeKeys) {
  const own = [...closure(key)].filter((chunk) => !entryChunks.has(chunk));
  const name = key.replace(/^.*src\/app\/routes\//, '').replace(/\.tsx?$/, '');
  const size = plus(entry, sizeOf(own));
  rows.push([name, size]);
  if (name === HOME_ROUTE) home = size;
}
if (!home) {
  console.error(`No route module ${HOME_ROUTE} in the build: update HOME_ROUTE in scripts/size.mjs.`);
  process.exit(1);
}

const pad = (text, width) => String(text).padEnd(width);
const cell = (value) => pad(`${value.toFixed(1)} KB`, 12);
console.log(
  `\n${pad('Route (first load)', 34)}${pad('JS brotli', 12)}${pad('JS gzip', 12)}${pad('CSS brotli', 12)}CSS gzip`,
);
for (const [name, size] of rows)
  console.log(
    `${pad(name, 34)}${cell(size.js)}${cell(size.jsGzip)}${cell(size.css)}${size.cssGzip.toFixed(1)} KB`,
  );

// What the entry is made of: its code attributed to packages (or the app) through the source map, each part
// compressed on its own (so the parts add up to about the whole).
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The segments of one line of a source map's `mappings`: [column, source index, …], relative values decoded. */
function* decodeLine(line, state) {
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const values = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    state.column += values[0];
    if (values.length > 1) state.source += values[1];
    yield { column: state.column, source: values.length > 1 ? state.source : -1 };
  }
}
function packageOf(source) {
  const inModules = source.split('node_modules/').at(-1);
  if (inModules === source) return source.includes('/src/') ? 'the app' : 'bundler runtime';
  const [scope, name] = inModules.split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}
const parts = new Map();
for (const key of entryChunks) {
  const file = path.join(dist, manifest[key].file);
  const code = readFileSync(file, 'utf8');
  if (!existsSync(`${file}.map`)) {
    parts.set('bundler runtime', (parts.get('bundler runtime') ?? '') + code);
    continue;
  }
  const lines = code.split('\n');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const state = { column: 0, source: 0 };
  map.mappings.split(';').forEach((mappingLine, index) => {
    state.column = 0;
    const segments = [...decodeLine(mappingLine, state)];
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.column ?? lines[index]?.length ?? 0;
      const owner = segment.source < 0 ? 'bundler runtime' : packageOf(map.sources[segment.source]);
      parts.set(owner, (parts.get(owner) ?? '') + (lines[index] ?? '').slice(segment.column, end));
    });
  });
}
console.log(`\n${pad('The entry, by package', 34)}${pad('brotli', 12)}gzip`);
for (const [owner, code] of [...parts].sort((a, b) => b[1].length - a[1].length)) {
  const brotli = kb(brotliCompressSync(code).length);
  console.log(`  ${pad(owner, 32)}${cell(brotli)}${kb(gzipSync(code, { level: 9 }).length).toFixed(1)} KB`);
}

const checks = [
  ['Entry (every route)', entry, ENTRY_BUDGET_KB],
  ['Home', home, HOME_BUDGET_KB],
];
console.log('');
for (const [name, size, budget] of checks) {
  const verdict = size.js <= budget ? 'within' : 'OVER';
  console.log(
    `${name}: ${size.js.toFixed(1)} KB of JavaScript (brotli; ${size.jsGzip.toFixed(1)} KB gzip), ${verdict} the ${budget} KB budget.`,
  );
}
process.exit(checks.every(([, size, budget]) => size.js <= budget) ? 0 : 1);
