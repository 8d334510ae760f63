// `npm run size`: builds the web app and prints the gzip size of the JavaScript and CSS each route needs on
// first load (the entry, then the route's lazy module and its imports). Fails when Home exceeds its budget.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HOME_BUDGET_KB = 120;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

const build = spawnSync('npm', ['run', 'build', '--workspace', '@stride/web', '--', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

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
    js += gzipKb(manifest[key].file);
    for (const file of manifest[key].css ?? []) css += gzipKb(file);
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
const verdict = homeJs <= HOME_BUDGET_KB ? 'within' : 'OVER';
console.log(
  `\nHome: ${homeJs.toFixed(1)} KB of JavaScript (gzip), ${verdict} the ${HOME_BUDGET_KB} KB budget.`,
);
process.exit(homeJs <= HOME_BUDGET_KB ? 0 : 1);
