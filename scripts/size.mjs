// `npm run size`: builds the web app and prints the gzip size of the JavaScript and CSS each route needs on
// first load (the entry, then the route's lazy module and its imports), and what the entry is made of. Fails
// when the entry (what every route loads) exceeds its budget, or Home exceeds its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ENTRY_BUDGET_KB = 90;
const HOME_BUDGET_KB = 120;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

const build = spawnSync('npm', ['run', 'build', '--workspace', '@stride/web', '--', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (content) => gzipSync(content).length / 1024;
const fileGzipKb = (file) => gzipKb(readFileSync(path.join(dist, file)));

/** The chunk of `key` and every chunk it imports statically, once each. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryChunks = closure(entryKey);
const sizeOf = (keys) => {
  let js = 0;
  let css = 0;
  for (const key of keys) {
    js += fileGzipKb(manifest[key].file);
    for (const file of manifest[key].css ?? []) css += fileGzipKb(file);
  }
  return { js, css };
};

const entry = sizeOf(entryChunks);
const rows = [['(entry: every route)', entry.js, entry.css]];
const routeKeys = Object.keys(manifest)
  .filter((key) => key.includes('src/app/routes/'))
  .sort();
let homeJs = 0;
for (const key of routeKeys) {
  const own = [...closure(key)].filter((chunk) => !entryChunks.has(chunk));
  const { js, css } = sizeOf(own);
  const name = key.replace(/^.*src\/app\/routes\//, '').replace(/\.tsx?$/, '');
  rows.push([name, entry.js + js, entry.css + css]);
  if (name === 'public/home') homeJs = entry.js + js;
}

const pad = (text, width) => String(text).padEnd(width);
console.log(`\n${pad('Route (first load)', 34)}${pad('JS gzip', 12)}CSS gzip`);
for (const [name, js, css] of rows)
  console.log(`${pad(name, 34)}${pad(`${js.toFixed(1)} KB`, 12)}${css.toFixed(1)} KB`);

// What the entry is made of: its code attributed to packages (or the app) through the source map, each part
// gzipped on its own (so the parts add up to about the whole).
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
console.log('\nThe entry, by package (gzip):');
for (const [owner, code] of [...parts].sort((a, b) => b[1].length - a[1].length))
  console.log(`  ${pad(owner, 32)}${gzipKb(code).toFixed(1)} KB`);

const checks = [
  ['Entry (every route)', entry.js, ENTRY_BUDGET_KB],
  ['Home', homeJs, HOME_BUDGET_KB],
];
console.log('');
for (const [name, js, budget] of checks) {
  const verdict = js <= budget ? 'within' : 'OVER';
  console.log(`${name}: ${js.toFixed(1)} KB of JavaScript (gzip), ${verdict} the ${budget} KB budget.`);
}
process.exit(checks.every(([, js, budget]) => js <= budget) ? 0 : 1);
