// `npm test`: every test — Vitest (shared, server on the embedded PostgreSQL and, with TEST_DATABASE_URL, another
// PostgreSQL, with TEST_REDIS_URL Redis; web), the integration suite of several server processes behind nginx, then
// the Playwright journeys in Chromium — and one closing line `tests: N passed, M failed`.
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

const vitestRun = (label, report, env = {}) =>
  run(
    label,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );

const vitestReport = path.join(outputDir, 'vitest.json');
const vitestOk = vitestRun('Unit and API tests (Vitest)', vitestReport);
// Alone, so that what it times between processes is not slowed by the other test files.
const integrationReport = path.join(outputDir, 'integration.json');
const integrationOk = vitestRun('Several server processes behind nginx (Vitest)', integrationReport, {
  STRIDE_TEST_SUITE: 'integration',
});

const playwrightReport = path.join(outputDir, 'playwright.json');
const playwrightOk = run('Browser tests (Playwright, Chromium)', bin('playwright'), ['test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

const vitestRuns = [
  [vitestOk, readJson(vitestReport)],
  [integrationOk, readJson(integrationReport)],
];
const playwright = readJson(playwrightReport);
let passed = (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
let failed = playwright?.stats?.unexpected ?? 0;
// A runner that died before reporting (e.g. Chromium missing) still counts as a failure.
if (!playwrightOk && !playwright?.stats?.unexpected) failed += 1;
for (const [ok, report] of vitestRuns) {
  passed += report?.numPassedTests ?? 0;
  failed += report?.numFailedTests ?? 0;
  if (!ok && !report?.numFailedTests) failed += 1;
}

// The names of what failed, so that the tail of a long CI log still says which test to look at.
const failures = [];
for (const [, report] of vitestRuns) {
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') {
        failures.push(`vitest ${path.relative(root, file.name)} > ${test.fullName}`);
      }
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failures.push(
        `vitest ${path.relative(root, file.name)}: ${String(file.message ?? 'failed').split('\n')[0]}`,
      );
    }
  }
}
const collectFailedSpecs = (suite, titles = []) => {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected') failures.push(`playwright ${[...here, spec.title].join(' > ')}`);
    }
  }
  for (const child of suite.suites ?? []) collectFailedSpecs(child, here);
};
for (const suite of playwright?.suites ?? []) collectFailedSpecs(suite);
writeFileSync(path.join(outputDir, 'failures.txt'), failures.map((line) => `${line}\n`).join(''));
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);

const summary = `tests: ${passed} passed, ${failed} failed`;
writeFileSync(path.join(outputDir, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(vitestOk && integrationOk && playwrightOk ? 0 : 1);
