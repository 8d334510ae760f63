// npm run bench [-- options]: loads the production server endpoint by endpoint and prints one table.
// See docs/PERFORMANCE.md for what it measures, the budgets and the latest results.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Options as LoadOptions, type Result as LoadResult } from 'autocannon';
import { count, like, not, sql } from 'drizzle-orm';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { bulkSeed } from '../apps/server/src/db/bulk-seed.js';
import {
  addBenchFixtures,
  auditRace,
  removeBenchFixtures,
  type BenchFixtures,
} from '../apps/server/src/db/bench-fixtures.js';
import { lockDataDir } from '../apps/server/src/db/data-dir-lock.js';
import { marathons } from '../apps/server/src/db/schema/index.js';
import { root, startProductionServer } from '../scripts/lib/production.mjs';
import { formatTable } from '../scripts/lib/table.mjs';
import { BUDGETS, checkBudgets, type Measurement } from './budgets.js';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    marathons: { type: 'string' },
    registrations: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '20' },
    'sell-out': { type: 'string' },
    'sell-out-connections': { type: 'string', default: '50' },
    runners: { type: 'string' },
  },
});

const databaseUrl = process.env.DATABASE_URL;
// The server inherits the environment: READ_CACHE=off npm run bench measures every read on the database.
const readCache = process.env.READ_CACHE ?? 'on';
const driver = databaseUrl ? 'postgres' : 'pglite';
const smoke = args.smoke;
const whole = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`--${name} must be a whole number, got ${value}`);
  return number;
};
// The dataset the run wants: 100k/1M on PostgreSQL, 10k/100k on the embedded database, 1k/10k for the smoke run.
const defaultSize = smoke
  ? [1_000, 10_000]
  : driver === 'postgres'
    ? [100_000, 1_000_000]
    : [10_000, 100_000];
const wanted = {
  marathons: whole('marathons', args.marathons, defaultSize[0]!),
  registrations: whole('registrations', args.registrations, defaultSize[1]!),
};
const durationSeconds = whole('duration', args.duration, smoke ? 2 : 10);
const warmUpSeconds = smoke ? 1 : 3;
const connections = whole('connections', args.connections, 20);
const sellOutRunners = whole('sell-out', args['sell-out'], smoke ? 300 : 10_000);
const sellOutConnections = whole('sell-out-connections', args['sell-out-connections'], 50);
const runnerCount = whole('runners', args.runners, smoke ? 5_000 : 60_000);
const HEAVY_RUNNER_REGISTRATIONS = 200;
const PAGE_LIMIT = 12;
const SAMPLED_RACES = 1_000;

// The embedded database lives in a folder the server locks: the bench prepares it, closes it, then starts the server.
const dataDir = smoke
  ? mkdtempSync(path.join(os.tmpdir(), 'stride-bench-'))
  : path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, 'bench/data'));
// With DATABASE_URL the server needs a fixed secret; any will do, sessions are written by the bench itself.
const authSecret = process.env.AUTH_SECRET ?? 'stride-bench-secret-not-for-production-0123456789';

async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const release = databaseUrl ? () => {} : lockDataDir(dataDir);
  const database = databaseUrl
    ? await openPostgres(databaseUrl)
    : await openPglite(path.join(dataDir, 'pglite'));
  try {
    return await work(database);
  } finally {
    await database.close();
    release();
  }
}

type Prepared = {
  fixtures: BenchFixtures;
  raceIds: string[];
  totalMarathons: number;
  totalRegistrations: number;
};

/** Seeds up to the wanted size, adds this run's fixtures and samples races to read. */
async function prepare(): Promise<Prepared> {
  return withDatabase(async ({ db }) => {
    await removeBenchFixtures(db);
    const [{ present } = { present: 0 }] = await db.select({ present: count() }).from(marathons);
    if (present < wanted.marathons) {
      const missing = { marathons: wanted.marathons - present, registrations: wanted.registrations };
      console.log(
        `Seeding ${missing.marathons} marathons and ${missing.registrations} registrations on ${driver}…`,
      );
      const started = performance.now();
      await bulkSeed(db, {
        ...missing,
        users: Math.max(100, Math.ceil(missing.registrations / 20)),
        password: 'SeedRunner1',
      });
      console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
    const fixtures = await addBenchFixtures(db, {
      runners: Math.max(runnerCount, sellOutRunners),
      heavyRunnerRegistrations: HEAVY_RUNNER_REGISTRATIONS,
    });
    const sampled = await db
      .select({ id: marathons.id })
      .from(marathons)
      .where(not(like(marathons.creatorId, 'bench-%')))
      .orderBy(sql`random()`)
      .limit(SAMPLED_RACES);
    const totals = await db.execute(
      sql`select (select count(*) from marathons)::int as marathons, (select count(*) from registrations)::int as registrations`,
    );
    const [row] = (totals as unknown as { rows: Array<{ marathons: number; registrations: number }> }).rows;
    return {
      fixtures,
      raceIds: sampled.map(({ id }) => id),
      totalMarathons: row!.marathons,
      totalRegistrations: row!.registrations,
    };
  });
}

/** Reads the server's resident memory every 200 ms while a load runs; the peak is what counts. */
function watchRss(pid: number) {
  let peakBytes = 0;
  const read = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakBytes = Math.max(peakBytes, kilobytes * 1024);
  };
  read();
  const timer = setInterval(read, 200);
  return () => {
    clearInterval(timer);
    read();
    return peakBytes;
  };
}

type Scenario = {
  name: string;
  kind: 'baseline' | 'read' | 'write';
  /** The request to repeat; `next` gives a fresh one per request (another race, another runner). */
  request: { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
  next?: () => { path?: string; headers?: Record<string, string>; body?: string };
  /** A different target for the warm-up, where repeating it would change the measured state. */
  warmUp?: () => { path?: string; headers?: Record<string, string>; body?: string };
  expectedStatus: number;
};

/** Runs autocannon; `onResponse` hears every answer as it arrives. */
function load(
  url: string,
  scenario: Scenario,
  options: Partial<LoadOptions>,
  { next = scenario.next, onResponse }: { next?: Scenario['next']; onResponse?: () => void } = {},
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        method: scenario.request.method ?? 'GET',
        headers: scenario.request.headers,
        body: scenario.request.body,
        ...options,
        requests: [
          {
            path: scenario.request.path,
            ...(next && {
              setupRequest: (request) => {
                const changes = next();
                return { ...request, ...changes, headers: { ...request.headers, ...changes.headers } };
              },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse) instance.on('response', onResponse);
  });
}

const errorsOf = (result: LoadResult, expectedStatus: number) =>
  result.errors +
  result.timeouts +
  (result.statusCodeStats ? unexpectedStatuses(result, expectedStatus) : result.non2xx);

function unexpectedStatuses(result: LoadResult, expectedStatus: number) {
  const stats = result.statusCodeStats as unknown as Record<string, { count: number }>;
  return Object.entries(stats)
    .filter(([status]) => Number(status) !== expectedStatus)
    .reduce((sum, [, { count: times }]) => sum + times, 0);
}

/** A runner token dispenser: every registration comes from a runner who has not registered for that race. */
function runnerTurns(fixtures: BenchFixtures) {
  let used = 0;
  return () => {
    const token = fixtures.runnerTokens[used++];
    if (token === undefined) throw new Error(`ran out of runners after ${used - 1}: raise --runners`);
    return token;
  };
}

function registrationRequest(raceId: string, nextToken: () => string) {
  return () => ({
    headers: { authorization: `Bearer ${nextToken()}` },
    body: JSON.stringify({
      marathonId: raceId,
      firstName: 'Bench',
      lastName: 'Runner',
      contact: '+1 555 0199',
      info: '',
    }),
  });
}

const json = { 'content-type': 'application/json' };

function scenarios(prepared: Prepared): Scenario[] {
  const { fixtures, raceIds, totalMarathons } = prepared;
  const deepPage = Math.max(1, Math.min(4000, Math.floor((totalMarathons / PAGE_LIMIT) * 0.8)));
  let raceTurn = 0;
  const nextRace = () => raceIds[raceTurn++ % raceIds.length]!;
  return [
    {
      name: 'GET /api/version (baseline)',
      kind: 'baseline',
      request: { path: '/api/version' },
      expectedStatus: 200,
    },
    {
      name: 'GET /api/marathons/featured',
      kind: 'read',
      request: { path: '/api/marathons/featured' },
      expectedStatus: 200,
    },
    {
      name: 'GET /api/marathons?sort=newest (page 1)',
      kind: 'read',
      request: { path: '/api/marathons?sort=newest&page=1' },
      expectedStatus: 200,
    },
    {
      name: `GET /api/marathons?sort=newest (page ${deepPage})`,
      kind: 'read',
      request: { path: `/api/marathons?sort=newest&page=${deepPage}` },
      expectedStatus: 200,
    },
    {
      name: 'GET /api/marathons/:id',
      kind: 'read',
      request: { path: `/api/marathons/${raceIds[0]}` },
      next: () => ({ path: `/api/marathons/${nextRace()}` }),
      expectedStatus: 200,
    },
    {
      name: 'GET /api/upcoming-marathons',
      kind: 'read',
      request: { path: '/api/upcoming-marathons' },
      expectedStatus: 200,
    },
    {
      name: `GET /api/registrations/by-email/:email (${HEAVY_RUNNER_REGISTRATIONS} registrations)`,
      kind: 'read',
      request: {
        path: `/api/registrations/by-email/${encodeURIComponent(fixtures.heavyRunner.email)}`,
        headers: { authorization: `Bearer ${fixtures.heavyRunner.token}` },
      },
      expectedStatus: 200,
    },
    {
      name: 'POST /api/registrations (distinct runners, one open race)',
      kind: 'write',
      request: { method: 'POST', path: '/api/registrations', headers: json },
      next: registrationRequest(fixtures.openRaceIds.registrations, runnerTurns(fixtures)),
      warmUp: registrationRequest(fixtures.openRaceIds.registrationsWarmUp, runnerTurns(fixtures)),
      expectedStatus: 201,
    },
  ];
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function main() {
  const started = performance.now();
  console.log(
    `Stride bench on ${driver}${smoke ? ' (smoke run)' : ''}, READ_CACHE=${readCache}: ` +
      `${os.cpus().length} cores, Node ${process.version}`,
  );
  const prepared = await prepare();
  console.log(
    `Data: ${prepared.totalMarathons} marathons, ${prepared.totalRegistrations} registrations ` +
      `(with the bench's ${HEAVY_RUNNER_REGISTRATIONS} for one runner). ${durationSeconds} s per endpoint at ${connections} connections.`,
  );

  const server = await startProductionServer({
    RATE_LIMIT: 'off',
    SEED_DEMO: 'off',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: authSecret,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  });
  const measurements: Measurement[] = [];
  let peakRssBytes = 0;
  let sellOut:
    { runners: number; seconds: number; perSecond: number; p99: number; errors: number } | undefined;
  try {
    for (const scenario of scenarios(prepared)) {
      await load(
        server.url,
        scenario,
        { duration: warmUpSeconds },
        { next: scenario.warmUp ?? scenario.next },
      );
      const stopWatching = watchRss(server.pid!);
      const result = await load(server.url, scenario, { duration: durationSeconds });
      const rssBytes = stopWatching();
      peakRssBytes = Math.max(peakRssBytes, rssBytes);
      const measurement: Measurement = {
        name: scenario.name,
        kind: scenario.kind,
        requestsPerSecond: round(result.requests.average, 0),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: errorsOf(result, scenario.expectedStatus),
        requests: result.requests.total,
        peakRssMb: round(rssBytes / 2 ** 20),
      };
      measurements.push(measurement);
      console.log(
        `  ${scenario.name}: ${measurement.requestsPerSecond} req/s, p99 ${measurement.p99Ms} ms, ${measurement.errors} errors`,
      );
    }

    const sellOutScenario: Scenario = {
      name: 'sell-out',
      kind: 'write',
      request: { method: 'POST', path: '/api/registrations', headers: json },
      next: registrationRequest(prepared.fixtures.openRaceIds.sellOut, runnerTurns(prepared.fixtures)),
      expectedStatus: 201,
    };
    const stopWatching = watchRss(server.pid!);
    // From the first request to the last answer: autocannon's own duration ends on its next whole-second tick.
    const sellOutStarted = performance.now();
    let lastAnswerAt = sellOutStarted;
    const result = await load(
      server.url,
      sellOutScenario,
      { amount: sellOutRunners, connections: sellOutConnections },
      { onResponse: () => (lastAnswerAt = performance.now()) },
    );
    const seconds = (lastAnswerAt - sellOutStarted) / 1000;
    peakRssBytes = Math.max(peakRssBytes, stopWatching());
    sellOut = {
      runners: sellOutRunners,
      seconds: round(seconds, 2),
      perSecond: round(sellOutRunners / seconds, 0),
      p99: result.latency.p99,
      errors: errorsOf(result, 201),
    };
    console.log(
      `  sell-out: ${sellOutRunners} runners in ${sellOut.seconds} s (${sellOut.perSecond}/s), p99 ${sellOut.p99} ms`,
    );
  } finally {
    await server.stop();
  }

  const audits = await withDatabase(async ({ db }) => {
    const { openRaceIds } = prepared.fixtures;
    const result = {
      registrationsRace: await auditRace(db, openRaceIds.registrations),
      sellOutRace: await auditRace(db, openRaceIds.sellOut),
    };
    await removeBenchFixtures(db);
    return result;
  });

  const baseline = measurements.find((measurement) => measurement.kind === 'baseline')!;
  for (const measurement of measurements) {
    measurement.ofBaseline = round(measurement.requestsPerSecond / baseline.requestsPerSecond, 3);
  }
  const auditProblems = [
    ...Object.entries(audits).flatMap(([race, audit]) =>
      audit.count === audit.rows && audit.rows === audit.distinctRunners
        ? []
        : [`${race}: count ${audit.count}, rows ${audit.rows}, distinct runners ${audit.distinctRunners}`],
    ),
    ...(audits.sellOutRace.rows === sellOutRunners
      ? []
      : [`sell-out: ${audits.sellOutRace.rows} of ${sellOutRunners} registered`]),
  ];
  const budgetResults = checkBudgets({ measurements, sellOut: sellOut!, peakRssBytes });

  printTable(measurements);
  console.log(
    `\nSell-out: ${sellOut!.runners} distinct runners, one race, ${sellOutConnections} connections: ` +
      `${sellOut!.seconds} s, ${sellOut!.perSecond} registrations/s, p99 ${sellOut!.p99} ms, ${sellOut!.errors} errors.`,
  );
  console.log(
    `Audit: sell-out race count ${audits.sellOutRace.count} = rows ${audits.sellOutRace.rows} = distinct runners ` +
      `${audits.sellOutRace.distinctRunners}; registration race count ${audits.registrationsRace.count} = rows ` +
      `${audits.registrationsRace.rows}. ${auditProblems.length === 0 ? 'OK' : `PROBLEMS: ${auditProblems.join('; ')}`}`,
  );
  console.log(`Server RSS peak under load: ${round(peakRssBytes / 2 ** 20)} MB.`);
  console.log(
    `\nBudgets (${driver === 'postgres' ? 'binding on PostgreSQL' : 'for information: they bind on PostgreSQL'}):`,
  );
  for (const budget of budgetResults) console.log(`  ${budget.met ? 'met   ' : 'MISSED'} ${budget.text}`);

  const report = {
    date: new Date().toISOString(),
    driver,
    smoke,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    data: { marathons: prepared.totalMarathons, registrations: prepared.totalRegistrations },
    load: { durationSeconds, warmUpSeconds, connections, tool: 'autocannon' },
    readCache,
    measurements,
    sellOut: { ...sellOut, connections: sellOutConnections },
    audits,
    peakRssMb: round(peakRssBytes / 2 ** 20),
    budgets: budgetResults,
    budgetDefinitions: BUDGETS,
  };
  if (smoke) {
    rmSync(dataDir, { recursive: true, force: true });
  } else {
    const resultsDir = path.join(root, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const stamp = report.date.replaceAll(':', '-').slice(0, 19);
    const cacheNote = readCache === 'on' ? '' : '-read-cache-off';
    const file = path.join(resultsDir, `${driver}-${prepared.totalMarathons}${cacheNote}-${stamp}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(root, file)}.`);
  }
  console.log(`Done in ${round((performance.now() - started) / 1000, 0)} s.`);

  const errors = measurements.reduce((sum, measurement) => sum + measurement.errors, sellOut!.errors);
  if (auditProblems.length > 0 || errors > 0) process.exitCode = 1;
  else if (driver === 'postgres' && !smoke && budgetResults.some((budget) => !budget.met))
    process.exitCode = 1;
}

function printTable(measurements: Measurement[]) {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'of baseline', 'RSS MB'];
  const rows = measurements.map((m) => [
    m.name,
    String(m.requestsPerSecond),
    String(m.p50Ms),
    String(m.p99Ms),
    String(m.errors),
    `${round((m.ofBaseline ?? 0) * 100)} %`,
    String(m.peakRssMb),
  ]);
  console.log(`\n${formatTable(header, rows, { alignNumbers: true })}`);
}

await main();
