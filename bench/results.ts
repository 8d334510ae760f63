// Results (issue 34): the afternoon after a race of 30,000 registered runners. The organizer imports the timer's
// file of 30,000 rows (once, cold) and publishes it; the 20 busiest seeded races get their results too, through the
// same API; then anonymous visitors read the public results pages of those 21 races, any page, any filter, any
// limit; last, the 30,000-row results CSV is downloaded a few times while the server's memory is watched. See
// docs/PERFORMANCE.md.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  GENDERS,
  RESULT_STATUSES,
  TOTAL_COUNT_HEADER,
  type ResultsPage,
  type ResultsReport,
} from '@stride/shared';
import { type Database, rowsOf } from '../apps/server/src/db/client.js';
import type { CsvDownloads } from './budgets.js';

export type ResultsPlan = {
  /** Registered runners of the bench's results race, each with a row in its file. */
  registered: number;
  /** The busiest seeded races that get results too (each its registered bibs, through the API). */
  busiestRaces: number;
  /** Downloads of the big race's results CSV, one after the other. */
  csvDownloads: number;
};

export const RESULTS_PLAN = {
  full: { registered: 30_000, busiestRaces: 20, csvDownloads: 3 },
  smoke: { registered: 3_000, busiestRaces: 5, csvDownloads: 3 },
} satisfies Record<string, ResultsPlan>;

/** What one import of a file answered, and what its file was expected to give. */
export type ResultsImport = {
  rows: number;
  matched: number;
  finishers: number;
  unknownBibs: number;
  duplicateBibs: number;
  problems: number;
  stored: boolean;
  /** FIN rows of the file the bench wrote: what `finishers` must be. */
  expectedFinishers: number;
  /** From sending the file to the report, in seconds. */
  seconds: number;
  kilobytes: number;
};

/** One load of GET …/results over many different URLs, as the bench's `load` reports it. */
export type ResultsLoad = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
};

export type ResultsRun = ResultsPlan & {
  /** The big race's file: 30,000 rows, posted once on a server that has not imported anything yet. */
  import: ResultsImport;
  /** The publication of the big race (its first: every finisher's mail queued in the same transaction). */
  publishSeconds: number;
  /** The busiest seeded races' imports, one after the other, and their publications. */
  busiest: {
    races: number;
    rows: number;
    /** All their imports and publications, first request to last answer. */
    seconds: number;
    /** The slowest import, and its rows. */
    slowestSeconds: number;
    slowestRows: number;
    /** Imports not answered 200 with every row matched, or publications not answered 200. */
    errors: number;
  };
  /** GET …/results, anonymous, over the 21 races' pages and filters. */
  pages: ResultsLoad & {
    /** Distinct views (race × filter) the requests pick from, and distinct URLs (× limit × page). */
    views: number;
    urls: number;
  };
  csv: CsvDownloads;
};

/** A race of the phase with a session of someone who may manage its results. */
export type ResultsRace = { id: string; token: string };

/** The page sizes a visitor may pick. */
const PAGE_LIMITS = [20, 50, 100] as const;

// prettier-ignore
const FIRST_NAMES = [
  'Amara', 'Ben', 'Chloé', 'Dmitri', 'Elif', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kaja', 'Luca', 'Maya',
  'Noah', 'Olga', 'Pedro', 'Quinn', 'Rosa', 'Sami', 'Tess', 'Umar', 'Vera', 'Wen', 'Ximena', 'Yusuf', 'Zoe',
];
// prettier-ignore
const LAST_NAMES = [
  'Abbott', 'Becker', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Hansen', 'Ivanova', 'Jensen',
  'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quispe', 'Rossi', 'Schmidt', 'Tanaka',
  'Uddin', 'Varga', 'Weber', 'Xu', 'Yilmaz', 'Zhang', 'Smith', 'Müller', 'Novak', "O'Brien",
];

/** A SQL array literal of the bench's own constants. */
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`);

/**
 * The race of the afternoon: run yesterday, owned by `organizerId`, with the age groups 18–29 … 70+; its runners
 * the first `registered` of the bench's runners (`bench-<runId>-<n>`), registered with bibs 1…n, each with a
 * name, a gender (48 % female, 48 % male, 4 % nonbinary) and a date of birth (ages 18 to 80 on race day), so that
 * every division has runners.
 */
export async function addResultsRace(
  db: Database,
  { runId, organizerId, registered }: { runId: string; organizerId: string; registered: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [race] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into marathons (title, start_reg_date, end_reg_date, start_date, location, distance, description,
          image, creator_id, total_registration_count, bibs_issued, age_groups)
        values ('Bench Results Marathon', now() - interval '90 days', now() - interval '8 days',
          now() - interval '1 day', 'Benchville', '42.2k', 'The afternoon after a big race.',
          '/images/marathons/poster-1.svg', ${organizerId}, ${registered}, ${registered}, '{18,30,40,50,60,70}')
        returning id`),
    );
    await tx.execute(sql`
      insert into registrations (marathon_id, user_id, first_name, last_name, contact, status, bib, gender,
        date_of_birth)
      select ${race!.id}, ${`bench-${runId}-`} || g,
        (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}::int],
        (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}::int) % ${LAST_NAMES.length}::int],
        '+1 555 0100', 'registered', g,
        case when g % 25 = 0 then 'nonbinary' when g % 2 = 0 then 'female' else 'male' end,
        (now() - interval '1 day')::date - (18 * 365 + 5) - (g * 7919) % (62 * 365)
      from generate_series(1, ${registered}::int) as g`);
    return race!.id;
  });
}

/** The registered bibs of a race, in order: what its timer's file holds a row for. */
async function findRegisteredBibs(db: Database, raceId: string): Promise<number[]> {
  return rowsOf<{ bib: number }>(
    await db.execute(sql`
      select bib from registrations
      where marathon_id = ${raceId} and status = 'registered' and bib is not null
      order by bib`),
  ).map((row) => row.bib);
}

/**
 * Takes the results of these races away (rows, summaries and the "Your result" mails queued for them): a seeded
 * race's results do not outlive the run, and an interrupted run's do not make the next import a re-import.
 */
export async function removeResults(db: Database, raceIds: readonly string[]): Promise<void> {
  if (raceIds.length === 0) return;
  const ids = sql.param([...raceIds]);
  await db.execute(sql`
    delete from mail_outbox
    where payload->>'kind' = 'result-published' and payload->'race'->>'id' = any(${ids}::text[])`);
  await db.execute(sql`delete from race_results where marathon_id = any(${ids}::uuid[])`);
  await db.execute(sql`delete from race_result_sets where marathon_id = any(${ids}::uuid[])`);
}

/** A small seeded generator (mulberry32): the same file and the same requests on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FASTEST_MS = (2 * 3600 + 10 * 60) * 1000;
const SLOWEST_MS = (6 * 3600 + 30 * 60) * 1000;
/** The last wave starts this long after the gun. */
const LAST_WAVE_MS = 12 * 60 * 1000;

const two = (value: number) => String(value).padStart(2, '0');

/** A time as timers write it: `H:MM:SS`, or `HH:MM:SS.s` with the tenths. */
function timeText(ms: number, withTenths: boolean): string {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  const clock = `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  return withTenths
    ? `${two(Math.floor(seconds / 3600))}${clock.slice(clock.indexOf(':'))}.${tenths % 10}`
    : clock;
}

/**
 * The timer's file for these bibs, as a timing company writes it: `Bib,Chip Time,Gun Time,Status`, CRLF, the
 * finishers in the order they crossed the line, then DNF, DQ and DNS. Chip times spread from 2:10:00 to 6:30:00
 * (most runners in the middle), gun times later by the runner's wave (up to 12 minutes); ties on the second are
 * common (and one runner in 500 has the previous one's time exactly); a quarter of the rows with tenths. About
 * 3 % DNF and 1 % DNS (no times), 0.2 % DQ (times kept); FIN written out on half the finishers' rows, empty on
 * the others.
 */
export function resultsFile(bibs: readonly number[], seed = 34): { csv: string; finishers: number } {
  const random = generator(seed);
  const largest = Math.max(1, ...bibs);
  type Row = { bib: number; chipMs: number; gunMs: number; status: (typeof RESULT_STATUSES)[number] };
  const rows: Row[] = [];
  let previousChip = FASTEST_MS + (SLOWEST_MS - FASTEST_MS) / 2;
  for (const bib of bibs) {
    const roll = random();
    const status = roll < 0.002 ? 'DQ' : roll < 0.012 ? 'DNS' : roll < 0.042 ? 'DNF' : 'FIN';
    // The mean of three draws: a bell between the fastest and the slowest.
    const share = (random() + random() + random()) / 3;
    const chipMs =
      rows.length % 500 === 499
        ? previousChip
        : Math.round((FASTEST_MS + share * (SLOWEST_MS - FASTEST_MS)) / 100) * 100;
    previousChip = chipMs;
    const gunMs = chipMs + Math.round((bib / largest) * LAST_WAVE_MS + random() * 30_000);
    rows.push({ bib, chipMs, gunMs, status });
  }
  const order = { FIN: 0, DNF: 1, DQ: 2, DNS: 3 } as const;
  rows.sort((a, b) => order[a.status] - order[b.status] || a.gunMs - b.gunMs);
  const lines = rows.map(({ bib, chipMs, gunMs, status }, index) => {
    const tenths = index % 4 === 0;
    const timed = status === 'FIN' || status === 'DQ';
    const chip = timed ? timeText(chipMs, tenths) : '';
    const gun = timed ? timeText(gunMs, tenths) : '';
    const written = status === 'FIN' && index % 2 === 1 ? '' : status;
    return `${bib},${chip},${gun},${written}`;
  });
  return {
    csv: ['Bib,Chip Time,Gun Time,Status', ...lines, ''].join('\r\n'),
    finishers: rows.filter((row) => row.status === 'FIN').length,
  };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
};
const median = (values: number[]) => percentile(values, 0.5);
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** POSTs a race's file and answers what the report said, timed from sending it to the answer. */
async function importFile(
  url: string,
  race: ResultsRace,
  file: { csv: string; finishers: number },
): Promise<ResultsImport & { status: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/marathons/${race.id}/results`, {
    method: 'POST',
    headers: { authorization: `Bearer ${race.token}`, 'content-type': 'text/csv' },
    body: file.csv,
  });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200 && response.status !== 400)
    throw new Error(`POST …/results answered ${response.status}: ${text.slice(0, 300)}`);
  const report = JSON.parse(text) as ResultsReport;
  return {
    status: response.status,
    rows: report.rows,
    matched: report.matched,
    finishers: report.finishers,
    unknownBibs: report.unknownBibs.length,
    duplicateBibs: report.duplicateBibs.length,
    problems: report.problems.length,
    stored: report.stored,
    expectedFinishers: file.finishers,
    seconds: round(seconds, 3),
    kilobytes: round(Buffer.byteLength(file.csv) / 1024),
  };
}

async function publish(url: string, race: ResultsRace): Promise<number> {
  const response = await fetch(`${url}/api/marathons/${race.id}/results/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${race.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ published: true }),
  });
  await response.text();
  return response.status;
}

/** A page of a race's results as anyone reads it, and the total the header gives. */
async function readPage(url: string, raceId: string, query: string) {
  const response = await fetch(`${url}/api/marathons/${raceId}/results?${query}`);
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET …/results?${query} answered ${response.status}: ${text.slice(0, 200)}`);
  return {
    page: JSON.parse(text) as ResultsPage,
    total: Number(response.headers.get(TOTAL_COUNT_HEADER)),
  };
}

/** A race's results narrowed by one filter (or none), and how many rows match. */
type View = { raceId: string; filter: string; total: number };

/**
 * Every view a visitor may open of a race's results: all of them; each gender; each age group; each division
 * (gender and age group); each status; two runners' names (a last name; the start of a first name and a last
 * name), a name nobody has, and two bibs. Each asked once for its total (what the pages of the load go up to).
 */
async function viewsOf(url: string, raceId: string): Promise<View[]> {
  const { page } = await readPage(url, raceId, 'limit=100');
  const sample = page.results.filter((_, index) => index % 37 === 5).slice(0, 2);
  const someone = page.results.at(-1) ?? sample[0];
  const filters = [
    '',
    ...GENDERS.map((gender) => `gender=${gender}`),
    ...page.ageGroups.map((group) => `ageGroup=${encodeURIComponent(group)}`),
    ...GENDERS.flatMap((gender) =>
      page.ageGroups.map((group) => `gender=${gender}&ageGroup=${encodeURIComponent(group)}`),
    ),
    ...RESULT_STATUSES.map((status) => `status=${status}`),
    ...(someone
      ? [
          `q=${encodeURIComponent(someone.lastName)}`,
          `q=${encodeURIComponent(`${someone.firstName.slice(0, 3)} ${someone.lastName}`)}`,
        ]
      : []),
    `q=${encodeURIComponent('lovelace')}`,
    ...sample.map((result) => `q=${result.bib}`),
  ];
  return Promise.all(
    filters.map(async (filter) => ({
      raceId,
      filter,
      total: (await readPage(url, raceId, `${filter}${filter ? '&' : ''}limit=20`)).total,
    })),
  );
}

/**
 * The visitors' requests, in turn: a view picked at random (every race's views equally), a page size, and a page
 * from the first to that view's last, anonymous. Answers the next path, and how many views and URLs there are.
 */
function resultPages(views: View[]) {
  const random = generator(3_400);
  const urls = views.reduce(
    (sum, view) =>
      sum + PAGE_LIMITS.reduce((pages, limit) => pages + Math.max(1, Math.ceil(view.total / limit)), 0),
    0,
  );
  const next = () => {
    const view = views[Math.floor(random() * views.length)]!;
    const limit = PAGE_LIMITS[Math.floor(random() * PAGE_LIMITS.length)]!;
    const pages = Math.max(1, Math.ceil(view.total / limit));
    const page = 1 + Math.floor(random() * pages);
    return `/api/marathons/${view.raceId}/results?${view.filter}${view.filter ? '&' : ''}limit=${limit}&page=${page}`;
  };
  return { next, views: views.length, urls };
}

export async function runResults({
  url,
  db,
  race,
  busiest,
  plan,
  loadPages,
  rss,
}: {
  url: string;
  db: Database;
  /** The bench's race of `plan.registered` runners, with its organizer's session. */
  race: ResultsRace;
  /** The busiest seeded races, busiest first, each with its organizer's session. */
  busiest: ResultsRace[];
  plan: ResultsPlan;
  /** Loads the server with the paths `next` gives (a warm-up, then the measured run). */
  loadPages: (next: () => string) => Promise<ResultsLoad>;
  /** The server's resident memory now, and a watch of its peak (stop it to read the peak), in bytes. */
  rss: { now: () => number; watch: () => () => number };
}): Promise<ResultsRun> {
  // The big race's file, posted once on a server that has imported nothing yet.
  const bigFile = resultsFile(await findRegisteredBibs(db, race.id));
  const { status, ...imported } = await importFile(url, race, bigFile);
  if (status !== 200) throw new Error(`The results file was refused: ${JSON.stringify(imported)}`);
  let started = performance.now();
  const published = await publish(url, race);
  if (published !== 200) throw new Error(`POST …/results/publish answered ${published}`);
  const publishSeconds = round((performance.now() - started) / 1000, 2);

  // The busiest seeded races: each one's registered bibs, imported and published through the API.
  const chosen = busiest.slice(0, plan.busiestRaces);
  if (chosen.length < plan.busiestRaces)
    throw new Error(`The phase needs the ${plan.busiestRaces} busiest races, not ${chosen.length}`);
  started = performance.now();
  let rows = 0;
  let errors = 0;
  let slowest = { seconds: 0, rows: 0 };
  for (const [index, seeded] of chosen.entries()) {
    const file = resultsFile(await findRegisteredBibs(db, seeded.id), 100 + index);
    const answer = await importFile(url, seeded, file);
    rows += answer.rows;
    if (answer.status !== 200 || answer.matched !== answer.rows) errors += 1;
    if (answer.seconds > slowest.seconds) slowest = { seconds: answer.seconds, rows: answer.rows };
    if ((await publish(url, seeded)) !== 200) errors += 1;
  }
  const busiestSeconds = round((performance.now() - started) / 1000, 2);
  // Fresh statistics and visibility for the rows just written, as autovacuum gives them within a minute of a
  // bulk insert (its insert threshold).
  await db.execute(sql`vacuum (analyze) race_results, race_result_sets`);

  // Anonymous visitors on the 21 races: any page, any filter, any page size.
  const views: View[] = [];
  for (const one of [race, ...chosen]) views.push(...(await viewsOf(url, one.id)));
  const pages = resultPages(views);
  const load = await loadPages(pages.next);

  // The big race's CSV, downloaded one time after another, the server's memory watched.
  const rssBeforeBytes = rss.now();
  const stopWatching = rss.watch();
  const seconds: number[] = [];
  const rssAfterEachMb: number[] = [];
  let csvRows = 0;
  let bytes = 0;
  for (let time = 0; time < plan.csvDownloads; time++) {
    const downloadStarted = performance.now();
    const response = await fetch(`${url}/api/marathons/${race.id}/results.csv`);
    const text = await response.text();
    seconds.push((performance.now() - downloadStarted) / 1000);
    if (response.status !== 200)
      throw new Error(`results.csv answered ${response.status}: ${text.slice(0, 200)}`);
    csvRows = text.split('\r\n').filter((line) => line.length > 0).length - 1;
    bytes = Buffer.byteLength(text);
    rssAfterEachMb.push(round(rss.now() / 2 ** 20));
  }
  const peakBytes = stopWatching();

  return {
    ...plan,
    import: imported,
    publishSeconds,
    busiest: {
      races: chosen.length,
      rows,
      seconds: busiestSeconds,
      slowestSeconds: slowest.seconds,
      slowestRows: slowest.rows,
      errors,
    },
    pages: { ...load, views: pages.views, urls: pages.urls },
    csv: {
      downloads: plan.csvDownloads,
      rows: csvRows,
      kilobytes: round(bytes / 1024),
      medianSeconds: round(median(seconds), 3),
      slowestSeconds: round(Math.max(...seconds), 3),
      rssBeforeMb: round(rssBeforeBytes / 2 ** 20),
      rssPeakMb: round(peakBytes / 2 ** 20),
      rssAfterMb: round(rss.now() / 2 ** 20),
      rssAfterEachMb,
    },
  };
}
