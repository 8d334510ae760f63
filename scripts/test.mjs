// `npm test`: every test — Vitest (shared, server on PGlite and, with TEST_DATABASE_URL, PostgreSQL; web)
// then the Playwright journeys in Chromium — and one closing line `tests: N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = path.join(root, '.test-output');
rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const vitestReport = path.join(outputDir, 'vitest.json');
const vitestOk = run('Unit and API tests (Vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);

const playwrightReport = path.join(outputDir, 'playwright.json');
const playwrightOk = run('Browser tests (Playwright, Chromium)', bin('playwright'), ['test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

const vitest = readJson(vitestReport);
const playwright = readJson(playwrightReport);
const passed =
  (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
let failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
// A runner that died before reporting (e.g. Chromium missing) still counts as a failure.
if (!vitestOk && !vitest?.numFailedTests) failed += 1;
if (!playwrightOk && !playwright?.stats?.unexpected) failed += 1;

const summary = `tests: ${passed} passed, ${failed} failed`;
writeFileSync(path.join(outputDir, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(vitestOk && playwrightOk ? 0 : 1);
