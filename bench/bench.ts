// npm run bench [-- options]: loads the production server endpoint by endpoint and prints one table. With
// --workers N, the server is the cluster entry (`npm run start:cluster`): a primary and N workers on one port.
// See docs/PERFORMANCE.md for what it measures, the budgets and the latest results.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Options as LoadOptions, type Result as LoadResult } from 'autocannon';
import { count, like, not, sql } from 'drizzle-orm';
import { CAPACITY_LIMITS, formatMoney } from '@stride/shared';
import { type Database, type DatabaseHandle, openPostgres } from '../apps/server/src/db/client.js';
import { SEED_DISTANCES, SEED_LOCATIONS, bulkSeed } from '../apps/server/src/cli/bulk-seed.js';
import {
  addBenchFixtures,
  auditRace,
  findRaceEntries,
  PAID_STAMPEDE_PRICE,
  registrationBody,
  removeBenchFixtures,
  removeBenchMail,
  type BenchFixtures,
  type RaceEntries,
} from './fixtures.js';
import { BENCH_ENTRY_FORM, entryFormBody, fillSeededAnswers, filteredDeskPages } from './entry-form.js';
import { openDataDirDatabase, openServerDatabase } from '../apps/server/src/platform/server-database.js';
import { marathons } from '../apps/server/src/db/schema/index.js';
import { buildStale, root, startProductionServer, stopRunningServers } from '../scripts/lib/production.mjs';
import { formatTable } from '../scripts/lib/table.mjs';
import {
  BUDGETS,
  ballotBudgets,
  checkBudgets,
  raceDayBudgets,
  resultsBudgets,
  type BudgetResult,
  type Driver,
  type Measurement,
  type ParticipantsCsv,
  type Stampede,
  type StampedePhase,
} from './budgets.js';
import {
  auditCancellations,
  auditStampede,
  unexpectedAnswers,
  type Audit,
  type StampedeAnswer,
} from './stampede-audit.js';
import {
  type PaidStampedeRun,
  planPaidStampede,
  runPaidStampede,
  startBenchStripe,
  STRIPE_REQUESTS_PER_SECOND,
} from './paid-stampede.js';
import { RACE_DAY_PLAN, type RaceDay, addRaceDayRace, runRaceDay } from './race-day.js';
import { RESULTS_PLAN, type ResultsRun, addResultsRace, removeResults, runResults } from './results.js';
import { BALLOT_PLAN, type BallotRun, ballotRunners, runBallot } from './ballot.js';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    marathons: { type: 'string' },
    registrations: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '20' },
    'stampede-capacity': { type: 'string' },
    'stampede-runners': { type: 'string' },
    'stampede-cancels': { type: 'string' },
    'stampede-connections': { type: 'string', default: '50' },
    'stampede-only': { type: 'boolean', default: false },
    /** Only issue 33's race morning (and its budgets): for iterating on check-in. */
    'race-day-only': { type: 'boolean', default: false },
    /** Only issue 34's results (and their budgets): for iterating on results. */
    'results-only': { type: 'boolean', default: false },
    /** Only issue 35's ballot (and its budgets): for iterating on the ballot. */
    'ballot-only': { type: 'boolean', default: false },
    only: { type: 'string' },
    runners: { type: 'string' },
    workers: { type: 'string' },
    // Replaced by the stampede (ADR 017); named here only to say so.
    'sell-out': { type: 'string' },
    'sell-out-connections': { type: 'string' },
  },
});
if (args['sell-out'] !== undefined || args['sell-out-connections'] !== undefined) {
  throw new Error(
    'The sell-out is now the capacity stampede: use --stampede-runners, --stampede-capacity and --stampede-connections.',
  );
}

const databaseUrl = process.env.DATABASE_URL;
// The server inherits the environment: READ_CACHE=off npm run bench measures every read on the database.
const readCache = process.env.READ_CACHE ?? 'on';
const driver: Driver = databaseUrl ? 'postgres' : 'embedded';
const smoke = args.smoke;
const whole = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`--${name} must be a whole number, got ${value}`);
  return number;
};
// The dataset the run wants: 100k/1M (on the embedded PostgreSQL as on DATABASE_URL's), 1k/10k for the smoke run.
const defaultSize = smoke ? [1_000, 10_000] : [100_000, 1_000_000];
const wanted = {
  marathons: whole('marathons', args.marathons, defaultSize[0]!),
  registrations: whole('registrations', args.registrations, defaultSize[1]!),
};
/** `--workers N`: the cluster entry (`npm run start:cluster`), a primary and N workers on one port, for the server. */
const workers = args.workers === undefined ? undefined : whole('workers', args.workers, 1);
if (workers === 0) throw new Error('--workers must be at least 1');
const durationSeconds = whole('duration', args.duration, smoke ? 2 : 10);
const warmUpSeconds = smoke ? 1 : 3;
const connections = whole('connections', args.connections, 20);
const stampede = {
  capacity: whole('stampede-capacity', args['stampede-capacity'], smoke ? 100 : 10_000),
  runners: whole('stampede-runners', args['stampede-runners'], smoke ? 300 : 30_000),
  cancels: whole('stampede-cancels', args['stampede-cancels'], smoke ? 30 : 1_000),
  connections: whole('stampede-connections', args['stampede-connections'], 50),
};
if (stampede.capacity < CAPACITY_LIMITS.min || stampede.capacity > CAPACITY_LIMITS.max)
  throw new Error(`--stampede-capacity must be ${CAPACITY_LIMITS.min}–${CAPACITY_LIMITS.max}`);
if (stampede.cancels < 1 || stampede.cancels > Math.min(stampede.capacity, stampede.runners))
  throw new Error('--stampede-cancels must be at least 1 and at most the runners who get a place');
if (stampede.connections < 1 || stampede.connections > stampede.runners)
  throw new Error('--stampede-connections must be at least 1 and at most --stampede-runners');
// Enough for the two registration rows and their warm-ups on a fast machine (over 2,000 a second even in a smoke
// run), each request from a runner the server has not seen yet.
const runnerCount = whole('runners', args.runners, smoke ? 20_000 : 120_000);
/** Skips the endpoint table: for iterating on the stampede. Endpoint budgets are then not checked. */
const stampedeOnly = args['stampede-only'];
const raceDayOnly = args['race-day-only'];
const resultsOnly = args['results-only'];
const ballotOnly = args['ballot-only'];
if ([raceDayOnly, resultsOnly, ballotOnly].filter(Boolean).length > 1)
  throw new Error('--race-day-only, --results-only and --ballot-only exclude each other');
/** Only the endpoints whose name contains this (and the baseline), nothing else: for iterating on a read. */
const onlyEndpoints = args.only;
if (onlyEndpoints !== undefined && stampedeOnly)
  throw new Error('--only and --stampede-only exclude each other');
/** ADR 020's heavy accounts: an organizer's races and a runner's registrations (fewer in a smoke run). */
const HEAVY_ORGANIZER_RACES = smoke ? 100 : 1_000;
const HEAVY_RUNNER_REGISTRATIONS = smoke ? 200 : 5_000;
/** Issue 31: the busiest seeded races with the bench's entry form, whose desks are read filtered. */
const FORM_RACES = smoke ? 10 : 100;
/** Issue 35: two stampedes of 100,000 (free, then a ballot) and three draws of 100,000 entries (fewer in a smoke run). */
const ballotPlan = smoke ? BALLOT_PLAN.smoke : BALLOT_PLAN.full;
/** A page of My Marathons and My Apply List in the web app. */
const OWN_LIST_PAGE_LIMIT = 20;
const PAGE_LIMIT = 12;

// The embedded database lives in a folder the server locks: the bench prepares it, closes it, then starts the server.
const dataDir = smoke
  ? mkdtempSync(path.join(os.tmpdir(), 'stride-bench-'))
  : path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, 'bench/data'));
// Also when the run fails or is interrupted (its database stopped by then).
if (smoke) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
// With DATABASE_URL the server needs a fixed secret; any will do, sessions are written by the bench itself.
const authSecret = process.env.AUTH_SECRET ?? 'stride-bench-secret-not-for-production-0123456789';

/** What the bench started itself and an interrupted run stops: its own database, bare Fastify. */
const startedHere = new Set<() => Promise<unknown>>();
/** Set once SIGINT, SIGTERM or SIGHUP arrived: everything started is being stopped, then the bench exits. */
let interruption: Promise<never> | undefined;

function interrupt(signal: NodeJS.Signals) {
  interruption ??= (async () => {
    console.log(`\n${signal}: stopping the server and the database…`);
    await Promise.allSettled([stopRunningServers(), ...[...startedHere].map((stop) => stop())]);
    process.exit(128 + os.constants.signals[signal]);
  })();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, interrupt);

/** `work` once, however often it is asked for: the run's own clean-up and an interruption may both ask. */
function once<T>(work: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= work());
}

async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  if (interruption) await interruption;
  const opening = openServerDatabase({ databaseUrl, dataDir }).then((database) => ({
    ...database,
    close: once(database.close),
  }));
  const close = () => opening.then((database) => database.close());
  startedHere.add(close);
  const database = await opening;
  try {
    return await work(database);
  } finally {
    await database.close();
    startedHere.delete(close);
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
    const answering = performance.now();
    const answered = await fillSeededAnswers(db);
    if (answered > 0)
      console.log(
        `Answered the entry form on ${answered} seeded registrations (once per database) in ` +
          `${((performance.now() - answering) / 1000).toFixed(1)} s.`,
      );
    const fixtures = await addBenchFixtures(db, {
      runners: Math.max(runnerCount, stampede.runners, ballotRunners(ballotPlan)),
      heavyOrganizerRaces: HEAVY_ORGANIZER_RACES,
      heavyRunnerRegistrations: HEAVY_RUNNER_REGISTRATIONS,
      stampedeCapacity: stampede.capacity,
      formRaces: FORM_RACES,
      authSecret,
    });
    // Every seeded race, in random order: the race page's row reads over the whole table (ADR 020).
    const sampled = await db
      .select({ id: marathons.id })
      .from(marathons)
      .where(not(like(marathons.creatorId, 'bench-%')))
      .orderBy(sql`random()`);
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

/** The processes' resident memory now, summed, in bytes (a process that has just ended counts 0). */
function rssBytesOf(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return sum + Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * Reads the server's resident memory every 200 ms while a load runs (a cluster's: its primary's and workers',
 * summed); the peak is what counts.
 */
function watchRss(pidsOf: () => number[]) {
  let peakBytes = 0;
  const read = () => {
    peakBytes = Math.max(peakBytes, rssBytesOf(pidsOf()));
  };
  read();
  const timer = setInterval(read, 200);
  return () => {
    clearInterval(timer);
    read();
    return peakBytes;
  };
}

/**
 * The embedded PostgreSQL's memory: PSS (shared pages split among the processes that map them, so shared_buffers
 * counts once) of the postmaster and its children, summed. 0 with DATABASE_URL or while it is stopped.
 */
function databasePssBytes(): number {
  if (databaseUrl) return 0;
  try {
    const postmaster = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]!;
    const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
      .trim()
      .split(' ');
    return [postmaster, ...children.filter(Boolean)].reduce((sum, pid) => {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      return sum + Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    }, 0);
  } catch {
    return 0; // stopped, or a process ended between the two reads: the next sample counts
  }
}

/**
 * The database's PSS every 500 ms over the whole run: the peak, and what it held once the server had started.
 * The sampling does not keep the bench alive: a run that ends early (--only) never reads it.
 */
function watchDatabasePss() {
  let peakBytes = 0;
  let atStartBytes = 0;
  const timer = setInterval(() => {
    const bytes = databasePssBytes();
    if (atStartBytes === 0) atStartBytes = bytes;
    peakBytes = Math.max(peakBytes, bytes);
  }, 500).unref();
  return () => {
    clearInterval(timer);
    return { atStartMb: round(atStartBytes / 2 ** 20), peakMb: round(peakBytes / 2 ** 20) };
  };
}

type Scenario = {
  name: string;
  kind: Measurement['kind'];
  /**
   * The request to repeat; `next` gives a fresh one per request (another race, another runner), and may note in
   * `context` what the request's answer (`onBody`) needs to know.
   */
  request: {
    method?: 'GET' | 'POST' | 'DELETE';
    path: string;
    headers?: Record<string, string>;
    body?: string;
  };
  next?: (context: LoadContext) => { path?: string; headers?: Record<string, string>; body?: string };
  /** A different target for the warm-up, where repeating it would change the measured state. */
  warmUp?: () => { path?: string; headers?: Record<string, string>; body?: string };
  expectedStatus: number;
  /** Measured once more on a server just started, without a warm-up (ADR 020): empty caches, cold code. */
  cold?: boolean;
  /** The scenario whose req/s this one's is held to (Measurement.against). */
  against?: string;
};

/** What autocannon keeps per connection from a request to its answer (one request at a time on each). */
type LoadContext = Record<string, unknown>;

/** Runs autocannon; `onResponse` hears every answer as it arrives, `onBody` reads each one's status and body. */
function load(
  url: string,
  scenario: Scenario,
  options: Partial<LoadOptions>,
  {
    next = scenario.next,
    onResponse,
    onBody,
  }: {
    next?: Scenario['next'];
    onResponse?: () => void;
    onBody?: (status: number, body: string, context: LoadContext) => void;
  } = {},
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
            ...(onBody && {
              onResponse: (status: number, body: string, context: object) =>
                onBody(status, body, context as LoadContext),
            }),
            ...(next && {
              setupRequest: (request, context) => {
                const changes = next(context as LoadContext);
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

/**
 * A runner token dispenser, from the `from`-th runner on: every registration comes from a runner who has not
 * registered for that race.
 */
function runnerTurns(fixtures: BenchFixtures, from = 0) {
  let used = from;
  return () => {
    const runner = fixtures.runners[used++];
    if (runner === undefined) throw new Error(`ran out of runners after ${used - 1}: raise --runners`);
    return runner.token;
  };
}

function registrationRequest(raceId: string, nextToken: () => string, { waitlist = false } = {}) {
  return () => ({
    headers: { authorization: `Bearer ${nextToken()}` },
    body: registrationBody(raceId, { waitlist }),
  });
}

/** Registrations that fill in every field of the bench's entry form and answer its five questions. */
function entryFormRequest(raceId: string, nextToken: () => string) {
  let turn = 0;
  return () => ({
    headers: { authorization: `Bearer ${nextToken()}` },
    body: JSON.stringify(entryFormBody(raceId, turn++)),
  });
}

const json = { 'content-type': 'application/json' };

const PARTICIPANTS_PAGE_LIMIT = 25;

/**
 * The organizer's pages of the busiest race's participants: every page of every sort and order in turn, scattered
 * over the list, never one hot page.
 */
function participantPages(race: BenchFixtures['busiestRace']) {
  const pages = Math.max(1, Math.ceil(race.entries / PARTICIPANTS_PAGE_LIMIT));
  const views = ['bib', 'lastName', 'timestamp'].flatMap((sort) =>
    ['asc', 'desc'].map((order) => `sort=${sort}&order=${order}`),
  );
  let turn = 0;
  return () => {
    turn++;
    const page = 1 + ((turn * 7919) % pages); // a stride prime to the page count: every page, scattered
    return `/api/marathons/${race.id}/participants?limit=${PARTICIPANTS_PAGE_LIMIT}&${views[turn % views.length]}&page=${page}`;
  };
}

/**
 * What an organizer types to find runners in the busiest race, in turn: one runner's address pasted whole, the
 * name part of another's, a third's bib, the first letters that many addresses share (~2 % of the race) and a
 * name nobody has.
 */
function participantSearches(race: BenchFixtures['busiestRace']) {
  const [pasted, named, numbered, shared] = race.entrants;
  if (!shared) throw new Error('The busiest race needs four registered runners for the searches.');
  const searches = [
    pasted!.email,
    named!.email.split('.')[0]!,
    String(numbered!.bib),
    shared.email.slice(0, 'runner'.length + 2),
    'lovelace',
  ].map((q) => `q=${encodeURIComponent(q)}`);
  let turn = 0;
  return () =>
    `/api/marathons/${race.id}/participants?limit=${PARTICIPANTS_PAGE_LIMIT}&${searches[turn++ % searches.length]}`;
}

/**
 * What runners look for in the list, in turn over all of them: a seeded place with a typo (a letter left out),
 * one distance and a month of start days, from a year ago to a year ahead (where the seed puts them).
 */
function marathonSearches() {
  const thisMonth = new Date();
  const months = Array.from({ length: 24 }, (_, index) => {
    const first = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 12 + index, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    return `from=${first.toISOString().slice(0, 10)}&to=${last.toISOString().slice(0, 10)}`;
  });
  let turn = 0;
  return () => {
    const place = SEED_LOCATIONS[turn % SEED_LOCATIONS.length]!;
    const typo = place.slice(0, -2) + place.slice(-1);
    const distance = SEED_DISTANCES[Math.floor(turn / SEED_LOCATIONS.length) % SEED_DISTANCES.length]!;
    const month = months[Math.floor(turn / (SEED_LOCATIONS.length * SEED_DISTANCES.length)) % months.length]!;
    turn++;
    return `/api/marathons?q=${encodeURIComponent(typo)}&distance=${distance}&${month}`;
  };
}

/**
 * Downloads the busiest race's whole participant list as CSV, `times` times one after the other, watching the
 * server's memory: the export is streamed, so the peak should stay near where it started.
 */
async function participantsCsv(
  url: string,
  race: BenchFixtures['busiestRace'],
  serverPids: () => number[],
  times = 5,
) {
  const rssBeforeBytes = rssBytesOf(serverPids());
  const stopWatching = watchRss(serverPids);
  const seconds: number[] = [];
  const rssAfterEachMb: number[] = [];
  let rows = 0;
  let bytes = 0;
  let questions = 0;
  for (let time = 0; time < times; time++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/marathons/${race.id}/participants.csv`, {
      headers: { authorization: `Bearer ${race.organizerToken}` },
    });
    const text = await response.text();
    seconds.push((performance.now() - started) / 1000);
    if (response.status !== 200)
      throw new Error(`participants.csv answered ${response.status}: ${text.slice(0, 200)}`);
    rows = text.split('\r\n').filter((line) => line.length > 0).length - 1;
    bytes = Buffer.byteLength(text);
    const header = text.slice(0, text.indexOf('\r\n'));
    questions = BENCH_ENTRY_FORM.questions.filter((question) => header.includes(question.label)).length;
    rssAfterEachMb.push(round(rssBytesOf(serverPids()) / 2 ** 20));
  }
  const peakBytes = stopWatching();
  const sorted = [...seconds].sort((a, b) => a - b);
  return {
    downloads: times,
    rows,
    kilobytes: round(bytes / 1024),
    medianSeconds: round(sorted[Math.floor(sorted.length / 2)]!, 3),
    slowestSeconds: round(sorted.at(-1)!, 3),
    rssBeforeMb: round(rssBeforeBytes / 2 ** 20),
    rssPeakMb: round(peakBytes / 2 ** 20),
    rssAfterMb: round(rssBytesOf(serverPids()) / 2 ** 20),
    rssAfterEachMb,
    questions,
  };
}

function scenarios(prepared: Prepared): Scenario[] {
  const { fixtures, raceIds, totalMarathons } = prepared;
  const deepPage = Math.max(1, Math.min(4000, Math.floor((totalMarathons / PAGE_LIMIT) * 0.8)));
  let raceTurn = 0;
  const nextRace = () => raceIds[raceTurn++ % raceIds.length]!;
  const nextParticipantPage = participantPages(fixtures.busiestRace);
  const nextParticipantSearch = participantSearches(fixtures.busiestRace);
  const nextMarathonSearch = marathonSearches();
  const nextFilteredPage = filteredDeskPages(fixtures.formRaces, PARTICIPANTS_PAGE_LIMIT);
  const organizer = { authorization: `Bearer ${fixtures.busiestRace.organizerToken}` };
  const plainRegistration = 'POST /api/registrations (distinct runners, one open race)';
  // One line of runners for both registration rows and their warm-ups: a runner seen by an earlier row (or by
  // the warm-up) would have their session kept in memory (10 s), which would flatter the later row.
  const nextRunner = runnerTurns(fixtures);
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
      name: 'GET /api/marathons/:id (every race, in random order)',
      kind: 'read',
      request: { path: `/api/marathons/${raceIds[0]}` },
      next: () => ({ path: `/api/marathons/${nextRace()}` }),
      expectedStatus: 200,
      cold: true,
    },
    {
      name: 'GET /api/upcoming-marathons',
      kind: 'read',
      request: { path: '/api/upcoming-marathons' },
      expectedStatus: 200,
    },
    ...heavyAccountScenarios(fixtures),
    {
      name: `GET /api/marathons/:id/participants (busiest race, ${fixtures.busiestRace.entries} entries, any page)`,
      kind: 'query',
      request: { path: nextParticipantPage(), headers: organizer },
      next: () => ({ path: nextParticipantPage() }),
      expectedStatus: 200,
    },
    {
      name: `GET /api/marathons/:id/participants?q= (busiest race, search)`,
      kind: 'query',
      request: { path: nextParticipantSearch(), headers: organizer },
      next: () => ({ path: nextParticipantSearch() }),
      expectedStatus: 200,
    },
    {
      name:
        `GET /api/marathons/:id/participants?gender=&ageGroup= (the ${fixtures.formRaces.length} busiest races, ` +
        'any gender, age group and order)',
      kind: 'query',
      request: nextFilteredPage(),
      next: nextFilteredPage,
      expectedStatus: 200,
      cold: true,
    },
    {
      name: 'GET /api/marathons?q= (a place with a typo, a distance, a month)',
      kind: 'query',
      request: { path: nextMarathonSearch() },
      next: () => ({ path: nextMarathonSearch() }),
      expectedStatus: 200,
    },
    {
      name: plainRegistration,
      kind: 'write',
      request: { method: 'POST', path: '/api/registrations', headers: json },
      next: registrationRequest(fixtures.openRaceIds.registrations, nextRunner),
      warmUp: registrationRequest(fixtures.openRaceIds.registrationsWarmUp, nextRunner),
      expectedStatus: 201,
    },
    // Right after the row above, on a race with the bench's entry form: its rate is held to that row's.
    {
      name: 'POST /api/registrations (every field and five answers, one open race)',
      kind: 'write',
      request: { method: 'POST', path: '/api/registrations', headers: json },
      next: entryFormRequest(fixtures.openRaceIds.registrationsWithForm, nextRunner),
      warmUp: entryFormRequest(fixtures.openRaceIds.registrationsWithFormWarmUp, nextRunner),
      expectedStatus: 201,
      against: plainRegistration,
    },
  ];
}

/**
 * The heavy accounts' dashboards: every page of My Marathons (an organizer with {@link HEAVY_ORGANIZER_RACES}
 * races) and of My Apply List (a runner with {@link HEAVY_RUNNER_REGISTRATIONS} registrations) in turn, as the web
 * app asks for them, and each whole list as docs/SPEC.md's clients ask for it.
 */
function heavyAccountScenarios(fixtures: BenchFixtures): Scenario[] {
  const lists = [
    {
      name: `GET /api/my-marathons (organizer with ${HEAVY_ORGANIZER_RACES} races`,
      path: '/api/my-marathons',
      size: HEAVY_ORGANIZER_RACES,
      token: fixtures.heavyOrganizer.token,
    },
    {
      name: `GET /api/registrations/by-email/:email (runner with ${HEAVY_RUNNER_REGISTRATIONS} registrations`,
      path: `/api/registrations/by-email/${encodeURIComponent(fixtures.heavyRunner.email)}`,
      size: HEAVY_RUNNER_REGISTRATIONS,
      token: fixtures.heavyRunner.token,
    },
  ];
  return lists.flatMap(({ name, path: listPath, size, token }) => {
    const headers = { authorization: `Bearer ${token}` };
    const pages = Math.ceil(size / OWN_LIST_PAGE_LIMIT);
    let turn = 0;
    const nextPage = () => `${listPath}?page=${1 + (turn++ % pages)}&limit=${OWN_LIST_PAGE_LIMIT}`;
    return [
      {
        name: `${name}, any page of ${OWN_LIST_PAGE_LIMIT})`,
        kind: 'page',
        request: { path: nextPage(), headers },
        next: () => ({ path: nextPage() }),
        expectedStatus: 200,
        cold: true,
      },
      {
        name: `${name}, the whole list)`,
        kind: 'whole list',
        request: { path: listPath, headers },
        expectedStatus: 200,
      },
    ] satisfies Scenario[];
  });
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

// The log as it is by default (level info, a sample of the requests), written where nobody reads it.
const serverEnv = {
  RATE_LIMIT: 'off',
  SEED_DEMO: 'off',
  LOG_LEVEL: 'info',
  AUTH_SECRET: authSecret,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
};

/**
 * The production server (or with --workers the cluster) with the log above, in a process group of its own: an
 * interrupted bench stops it itself, with one signal. Of the build main() made first: a run measures one build,
 * even while the sources change under it.
 */
async function startServer(env: Record<string, string> = serverEnv) {
  if (interruption) await interruption;
  return startProductionServer(env, { stdout: 'ignore', workers, detached: true, build: false });
}

/** What runs the server, for the output: one process, or a primary and its workers. */
const processes =
  workers === undefined ? 'one server process' : `a primary and ${workers} workers (node:cluster)`;
const serverRss = workers === undefined ? 'server RSS' : 'server RSS (primary and workers summed)';

/**
 * Sends `amount` requests over `connections` at once, timed from the first request to the last answer
 * (autocannon's own duration ends on its next whole-second tick).
 */
async function burst(
  url: string,
  scenario: Scenario,
  amount: number,
  onBody: (status: number, body: string, context: LoadContext) => void,
  options: Partial<LoadOptions> = {},
): Promise<StampedePhase> {
  const phaseStarted = performance.now();
  let lastAnswerAt = phaseStarted;
  const result = await load(
    url,
    scenario,
    { amount, connections: Math.min(stampede.connections, amount), ...options },
    { onResponse: () => (lastAnswerAt = performance.now()), onBody },
  );
  const seconds = (lastAnswerAt - phaseStarted) / 1000;
  return {
    requests: amount,
    seconds: round(seconds, 2),
    perSecond: round(amount / seconds, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: errorsOf(result, scenario.expectedStatus),
  };
}

/**
 * The stampede: every runner asks once, all at the same time, for a place or else a place in line (into a ballot
 * race, for a place in its ballot). By default the stampede's race and runners; else `runners` of the bench's
 * runners from the `from`-th on.
 */
async function stampedePosts(
  url: string,
  fixtures: BenchFixtures,
  { raceId = fixtures.openRaceIds.stampede, from = 0, runners = stampede.runners } = {},
) {
  const answers: StampedeAnswer[] = [];
  const unexpected = unexpectedAnswers(201);
  const phase = await burst(
    url,
    {
      name: 'stampede',
      kind: 'write',
      request: { method: 'POST', path: '/api/registrations', headers: json },
      next: registrationRequest(raceId, runnerTurns(fixtures, from), { waitlist: true }),
      expectedStatus: 201,
    },
    runners,
    (status, body) => {
      unexpected.note(status, body);
      if (status !== 201) return;
      const {
        _id,
        email,
        status: entryStatus,
        bib,
        waitlistPosition,
      } = JSON.parse(body) as Omit<StampedeAnswer, 'id'> & { _id: string };
      answers.push({ id: _id, email, status: entryStatus, bib, waitlistPosition });
    },
  );
  return { phase, answers, unexpected: unexpected.lines() };
}

/** `--stampede-cancels` registered runners, picked at random, withdraw at the same time, each with their own session. */
async function stampedeCancels(url: string, fixtures: BenchFixtures, before: RaceEntries) {
  const tokenOf = new Map(fixtures.runners.map((runner) => [runner.id, runner.token]));
  const registered = before.entries.filter((entry) => entry.status === 'registered');
  for (let index = registered.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [registered[index], registered[other]] = [registered[other]!, registered[index]!];
  }
  const chosen = registered.slice(0, stampede.cancels);
  let turn = 0;
  let answered = 0;
  const unexpected = unexpectedAnswers(200);
  const phase = await burst(
    url,
    {
      name: 'cancel',
      kind: 'write',
      request: { method: 'DELETE', path: '/api/registrations/none' },
      // A request lost to a timeout is replaced by the next one: wrap around rather than run out.
      next: () => {
        const entry = chosen[turn++ % chosen.length]!;
        return {
          path: `/api/registrations/${entry.id}`,
          headers: { authorization: `Bearer ${tokenOf.get(entry.userId)}` },
        };
      },
      expectedStatus: 200,
    },
    chosen.length,
    (status, body) => {
      unexpected.note(status, body);
      if (status === 200) answered++;
    },
  );
  return {
    phase,
    cancelled: chosen.map((entry) => ({ id: entry.id, bib: entry.bib! })),
    answered,
    unexpected: unexpected.lines(),
  };
}

function toMeasurement(scenario: Scenario, result: LoadResult, peakRssBytes: number): Measurement {
  return {
    name: scenario.name,
    kind: scenario.kind,
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: errorsOf(result, scenario.expectedStatus),
    requests: result.requests.total,
    peakRssMb: round(peakRssBytes / 2 ** 20),
    ...(scenario.against !== undefined && { against: scenario.against }),
  };
}

const REFERENCE: Scenario = {
  name: 'bare Fastify, constant JSON (reference)',
  kind: 'reference',
  request: { path: '/api/version' },
  expectedStatus: 200,
};

/** Bare Fastify sending a constant body as large as `scenario`'s answer: what this machine can send of it. */
function referenceFor(scenario: Scenario, bytes: number): Scenario {
  return {
    name: `bare Fastify, constant JSON of ${round(bytes / 1024, 0)} KB (reference for ${scenario.name.split(' (')[0]})`,
    kind: 'reference',
    request: { path: `/api/bytes?size=${bytes}` },
    expectedStatus: 200,
  };
}

/** The size of `scenario`'s answer, asked once. */
async function answerBytes(url: string, scenario: Scenario): Promise<number> {
  const response = await fetch(`${url}${scenario.request.path}`, { headers: scenario.request.headers });
  return (await response.arrayBuffer()).byteLength;
}

/**
 * Bare Fastify answering GET /api/version with the same JSON, in a process of its own (bench/reference-server.mjs):
 * what this machine serves with nothing of ours in the way, the denominator of `ofReference`; and the same for
 * constant bodies as large as the whole lists'.
 */
async function measureReference(rows: Scenario[] = [REFERENCE]): Promise<Measurement[]> {
  if (interruption) await interruption;
  const child = spawn(process.execPath, [path.join(root, 'bench/reference-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  startedHere.add(stop);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', (code) => reject(new Error(`the reference server exited (${code})`)));
    });
    const measurements: Measurement[] = [];
    for (const row of rows) {
      await load(url, row, { duration: warmUpSeconds });
      const stopWatching = watchRss(() => [child.pid!]);
      const result = await load(url, row, { duration: durationSeconds });
      const measurement = toMeasurement(row, result, stopWatching());
      console.log(`  ${row.name}: ${measurement.requestsPerSecond} req/s, p99 ${measurement.p99Ms} ms`);
      measurements.push(measurement);
    }
    return measurements;
  } finally {
    await stop();
    startedHere.delete(stop);
  }
}

/**
 * The `cold` scenarios, each on a server just started and without a warm-up: its caches empty, its code not yet
 * optimised, its database connections still to open (ADR 020's "cold (right after start)").
 */
async function measureCold(chosen: Scenario[]): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const scenario of chosen.filter((candidate) => candidate.cold)) {
    const server = await startServer();
    try {
      const cold: Scenario = { ...scenario, kind: 'cold', name: `${scenario.name}, cold: just started` };
      const stopWatching = watchRss(server.pids);
      const result = await load(server.url, cold, { duration: durationSeconds });
      const measurement = { ...toMeasurement(cold, result, stopWatching()), warmKind: scenario.kind };
      measurements.push(measurement);
      console.log(`  ${cold.name}: ${measurement.requestsPerSecond} req/s, p99 ${measurement.p99Ms} ms`);
    } finally {
      await server.stop();
    }
  }
  return measurements;
}

/**
 * Runs `work` against a running server with the database opened beside it (a phase that reads or changes rows
 * itself meanwhile), watching the server's memory.
 */
async function beside<T>(
  server: { pids: () => number[] },
  work: (db: Database) => Promise<T>,
): Promise<{ run: T; rssBytes: number }> {
  const live = await (databaseUrl
    ? openPostgres(databaseUrl, { poolSize: 2, migrationsFolder: false })
    : openDataDirDatabase(dataDir));
  const close = once(live.close);
  startedHere.add(close);
  try {
    const stopWatching = watchRss(server.pids);
    const run = await work(live.db);
    return { run, rssBytes: stopWatching() };
  } finally {
    await close();
    startedHere.delete(close);
  }
}

/**
 * A server with its mail worker off, `work` run {@link beside} it, then stopped: a phase's mails stay queued
 * where it can count them, and no worker starts on an earlier phase's backlog meanwhile.
 */
async function besideQuietServer<T>(
  work: (server: Awaited<ReturnType<typeof startServer>>, db: Database) => Promise<T>,
) {
  const server = await startServer({ ...serverEnv, MAIL_WORKER: 'off' });
  try {
    return await beside(server, (db) => work(server, db));
  } finally {
    await server.stop();
  }
}

/**
 * Issue 32's paid stampede, after the free one: on a server that takes payments through the bench's own Stripe,
 * with the database opened beside it (the holds left to expire end there, and the audit reads it meanwhile).
 */
async function paidStampedePhases(fixtures: BenchFixtures) {
  // Like the free stampede, it starts without a backlog of the bench's mails; its own are sent as they come.
  await withDatabase(({ db }) => removeBenchMail(db));
  const benchStripe = await startBenchStripe();
  const stopStripe = once(() => benchStripe.stripe.close());
  startedHere.add(stopStripe);
  try {
    const server = await startServer({ ...serverEnv, ...benchStripe.env });
    try {
      benchStripe.listenTo(server.url);
      return await beside(server, (db) =>
        runPaidStampede({
          url: server.url,
          db,
          benchStripe,
          fixtures,
          plan: planPaidStampede(stampede),
          connections: stampede.connections,
          burst: (phase, amount, onBody, options) =>
            burst(server.url, { ...phase, kind: 'write' }, amount, onBody, options),
        }),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await stopStripe();
    startedHere.delete(stopStripe);
  }
}

/** Issue 33's race morning: a race of 30,000 registered, its roster, ten phones syncing at once, a delta. */
async function raceDayPhase(fixtures: BenchFixtures) {
  const plan = smoke ? RACE_DAY_PLAN.smoke : RACE_DAY_PLAN.full;
  const raceId = await withDatabase(({ db }) =>
    addRaceDayRace(db, {
      runId: fixtures.runId,
      organizerId: `bench-${fixtures.runId}-organizer`,
      registered: plan.registered,
    }),
  );
  return besideQuietServer((server, db) =>
    runRaceDay({ url: server.url, db, raceId, token: fixtures.heavyOrganizer.token, plan }),
  );
}

function printRaceDay({ roster, sync, delta, registered, devices, batch, changes }: RaceDay) {
  console.log(
    `\nRace day (issue 33): a race of ${registered} registered runners; the roster read ${ROSTER_READS_NOTE}; ` +
      `${devices} phones sync their scans (5 % of them another phone's runners) in batches of ${batch} at once; ` +
      `then ${changes} changes and the delta after them.`,
  );
  console.log(
    formatTable(
      ['what', 'size', 'time', 'result'],
      [
        [
          'roster (whole)',
          `${round(roster.compressedBytes / 2 ** 20, 2)} MB ${roster.encoding} (${round(roster.bytes / 2 ** 20, 2)} MB JSON)`,
          `cold ${roster.coldMs} ms, median ${roster.medianMs} ms`,
          `${registered} entries`,
        ],
        [
          `sync (${sync.scans} scans)`,
          '',
          `${sync.seconds} s; a batch p50 ${sync.p50Ms} ms, p99 ${sync.p99Ms} ms`,
          `${sync.checkedIn} checked in, ${sync.already} already, ${sync.twice} twice; rows checked in ${sync.rowsCheckedIn}; ${sync.errors} errors`,
        ],
        [
          `delta after ${changes} changes`,
          `${round(delta.compressedBytes / 1024, 1)} KB`,
          '',
          `${delta.entries} entries, ${delta.removed} removed`,
        ],
      ],
    ),
  );
}
const ROSTER_READS_NOTE = 'once cold, then 10 times warm';

/**
 * Issue 34's results: a race of 30,000 registered whose timer's file is imported and published, the results of
 * the busiest seeded races imported and published too, their public pages read under load, the big race's CSV.
 */
async function resultsPhase(fixtures: BenchFixtures) {
  const plan = smoke ? RESULTS_PLAN.smoke : RESULTS_PLAN.full;
  const busiest = fixtures.formRaces.map((race) => ({ id: race.id, token: race.organizerToken }));
  const seededIds = busiest.slice(0, plan.busiestRaces).map((race) => race.id);
  const raceId = await withDatabase(async ({ db }) => {
    // An interrupted run's results would make this run's imports re-imports.
    await removeResults(db, seededIds);
    return addResultsRace(db, {
      runId: fixtures.runId,
      organizerId: `bench-${fixtures.runId}-organizer`,
      registered: plan.registered,
    });
  });
  // The first publication queues a mail for every finisher: the worker stays off, as in the race morning.
  try {
    return await besideQuietServer((server, db) =>
      runResults({
        url: server.url,
        db,
        race: { id: raceId, token: fixtures.heavyOrganizer.token },
        busiest,
        plan,
        loadPages: async (next) => {
          const scenario: Scenario = {
            name: 'GET /api/marathons/:id/results',
            kind: 'query',
            request: { path: next() },
            next: () => ({ path: next() }),
            expectedStatus: 200,
          };
          await load(server.url, scenario, { duration: warmUpSeconds });
          const result = await load(server.url, scenario, { duration: durationSeconds });
          return {
            requestsPerSecond: round(result.requests.average, 0),
            p50Ms: result.latency.p50,
            p99Ms: result.latency.p99,
            errors: errorsOf(result, scenario.expectedStatus),
            requests: result.requests.total,
          };
        },
        rss: { now: () => rssBytesOf(server.pids()), watch: () => watchRss(server.pids) },
      }),
    );
  } finally {
    // The seeded races' results and their mails go (the bench's race goes with the fixtures).
    await withDatabase(({ db }) => removeResults(db, [raceId, ...seededIds]));
  }
}

function printResults({ registered, import: imported, publishSeconds, busiest, pages, csv }: ResultsRun) {
  console.log(
    `\nResults (issue 34): a race of ${registered} registered runners, its timer's file imported once cold and ` +
      `published; the ${busiest.races} busiest seeded races' results imported and published through the API; ` +
      `anonymous visitors on the ${busiest.races + 1} races' results (any page, filter and page size; ` +
      `${durationSeconds} s at ${connections} connections); the big race's CSV downloaded ${csv.downloads} times.`,
  );
  console.log(
    formatTable(
      ['what', 'size', 'time', 'result'],
      [
        [
          `import (${imported.rows} rows, cold)`,
          `${imported.kilobytes} KB`,
          `${imported.seconds} s`,
          `${imported.matched} matched, ${imported.finishers} finishers (want ${imported.expectedFinishers}), ` +
            `${imported.unknownBibs} unknown, ${imported.duplicateBibs} twice, ${imported.problems} problems`,
        ],
        ['publish (first: mails queued)', '', `${publishSeconds} s`, ''],
        [
          `${busiest.races} busiest races (import, publish)`,
          `${busiest.rows} rows`,
          `${busiest.seconds} s; slowest import ${busiest.slowestSeconds} s (${busiest.slowestRows} rows)`,
          `${busiest.errors} errors`,
        ],
        [
          'GET …/results (anonymous)',
          `${pages.views} views, ${pages.urls} URLs`,
          `p50 ${pages.p50Ms} ms, p99 ${pages.p99Ms} ms`,
          `${pages.requestsPerSecond} req/s, ${pages.requests} requests, ${pages.errors} errors`,
        ],
        [
          `results.csv (${csv.rows} rows)`,
          `${csv.kilobytes} KB`,
          `median ${csv.medianSeconds} s, slowest ${csv.slowestSeconds} s`,
          `${serverRss} ${csv.rssBeforeMb} MB before, ${csv.rssPeakMb} MB at most, ${csv.rssAfterMb} MB after ` +
            `(after each: ${csv.rssAfterEachMb.join(', ')} MB)`,
        ],
      ],
    ),
  );
}

/**
 * Issue 35's ballot: the free stampede and the ballot's back to back on one server (its mail worker off, so that
 * neither sends the other's mails), then three fresh ballots of 100,000 entries drawn through the API.
 */
async function ballotPhase(fixtures: BenchFixtures) {
  // Like the paid stampede, it starts without a backlog of the bench's mails.
  await withDatabase(({ db }) => removeBenchMail(db));
  return besideQuietServer((server, db) =>
    runBallot({
      url: server.url,
      db,
      fixtures,
      plan: ballotPlan,
      connections: stampede.connections,
      stampede: (raceId, { from, count }) =>
        stampedePosts(server.url, fixtures, { raceId, from, runners: count }),
    }),
  );
}

function printBallot(run: BallotRun) {
  console.log(
    `\nBallot (issue 35): ${run.runners} distinct signed-in runners POST once with waitlist: true into a free race ` +
      `of ${run.places} places, then as many others into a ballot race of ${run.places} places, back to back ` +
      `(after a warm-up of ${run.warmUp}); ${run.connections} connections. Then ${run.draws} fresh ballots of ` +
      `${run.entries} entries for ${run.places} places (a free race), each closed and drawn through the API.`,
  );
  console.log(
    formatTable(
      [...PHASE_HEADER, 'of free'],
      [
        [...phaseRow('POST (free race)', run.free), '100 %'],
        [
          ...phaseRow('POST (ballot race)', run.ballot),
          `${round((run.ballot.perSecond / run.free.perSecond) * 100)} %`,
        ],
      ],
      { alignNumbers: true },
    ),
  );
  console.log(
    `Draws, each of a fresh race (its ${run.entries} entries written in SQL as the entry statement writes them):\n` +
      formatTable(
        [
          'draw',
          'seconds',
          'registered',
          'held',
          'waitlisted',
          'in ballot',
          'record lines',
          "'ballot-drawn' mails",
        ],
        [
          ...run.drawn.map((draw, index) => [
            `POST …/ballot/draw (race ${index + 1})`,
            draw.seconds.toFixed(2),
            String(draw.registered),
            String(draw.held),
            String(draw.waitlisted),
            String(draw.inBallot),
            String(draw.recorded),
            String(draw.mails),
          ]),
          ['median', run.drawMedianSeconds.toFixed(2), '', '', '', '', '', ''],
        ],
        { alignNumbers: true },
      ),
  );
  for (const line of run.unexpected) console.log(line);
  printAudit('Audit of the ballot', run.audit);
}

/**
 * `--race-day-only`, `--results-only`, `--ballot-only`: one phase alone, its table and its budgets. The run fails
 * on an error, or on a missed binding budget (except a smoke run).
 */
async function phaseAlone<T>(
  fixtures: BenchFixtures,
  started: number,
  phase: {
    run: (fixtures: BenchFixtures) => Promise<{ run: T }>;
    print: (run: T) => void;
    budgets: (run: T) => BudgetResult[];
    /** Requests not answered as they should have been, and audit problems. */
    errors: (run: T) => number;
  },
) {
  try {
    const { run } = await phase.run(fixtures);
    phase.print(run);
    console.log('\nBudgets:');
    const results = phase.budgets(run);
    for (const budget of results) {
      const mark = !budget.applies ? 'n/a   ' : budget.met ? 'met   ' : 'MISSED';
      console.log(`  ${mark} ${budget.text}`);
    }
    if (phase.errors(run) > 0 || (!smoke && results.some((budget) => budget.binds && !budget.met)))
      process.exitCode = 1;
  } finally {
    await withDatabase(({ db }) => removeBenchFixtures(db));
  }
  console.log(`Done in ${round((performance.now() - started) / 1000, 0)} s.`);
}

async function main() {
  const started = performance.now();
  console.log(
    `Stride bench on ${driver}${smoke ? ' (smoke run)' : ''}, ${processes}, READ_CACHE=${readCache}: ` +
      `${os.cpus().length} cores, Node ${process.version}`,
  );
  buildStale();
  const prepared = await prepare();
  const { fixtures } = prepared;
  if (raceDayOnly)
    return phaseAlone(fixtures, started, {
      run: raceDayPhase,
      print: printRaceDay,
      budgets: raceDayBudgets,
      errors: (run) => run.sync.errors,
    });
  if (resultsOnly)
    return phaseAlone(fixtures, started, {
      run: resultsPhase,
      print: printResults,
      budgets: (run) => resultsBudgets(run, workers),
      errors: (run) => run.pages.errors + run.busiest.errors,
    });
  if (ballotOnly)
    return phaseAlone(fixtures, started, {
      run: ballotPhase,
      print: printBallot,
      budgets: ballotBudgets,
      errors: (run) => run.free.errors + run.ballot.errors + run.audit.problems.length,
    });
  console.log(
    `Data: ${prepared.totalMarathons} marathons, ${prepared.totalRegistrations} registrations ` +
      `(with the bench's ${HEAVY_ORGANIZER_RACES} races of one organizer and ${HEAVY_RUNNER_REGISTRATIONS} registrations of one runner); ` +
      `the entry form on the ${FORM_RACES} busiest races, answered by every seeded registration. ` +
      `${durationSeconds} s per endpoint at ${connections} connections.`,
  );

  const measurements: Measurement[] = [];
  const chosen = scenarios(prepared).filter(
    (scenario) =>
      onlyEndpoints === undefined || scenario.kind === 'baseline' || scenario.name.includes(onlyEndpoints),
  );
  if (!stampedeOnly) {
    measurements.push(...(await measureReference()));
    measurements.push(...(await measureCold(chosen)));
  }
  let server = await startServer();
  const stopWatchingDatabase = watchDatabasePss();
  let peakRssBytes = Math.max(
    0,
    ...measurements.filter((m) => m.kind === 'cold').map((m) => m.peakRssMb * 2 ** 20),
  );
  let posts: Awaited<ReturnType<typeof stampedePosts>>;
  let csv: ParticipantsCsv | undefined;
  /** With --workers: what the primary alone holds, read after the stampede. */
  let primaryRssMb: number | undefined;
  try {
    const wholeListReferences: Scenario[] = [];
    for (const scenario of stampedeOnly ? [] : chosen) {
      await load(
        server.url,
        scenario,
        { duration: warmUpSeconds },
        { next: scenario.warmUp ?? scenario.next },
      );
      const stopWatching = watchRss(server.pids);
      const result = await load(server.url, scenario, { duration: durationSeconds });
      const rssBytes = stopWatching();
      peakRssBytes = Math.max(peakRssBytes, rssBytes);
      const measurement = toMeasurement(scenario, result, rssBytes);
      measurements.push(measurement);
      const against = measurements.find((m) => m.name === scenario.against);
      console.log(
        `  ${scenario.name}: ${measurement.requestsPerSecond} req/s, p99 ${measurement.p99Ms} ms, ${measurement.errors} errors` +
          (against
            ? ` (ratio ${round(measurement.requestsPerSecond / against.requestsPerSecond, 2)} to ${against.name})`
            : ''),
      );
      if (scenario.kind === 'whole list') {
        const reference = referenceFor(scenario, await answerBytes(server.url, scenario));
        wholeListReferences.push(reference);
        measurement.reference = reference.name;
      }
    }
    // Bare Fastify sending bodies as large as the whole lists', while our server stands idle.
    if (wholeListReferences.length > 0) measurements.push(...(await measureReference(wholeListReferences)));

    if (!stampedeOnly && (onlyEndpoints === undefined || 'participants.csv'.includes(onlyEndpoints))) {
      csv = await participantsCsv(server.url, fixtures.busiestRace, server.pids);
      console.log(
        `  participants.csv (busiest race, ${csv.questions} questions): ${csv.rows} rows, ${csv.kilobytes} KB, median ${csv.medianSeconds} s ` +
          `of ${csv.downloads}, ${serverRss} ${csv.rssBeforeMb} MB before, ${csv.rssPeakMb} MB at most, ` +
          `${csv.rssAfterMb} MB after (after each: ${csv.rssAfterEachMb.join(', ')} MB)`,
      );
    }
    if (onlyEndpoints !== undefined) {
      setShares(measurements);
      printTable(measurements);
      return;
    }

    const stopWatching = watchRss(server.pids);
    posts = await stampedePosts(server.url, fixtures);
    peakRssBytes = Math.max(peakRssBytes, stopWatching());
    if (workers !== undefined) primaryRssMb = round(rssBytesOf([server.pid]) / 2 ** 20);
    console.log(
      `  stampede: ${stampede.runners} runners for ${stampede.capacity} places in ${posts.phase.seconds} s ` +
        `(${posts.phase.perSecond}/s), p50 ${posts.phase.p50Ms} ms, p99 ${posts.phase.p99Ms} ms, ${posts.phase.errors} errors`,
    );
  } finally {
    await server.stop();
  }

  // The embedded database is the server's alone while it runs: the audit between the phases needs it stopped.
  const afterStampede = await withDatabase(({ db }) => findRaceEntries(db, fixtures.openRaceIds.stampede));
  const stampedeAudit = auditStampede(stampede, afterStampede, posts.answers);

  // A restarted server's mail worker would start on the stampede's backlog at once, in the cancellations' way: it
  // stays off for this phase (the cancellations' mails are still queued in their transactions, as always).
  server = await startServer({ ...serverEnv, MAIL_WORKER: 'off' });
  let cancels: Awaited<ReturnType<typeof stampedeCancels>>;
  try {
    const stopWatching = watchRss(server.pids);
    cancels = await stampedeCancels(server.url, fixtures, afterStampede);
    peakRssBytes = Math.max(peakRssBytes, stopWatching());
    console.log(
      `  cancellations: ${cancels.cancelled.length} in ${cancels.phase.seconds} s, ` +
        `p50 ${cancels.phase.p50Ms} ms, p99 ${cancels.phase.p99Ms} ms, ${cancels.phase.errors} errors`,
    );
  } finally {
    await server.stop();
  }

  const paid = await paidStampedePhases(fixtures);
  peakRssBytes = Math.max(peakRssBytes, paid.rssBytes);
  const paidPhases = paid.run.phases;
  console.log(
    `  paid stampede: ${paidPhases.runners} runners for ${paidPhases.capacity} places at ${PAID_FEE} in ` +
      `${paidPhases.entries.seconds} s (${paidPhases.entries.perSecond}/s); webhooks ${paidPhases.webhooks.perSecond}/s, ` +
      `p99 ${paidPhases.webhooks.p99Ms} ms; ${paidPhases.release.holds} holds released in ${paidPhases.release.seconds} s`,
  );

  const raceDay = await raceDayPhase(fixtures);
  peakRssBytes = Math.max(peakRssBytes, raceDay.rssBytes);
  console.log(
    `  race day: roster ${round(raceDay.run.roster.compressedBytes / 2 ** 20, 2)} MB in ${raceDay.run.roster.medianMs} ms; ` +
      `${raceDay.run.sync.checkedIn} checked in in ${raceDay.run.sync.seconds} s`,
  );

  const results = await resultsPhase(fixtures);
  peakRssBytes = Math.max(peakRssBytes, results.rssBytes);
  console.log(
    `  results: ${results.run.import.rows} rows imported in ${results.run.import.seconds} s; pages p99 ` +
      `${results.run.pages.p99Ms} ms; results.csv median ${results.run.csv.medianSeconds} s`,
  );

  const ballot = await ballotPhase(fixtures);
  peakRssBytes = Math.max(peakRssBytes, ballot.rssBytes);
  console.log(
    `  ballot: ${ballot.run.runners} entries ${ballot.run.ballot.perSecond}/s (free ${ballot.run.free.perSecond}/s); ` +
      `draws of ${ballot.run.entries} for ${ballot.run.places} places, median ${ballot.run.drawMedianSeconds} s`,
  );

  const { registrationsRace, formRace, afterCancels } = await withDatabase(async ({ db }) => {
    const result = {
      registrationsRace: await auditRace(db, fixtures.openRaceIds.registrations),
      formRace: await auditRace(db, fixtures.openRaceIds.registrationsWithForm),
      afterCancels: await findRaceEntries(db, fixtures.openRaceIds.stampede),
    };
    await removeBenchFixtures(db);
    return result;
  });
  const cancelAudit = auditCancellations(afterStampede, afterCancels, cancels.cancelled, cancels.answered);

  setShares(measurements);
  const registrationsRaceHolds =
    registrationsRace.count === registrationsRace.rows &&
    registrationsRace.rows === registrationsRace.distinctRunners;
  // Every entry of the form race holds all it was sent: the row measured the whole entry form, not refusals.
  const formRaceHolds =
    formRace.count === formRace.rows &&
    formRace.rows === formRace.distinctRunners &&
    formRace.rows === formRace.answered;
  const auditProblems = [
    ...(registrationsRaceHolds
      ? []
      : [
          `registration race: count ${registrationsRace.count}, rows ${registrationsRace.rows}, ` +
            `distinct runners ${registrationsRace.distinctRunners}`,
        ]),
    ...(formRaceHolds
      ? []
      : [
          `entry form race: count ${formRace.count}, rows ${formRace.rows}, distinct runners ` +
            `${formRace.distinctRunners}, with every answer ${formRace.answered}`,
        ]),
    ...stampedeAudit.problems.map((problem) => `after the stampede: ${problem}`),
    ...cancelAudit.audit.problems.map((problem) => `after the cancellations: ${problem}`),
    ...paid.run.audit.problems.map((problem) => `after the paid stampede: ${problem}`),
    ...ballot.run.audit.problems.map((problem) => `ballot: ${problem}`),
  ];
  const stampedeResult: Stampede = {
    capacity: stampede.capacity,
    runners: stampede.runners,
    connections: stampede.connections,
    post: posts.phase,
    cancel: cancels.phase,
  };
  const budgetResults = checkBudgets({
    driver,
    workers,
    measurements,
    stampede: stampedeResult,
    paidStampede: paidPhases,
    raceDay: raceDay.run,
    results: results.run,
    ballot: ballot.run,
    peakRssBytes,
    csv,
  });

  if (!stampedeOnly) printTable(measurements);
  printStampede(stampedeResult, posts.unexpected, cancels.unexpected);
  printAudit('Audit after the stampede', stampedeAudit);
  printAudit(
    `Audit after the cancellations (${cancelAudit.promoted} promoted; their bibs in line order: ` +
      `${cancelAudit.promotedInLineOrder ? 'yes' : 'no, which concurrency allows'})`,
    cancelAudit.audit,
  );
  printPaidStampede(paid.run);
  printRaceDay(raceDay.run);
  printResults(results.run);
  printBallot(ballot.run);
  console.log(
    `Audit: registration race count ${registrationsRace.count} = registered rows ${registrationsRace.rows} = ` +
      `distinct runners ${registrationsRace.distinctRunners}; entry form race count ${formRace.count} = ` +
      `registered rows ${formRace.rows} = distinct runners ${formRace.distinctRunners} = with every answer ` +
      `${formRace.answered}. ` +
      `${auditProblems.length === 0 ? 'All audits OK.' : `${auditProblems.length} PROBLEMS.`}`,
  );
  const databasePss = stopWatchingDatabase();
  console.log(
    `Server RSS peak under load: ${round(peakRssBytes / 2 ** 20)} MB` +
      (workers === undefined
        ? '.'
        : `, the primary's and its ${workers} workers' summed (the primary alone: ${primaryRssMb} MB).`) +
      (databaseUrl
        ? ''
        : ` Embedded PostgreSQL PSS: ${databasePss.atStartMb} MB after start, ${databasePss.peakMb} MB at most.`),
  );
  console.log(
    `\nBudgets (binding on ${driver === 'postgres' ? 'DATABASE_URL' : 'the embedded PostgreSQL'}` +
      (workers === undefined
        ? '):'
        : `; with ${workers} workers the latency and throughput budgets bind as for one process, the memory ` +
          'budgets are for one process and do not apply: n/a):'),
  );
  for (const budget of budgetResults) {
    const mark = !budget.applies ? 'n/a   ' : budget.met ? 'met   ' : budget.binds ? 'MISSED' : 'missed';
    console.log(`  ${mark} ${budget.text}`);
  }

  const report = {
    date: new Date().toISOString(),
    driver,
    smoke,
    /** The server's processes: with `cluster`, a primary and this many workers (--workers); else one process. */
    workers: workers ?? 1,
    cluster: workers !== undefined,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    data: { marathons: prepared.totalMarathons, registrations: prepared.totalRegistrations },
    load: { durationSeconds, warmUpSeconds, connections, stampedeOnly, tool: 'autocannon' },
    readCache,
    measurements,
    participantsCsv: csv,
    stampede: {
      ...stampedeResult,
      promoted: cancelAudit.promoted,
      promotedInLineOrder: cancelAudit.promotedInLineOrder,
      audits: { afterStampede: stampedeAudit.checks, afterCancellations: cancelAudit.audit.checks },
    },
    paidStampede: {
      ...paidPhases,
      plan: paid.run.plan,
      retried: paid.run.retried,
      audit: paid.run.audit.checks,
    },
    raceDay: raceDay.run,
    results: results.run,
    ballot: ballot.run,
    audits: { registrationsRace, formRace },
    peakRssMb: round(peakRssBytes / 2 ** 20),
    ...(primaryRssMb !== undefined && { primaryRssMb }),
    ...(databaseUrl ? {} : { databasePssMb: databasePss }),
    budgets: budgetResults,
    budgetDefinitions: BUDGETS,
  };
  if (!smoke) {
    const resultsDir = path.join(root, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const stamp = report.date.replaceAll(':', '-').slice(0, 19);
    const notes = `${readCache === 'on' ? '' : '-read-cache-off'}${stampedeOnly ? '-stampede-only' : ''}`;
    const processNote = workers === undefined ? '' : `-w${workers}`;
    const file = path.join(
      resultsDir,
      `${driver}${processNote}-${prepared.totalMarathons}${notes}-${stamp}.json`,
    );
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(root, file)}.`);
  }
  console.log(`Done in ${round((performance.now() - started) / 1000, 0)} s.`);

  const errors = measurements.reduce(
    (sum, measurement) => sum + measurement.errors,
    posts.phase.errors +
      cancels.phase.errors +
      [
        paidPhases.entries,
        paidPhases.checkouts,
        paidPhases.webhooks,
        paidPhases.promotedCheckouts,
        paidPhases.promotedWebhooks,
      ].reduce((sum, phase) => sum + phase.errors, 0) +
      raceDay.run.sync.errors +
      results.run.pages.errors +
      results.run.busiest.errors +
      ballot.run.free.errors +
      ballot.run.ballot.errors,
  );
  if (auditProblems.length > 0 || errors > 0) process.exitCode = 1;
  else if (!smoke && budgetResults.some((budget) => budget.binds && !budget.met)) process.exitCode = 1;
}

function printStampede(result: Stampede, unexpectedPosts: string[], unexpectedCancels: string[]) {
  console.log(
    `\nCapacity stampede: one race of ${result.capacity} places; ${result.runners} distinct signed-in runners POST ` +
      `once with waitlist: true, then ${result.cancel.requests} registered runners withdraw; ` +
      `${result.connections} connections.`,
  );
  console.log(
    formatTable(
      PHASE_HEADER,
      [phaseRow('POST (stampede)', result.post), phaseRow('DELETE (cancellations)', result.cancel)],
      { alignNumbers: true },
    ),
  );
  for (const line of [...unexpectedPosts, ...unexpectedCancels]) console.log(line);
}

const PAID_FEE = formatMoney(PAID_STAMPEDE_PRICE.entryFee, PAID_STAMPEDE_PRICE.currency);

const PHASE_HEADER = ['phase', 'requests', 'seconds', 'per s', 'p50 ms', 'p99 ms', 'errors'];
const phaseRow = (name: string, phase: StampedePhase) => [
  name,
  String(phase.requests),
  phase.seconds.toFixed(2),
  String(phase.perSecond),
  String(phase.p50Ms),
  String(phase.p99Ms),
  String(phase.errors),
];

function printPaidStampede({ phases, plan, retried, unexpected, audit }: PaidStampedeRun) {
  console.log(
    `\nPaid stampede (issue 32): one race of ${phases.capacity} places at ${PAID_FEE}, paid online through a fake ` +
      `Stripe that answers 429 above ${STRIPE_REQUESTS_PER_SECOND} requests a second; ${phases.runners} distinct ` +
      `runners POST once with ` +
      `waitlist: true (the first ${plan.code.senders} with code ${plan.code.code}, ${plan.code.maxUses} uses); ` +
      `every hold opens its checkout; ${phases.capacity - plan.expiring} pay by webhook (every 20th event twice), ` +
      `${plan.expiring} expire and their places are promoted, checked out and paid; ${phases.connections} connections.`,
  );
  const { release } = phases;
  console.log(
    formatTable(
      PHASE_HEADER,
      [
        phaseRow('POST (entries)', phases.entries),
        phaseRow('POST …/checkout (holds)', phases.checkouts),
        phaseRow('webhooks (paid)', phases.webhooks),
        [
          'release (expired holds, by the server)',
          String(release.holds),
          release.seconds.toFixed(2),
          String(Math.round(release.holds / release.seconds)),
          '–',
          '–',
          '–',
        ],
        phaseRow('POST …/checkout (promoted)', phases.promotedCheckouts),
        phaseRow('webhooks (promoted)', phases.promotedWebhooks),
      ],
      { alignNumbers: true },
    ),
  );
  for (const line of unexpected) console.log(line);
  if (retried.checkouts + retried.webhooks > 0)
    console.log(
      `  sent again after their phase: ${retried.checkouts} checkouts, ${retried.webhooks} webhook events`,
    );
  printAudit('Audit after the paid stampede', audit);
}

function printAudit(title: string, audit: Audit) {
  console.log(`${title}:`);
  for (const check of audit.checks) console.log(`  ${check.ok ? 'ok  ' : 'FAIL'}  ${check.text}`);
}

/** Each measurement's req/s as a share of the baseline's and of bare Fastify's, from the same run. */
function setShares(measurements: Measurement[]) {
  const baseline = measurements.find((measurement) => measurement.kind === 'baseline');
  const reference = measurements.find((measurement) => measurement.name === REFERENCE.name);
  for (const measurement of measurements) {
    if (baseline)
      measurement.ofBaseline = round(measurement.requestsPerSecond / baseline.requestsPerSecond, 3);
    const own = measurements.find((m) => m.name === measurement.reference) ?? reference;
    if (own) measurement.ofReference = round(measurement.requestsPerSecond / own.requestsPerSecond, 3);
  }
}

function printTable(measurements: Measurement[]) {
  console.log(
    `\nEndpoints on ${driver}, ${processes}` +
      (workers === undefined
        ? ':'
        : `; RSS MB is the primary's and the workers' summed; bare Fastify runs as one process:`),
  );
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'of baseline',
    'of bare Fastify',
    'RSS MB',
  ];
  const share = (fraction: number | undefined) =>
    fraction === undefined ? '–' : `${round(fraction * 100)} %`;
  const rows = measurements.map((m) => [
    m.name,
    String(m.requestsPerSecond),
    String(m.p50Ms),
    String(m.p99Ms),
    String(m.errors),
    share(m.ofBaseline),
    `${share(m.ofReference)}${m.reference ? ' *' : ''}`,
    String(m.peakRssMb),
  ]);
  console.log(formatTable(header, rows, { alignNumbers: true }));
  if (rows.some((row) => row[6]!.endsWith('*')))
    console.log('* of bare Fastify sending a constant body as large (its row above)');
}

try {
  await main();
} catch (error) {
  if (!interruption) throw error;
}
// An interrupted run ends once what it started has stopped (interrupt exits).
if (interruption) await interruption;
