// `npm run lighthouse`: audits the production build with Lighthouse (default mobile settings) on Home, All
// News and a signed-in Marathon details page, several runs per page, and reports the median of each value.
// Writes a summary to bench/results/lighthouse-<date-time>.json (the full reports go to a git-ignored folder
// beside it) and exits non-zero when a median category score is below the threshold.
//
//   npm run lighthouse                      3 runs per page, every score must be ≥ 95
//   npm run lighthouse -- --min-score 90    another threshold
//   npm run lighthouse -- --runs 5          more runs per page
//   npm run lighthouse -- --smoke           one run per page, threshold 0, no summary: the tool still works
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './lib/chromium.mjs';
import { root, startProductionServer } from './lib/production.mjs';
import { formatTable } from './lib/table.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
};
const resultsDir = path.join(root, 'bench/results');

const { values: options } = parseArgs({
  options: {
    'min-score': { type: 'string', default: '95' },
    runs: { type: 'string', default: '3' },
    smoke: { type: 'boolean', default: false },
  },
});
const minScore = options.smoke ? 0 : Number(options['min-score']);
const runsPerPage = options.smoke ? 1 : Number(options.runs);
if (!Number.isFinite(minScore) || !Number.isInteger(runsPerPage) || runsPerPage < 1) {
  console.error('Usage: node scripts/lighthouse.mjs [--min-score N] [--runs N] [--smoke]');
  process.exit(2);
}
if (!existsSync(chromiumPath)) {
  console.error(`Chromium not found at ${chromiumPath}: run \`bash scripts/install-chromium.sh\`.`);
  process.exit(2);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Signs a new user up; returns the session cookie as a Cookie request header. */
async function signUp(url) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Lighthouse Runner',
      email: `lighthouse-${randomUUID()}@stride.test`,
      password: 'Runner1pass',
      image: `${url}/favicon.svg`,
    }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('sign-up set no session cookie');
  return cookies.join('; ');
}

async function findMarathonId(url) {
  const response = await fetch(`${url}/api/marathons?limit=1`);
  const [marathon] = response.ok ? await response.json() : [];
  if (!marathon?._id)
    throw new Error(`no marathon to audit (GET /api/marathons answered ${response.status})`);
  return marathon._id;
}

/** Lighthouse's own failures to measure (NO_NAVSTART, NO_FCP…) happen now and then on a busy machine. */
const ATTEMPTS_PER_RUN = 3;

/** One Lighthouse run of `target`; retried when Lighthouse could not measure the load, not when the page fails. */
async function audit(url, target, port) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url + target.path, {
      port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      extraHeaders: target.headers,
    });
    const runtimeError = result?.lhr.runtimeError;
    if (!runtimeError) {
      const endedOn = new URL(result.lhr.finalDisplayedUrl).pathname;
      // A lost session sends the private page to /login, which would then be audited in its place.
      if (endedOn !== target.path) throw new Error(`${target.path} ended on ${endedOn}`);
      return result;
    }
    if (attempt === ATTEMPTS_PER_RUN) throw new Error(runtimeError.message);
    console.warn(`  Lighthouse could not measure it (${runtimeError.code}): trying again.`);
  }
}

/** Category scores (0–100) and the metrics of one Lighthouse result. */
function summarize(lhr) {
  // Lighthouse's own measure of this machine's CPU speed at the time: tells a slow run from a slow page.
  const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category].score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, auditId]) => [name, lhr.audits[auditId].numericValue]),
  );
  return { scores, metrics, benchmarkIndex };
}

function medianOf(runs) {
  const medianBy = (group, keys) =>
    Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[group][key]))]));
  return {
    scores: medianBy('scores', CATEGORIES),
    metrics: medianBy('metrics', Object.keys(METRICS)),
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
  };
}

function printTable(pages) {
  const header = ['Page', 'Perf', 'A11y', 'Best pr.', 'LCP', 'TBT', 'CLS', 'FCP'];
  const rows = pages.map(({ name, median: { scores, metrics } }) => [
    name,
    ...CATEGORIES.map((category) => String(scores[category])),
    `${(metrics.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(metrics.tbtMs)} ms`,
    metrics.cls.toFixed(3),
    `${(metrics.fcpMs / 1000).toFixed(2)} s`,
  ]);
  console.log(`\n${formatTable(header, rows)}`);
}

const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replaceAll(':', '-');
const reportsDir = path.join(resultsDir, 'lighthouse-reports', stamp);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stride-lighthouse-'));
const chromiumProfile = mkdtempSync(path.join(os.tmpdir(), 'stride-lighthouse-chromium-'));
let server;
let chromium;
let exitCode = 1;

const removeTemporaryFolders = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(chromiumProfile, { recursive: true, force: true });
};
// Also when the build step of startProductionServer fails and exits the process.
process.once('exit', removeTemporaryFolders);

let cleanedUp;
/** Stops Chromium and the server this script started and removes their folders; once, whoever asks first. */
function cleanUp() {
  cleanedUp ??= (async () => {
    chromium?.kill();
    await server?.stop();
    removeTemporaryFolders();
  })();
  return cleanedUp;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().then(() => process.exit(128 + os.constants.signals[signal])));
}

try {
  const started = Date.now();
  server = await startProductionServer({ DATA_DIR: dataDir, RATE_LIMIT: 'off' });
  const cookie = await signUp(server.url);
  const marathonId = await findMarathonId(server.url);
  const targets = [
    { name: 'Home', path: '/' },
    { name: 'All News', path: '/blogs' },
    { name: 'Marathon details (signed in)', path: `/marathon-details/${marathonId}`, headers: { cookie } },
  ];

  chromium = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    userDataDir: chromiumProfile,
    handleSIGINT: false,
  });
  mkdirSync(reportsDir, { recursive: true });
  const pages = [];
  let settings;
  for (const [pageIndex, target] of targets.entries()) {
    const runs = [];
    for (let run = 1; run <= runsPerPage; run++) {
      console.log(`Lighthouse: ${target.name} (${target.path}), run ${run} of ${runsPerPage}…`);
      const result = await audit(server.url, target, chromium.port);
      const { formFactor, throttlingMethod, throttling, screenEmulation } = result.lhr.configSettings;
      settings ??= {
        lighthouse: result.lhr.lighthouseVersion,
        formFactor,
        throttlingMethod,
        throttling,
        screen: `${screenEmulation.width}x${screenEmulation.height}@${screenEmulation.deviceScaleFactor}`,
      };
      const [htmlReport, jsonReport] = result.report;
      const reportName = path.join(reportsDir, `page-${pageIndex + 1}-run-${run}`);
      writeFileSync(`${reportName}.html`, htmlReport);
      writeFileSync(`${reportName}.json`, jsonReport);
      runs.push(summarize(result.lhr));
    }
    pages.push({ name: target.name, path: target.path, median: medianOf(runs), runs });
  }

  printTable(pages);
  const failing = pages.flatMap(({ name, median: { scores } }) =>
    CATEGORIES.filter((category) => scores[category] < minScore).map(
      (category) => `${name}: ${category} ${scores[category]}`,
    ),
  );
  const summary = {
    date: new Date().toISOString(),
    // Debian's wrapper script prints a harmless shell warning on stderr: keep it out of the output.
    chromium: execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim(),
    // Lighthouse's defaults: a mid-range phone on slow 4G, simulated (throttlingMethod 'simulate').
    settings,
    runsPerPage,
    minScore,
    pages,
    failing,
  };
  // A smoke run only checks the tool: its numbers are not worth keeping (nor committing by mistake).
  const summaryFile = options.smoke ? undefined : path.join(resultsDir, `lighthouse-${stamp}.json`);
  if (summaryFile) writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
  const benchmarkIndexes = pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex));
  console.log(
    `\nMedian of ${runsPerPage} run(s) per page; Lighthouse's CPU benchmark index ranged ` +
      `${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)} (higher is faster).`,
  );
  if (summaryFile) console.log(`Summary: ${path.relative(root, summaryFile)}`);
  console.log(`Full reports: ${path.relative(root, reportsDir)}/`);
  console.log(`Took ${Math.round((Date.now() - started) / 1000)} s.`);
  if (failing.length > 0) {
    console.error(`\nBelow ${minScore}:\n  ${failing.join('\n  ')}`);
  } else {
    console.log(`Every score is at least ${minScore}.`);
    exitCode = 0;
  }
} catch (error) {
  console.error(`Lighthouse run failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
