import type { BallotRun } from './ballot.js';
import type { RaceDay } from './race-day.js';
import type { ResultsRun } from './results.js';

/**
 * One endpoint's load result. `read` is a public read of docs/SPEC.md (ADR 011: p99 and a share of the baseline's
 * req/s); `query` a read whose issue budgets its p99 alone (the participant desk, ADR 018; the search, ADR 019);
 * `reference` bare Fastify answering constant JSON in a process of its own (ADR 020), not the app; `page` a page
 * of a heavy account's own list and `whole list` all of it (ADR 020), `cold` a read on a server just started.
 */
export type Measurement = {
  name: string;
  kind: 'reference' | 'baseline' | 'read' | 'query' | 'page' | 'whole list' | 'cold' | 'write';
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
  peakRssMb: number;
  /** requestsPerSecond as a fraction of the baseline's, measured in the same run. */
  ofBaseline?: number;
  /** requestsPerSecond as a fraction of bare Fastify's, measured in the same run. */
  ofReference?: number;
  /** The reference row it is measured against, when not bare Fastify's constant JSON (a body as large). */
  reference?: string;
  /**
   * The row of the same run whose req/s this one must keep up with (issue 31: registering with every field of
   * the entry form against registering without one).
   */
  against?: string;
  /** A `cold` row's kind when measured warm: a desk row (`query`) is held to its p99 cold too, for information. */
  warmKind?: Measurement['kind'];
};

/** A phase of the capacity stampede (ADR 017): `requests` sent at once, timed from the first to the last answer. */
export type StampedePhase = {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
};

export type Stampede = {
  capacity: number;
  runners: number;
  connections: number;
  post: StampedePhase;
  cancel: StampedePhase;
};

/**
 * The paid stampede (issue 32): a race of `capacity` places at €45 paid online, `runners` entering at once with
 * `waitlist: true`; each phase over `connections` at once, timed from its first request to its last answer.
 */
export type PaidStampede = {
  capacity: number;
  runners: number;
  connections: number;
  /** Every runner's POST (and the retries, without the code, of those whose discount code was used up). */
  entries: StampedePhase;
  /** Every hold's POST …/checkout: a Checkout Session at the bench's Stripe, which answers 429 above its rate. */
  checkouts: StampedePhase;
  /** `checkout.session.completed` for the holds that pay, some delivered twice, as Stripe does. */
  webhooks: StampedePhase;
  /** The other holds, their time set in the past: released by the server's worker, their places promoted. */
  release: { holds: number; seconds: number };
  promotedCheckouts: StampedePhase;
  promotedWebhooks: StampedePhase;
};

/** A CSV file downloaded several times in a row: how long each took and the server's RSS meanwhile. */
export type CsvDownloads = {
  downloads: number;
  rows: number;
  kilobytes: number;
  medianSeconds: number;
  slowestSeconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  /** The server's RSS after each download, in order: a leak climbs, a heap that has grown once stays. */
  rssAfterEachMb: number[];
};

/** The busiest race's participant list downloaded as CSV, several times in a row (ADR 018). */
export type ParticipantsCsv = CsvDownloads & {
  /** The race's questions, a column each (issue 31): the bench's entry form has five, answered by every entry. */
  questions: number;
};

/** DATABASE_URL's PostgreSQL, or the one `npm start` runs itself (no DATABASE_URL): the budgets bind on both. */
export type Driver = 'postgres' | 'embedded';

/** The budgets of ADR 011, at 100k marathons / 1M registrations on PostgreSQL, on a 2-core machine. */
export const BUDGETS = {
  readP99Ms: 50,
  readMinOfBaseline: 0.1,
  /** ADR 020: GET /api/version, through every hook of the app, at half of bare Fastify's constant JSON or more. */
  baselineMinOfReference: 0.5,
  writeP99Ms: 100,
  /**
   * ADR 017: 30,000 runners ask at once for a race of 10,000 places (the rest join its waitlist). The whole
   * stampede, first request to last answer, and the POST p99.
   */
  stampede: { seconds: 20, postP99Ms: 150 },
  /** A deep page may be at most this much slower than page 1 (req/s), to allow for run-to-run noise. */
  deepPageMaxSlowdown: 0.2,
  /**
   * ADR 020: 300 MB under every load, with the V8 heap capped (MAX_HEAP_MB) and the read caches bounded by
   * entries and bytes (READ_CACHE_MB).
   */
  peakRssMb: 300,
  /** ADR 020: a page of a heavy account's own list (1,000 races; 5,000 registrations). */
  heavyPageP99Ms: 20,
  /**
   * ADR 020: a heavy account's whole list, at least this share of what bare Fastify sends of a constant body as
   * large, in the same run: the machine's own ceiling for bodies of megabytes, which no server of ours can pass.
   */
  wholeListMinOfReference: 0.5,
  /**
   * ADR 018: the busiest race's participants as CSV (~17,000 rows at 100k / 1M) within a second, streamed: the
   * server's memory may rise by at most this much above where it was before the downloads. Issue 31 keeps both
   * with the entry form's nine columns and five questions answered by every runner.
   */
  participantsCsv: { seconds: 1, rssRiseMb: 25 },
  /**
   * Issue 31: registering with every field of the entry form and five answers at this share of the req/s of
   * registering without a form (today's rate), measured one after the other in the same run, or more.
   */
  entryFormPostMinOfPlain: 0.9,
  /**
   * Issue 32's paid stampede: its entries at least this share of the free stampede's POSTs a second (within 20 %,
   * the same run); Stripe's webhooks for 9,000 payments (50 at once, 5 % delivered twice) at this rate and p99.
   */
  paidStampede: { entriesMinOfFree: 0.8, webhooksPerSecond: 500, webhookP99Ms: 100 },
  /**
   * Issue 33's race morning (30,000 registered): the whole roster compressed and its time (the median of warm
   * reads); ten phones' 30,000 scans in batches of 200 at once; the delta after 100 changes. The roster's size is
   * the issue's 1.5 MB raised to 1.8: its hashes and ids alone weigh 1.42 MB, whatever the compressor (ADR 033).
   */
  raceDay: { rosterMb: 1.8, issueRosterMb: 1.5, rosterMs: 300, syncSeconds: 10, deltaKb: 20 },
  /**
   * Issue 34's results: the timer's file of 30,000 rows imported (validation included) on a server that has
   * imported nothing yet; the public results page, any page and any filter, at 100k / 1M with results on the 20
   * busiest races too (p99); the 30,000-row results CSV (the median of its downloads) and the server's RSS rise
   * meanwhile.
   */
  results: { importSeconds: 5, pageP99Ms: 50, csvSeconds: 1, csvRssMb: 25 },
  /**
   * Issue 35's ballot: 100,000 runners entering a ballot at this share of the POSTs a second of as many entering a
   * free race or more (the same connections and client, back to back on one server); a ballot of 100,000 entries
   * for 10,000 places drawn within this many seconds, its mails queued in its transaction (the median of the
   * draws of fresh races).
   */
  ballot: { entriesMinOfFree: 0.8, drawSeconds: 10 },
} as const;

/**
 * `binds`: a miss fails the run (except a smoke run); the others are printed for information. `applies: false`:
 * the budget is not for this run's shape (memory budgets are for one server process, not a cluster's).
 */
export type BudgetResult = { text: string; met: boolean; binds: boolean; applies: boolean };

/**
 * Every budget binds, on an external and on the embedded PostgreSQL alike; with `workers` (the cluster entry) the
 * latency and throughput budgets bind as they do for one process, and the memory budgets do not apply.
 */
export function checkBudgets(run: {
  driver: Driver;
  workers?: number;
  measurements: Measurement[];
  stampede: Stampede;
  paidStampede?: PaidStampede;
  raceDay?: RaceDay;
  results?: ResultsRun;
  ballot?: BallotRun;
  peakRssBytes: number;
  csv?: ParticipantsCsv;
}) {
  const results: BudgetResult[] = [];
  const check = (met: boolean, text: string) => results.push({ met, text, binds: true, applies: true });
  /** A memory budget: for one server process. A cluster's memory is reported, not budgeted. */
  const checkMemory = (met: boolean, text: string) =>
    run.workers === undefined
      ? check(met, text)
      : results.push({
          met,
          text: `${text} (one process's budget; here ${run.workers} workers)`,
          binds: false,
          applies: false,
        });
  const baseline = run.measurements.find((m) => m.kind === 'baseline')!;
  const reference = run.measurements.find((m) => m.kind === 'reference');
  if (reference) {
    const share = baseline.requestsPerSecond / reference.requestsPerSecond;
    check(
      share >= BUDGETS.baselineMinOfReference,
      `${baseline.name}: ${(share * 100).toFixed(1)} % of bare Fastify's req/s ≥ ${BUDGETS.baselineMinOfReference * 100} %`,
    );
  }

  for (const read of run.measurements.filter((m) => m.kind === 'read')) {
    check(read.p99Ms <= BUDGETS.readP99Ms, `${read.name}: p99 ${read.p99Ms} ms ≤ ${BUDGETS.readP99Ms} ms`);
    const share = read.requestsPerSecond / baseline.requestsPerSecond;
    check(
      share >= BUDGETS.readMinOfBaseline,
      `${read.name}: ${(share * 100).toFixed(1)} % of the baseline's req/s ≥ ${BUDGETS.readMinOfBaseline * 100} %`,
    );
  }
  for (const query of run.measurements.filter((m) => m.kind === 'query')) {
    check(query.p99Ms <= BUDGETS.readP99Ms, `${query.name}: p99 ${query.p99Ms} ms ≤ ${BUDGETS.readP99Ms} ms`);
  }
  for (const cold of run.measurements.filter((m) => m.kind === 'cold' && m.warmKind === 'query')) {
    results.push({
      met: cold.p99Ms <= BUDGETS.readP99Ms,
      text: `${cold.name}: p99 ${cold.p99Ms} ms ≤ ${BUDGETS.readP99Ms} ms (for information: the budget is the warm row's)`,
      binds: false,
      applies: true,
    });
  }
  for (const page of run.measurements.filter((m) => m.kind === 'page')) {
    check(
      page.p99Ms <= BUDGETS.heavyPageP99Ms,
      `${page.name}: p99 ${page.p99Ms} ms ≤ ${BUDGETS.heavyPageP99Ms} ms`,
    );
  }
  for (const whole of run.measurements.filter((m) => m.kind === 'whole list')) {
    const reference = run.measurements.find((m) => m.name === whole.reference);
    if (!reference) continue;
    const share = whole.requestsPerSecond / reference.requestsPerSecond;
    check(
      share >= BUDGETS.wholeListMinOfReference,
      `${whole.name}: ${(share * 100).toFixed(1)} % of bare Fastify's req/s for a body as large ≥ ${BUDGETS.wholeListMinOfReference * 100} %`,
    );
  }
  for (const write of run.measurements.filter((m) => m.kind === 'write')) {
    check(
      write.p99Ms <= BUDGETS.writeP99Ms && write.errors === 0,
      `${write.name}: p99 ${write.p99Ms} ms ≤ ${BUDGETS.writeP99Ms} ms, ${write.errors} errors`,
    );
  }
  for (const row of run.measurements.filter((m) => m.against !== undefined)) {
    const other = run.measurements.find((m) => m.name === row.against);
    if (!other) continue;
    const share = row.requestsPerSecond / other.requestsPerSecond;
    check(
      share >= BUDGETS.entryFormPostMinOfPlain,
      `${row.name}: ${row.requestsPerSecond} req/s, ${(share * 100).toFixed(1)} % of ${other.name}'s ` +
        `${other.requestsPerSecond} (ratio ${share.toFixed(2)} ≥ ${BUDGETS.entryFormPostMinOfPlain})`,
    );
  }
  const [firstPage, deepPage] = run.measurements.filter((m) => m.name.startsWith('GET /api/marathons?sort'));
  if (firstPage && deepPage) {
    const slowdown = 1 - deepPage.requestsPerSecond / firstPage.requestsPerSecond;
    check(
      slowdown <= BUDGETS.deepPageMaxSlowdown,
      `deep page ${deepPage.requestsPerSecond} req/s vs page 1 ${firstPage.requestsPerSecond} req/s ` +
        `(at most ${BUDGETS.deepPageMaxSlowdown * 100} % slower)`,
    );
  }
  const { post, capacity, runners } = run.stampede;
  const stampedeBudget = BUDGETS.stampede;
  check(
    post.seconds <= stampedeBudget.seconds && post.errors === 0,
    `stampede of ${runners} for ${capacity} places in ${post.seconds} s ≤ ${stampedeBudget.seconds} s, ${post.errors} errors`,
  );
  check(
    post.p99Ms <= stampedeBudget.postP99Ms,
    `stampede POST p99 ${post.p99Ms} ms ≤ ${stampedeBudget.postP99Ms} ms`,
  );
  if (run.paidStampede) {
    const { entries, webhooks } = run.paidStampede;
    const budget = BUDGETS.paidStampede;
    const share = entries.perSecond / post.perSecond;
    check(
      share >= budget.entriesMinOfFree && entries.errors === 0,
      `paid stampede entries ${entries.perSecond}/s, ${(share * 100).toFixed(1)} % of the free stampede's ` +
        `${post.perSecond}/s ≥ ${budget.entriesMinOfFree * 100} %, ${entries.errors} errors`,
    );
    check(
      webhooks.perSecond >= budget.webhooksPerSecond && webhooks.errors === 0,
      `paid stampede webhooks ${webhooks.perSecond}/s ≥ ${budget.webhooksPerSecond}/s, ${webhooks.errors} errors`,
    );
    check(
      webhooks.p99Ms <= budget.webhookP99Ms,
      `paid stampede webhook p99 ${webhooks.p99Ms} ms ≤ ${budget.webhookP99Ms} ms`,
    );
  }
  if (run.raceDay) results.push(...raceDayBudgets(run.raceDay));
  if (run.results) results.push(...resultsBudgets(run.results, run.workers));
  if (run.ballot) results.push(...ballotBudgets(run.ballot));
  if (run.csv) {
    const { medianSeconds, rows, questions, rssBeforeMb, rssPeakMb } = run.csv;
    const budget = BUDGETS.participantsCsv;
    check(
      medianSeconds <= budget.seconds,
      `participants.csv of ${rows} rows, ${questions} questions answered in each, in ${medianSeconds} s ≤ ${budget.seconds} s`,
    );
    checkMemory(
      rssPeakMb - rssBeforeMb <= budget.rssRiseMb,
      `participants.csv: server RSS rose ${(rssPeakMb - rssBeforeMb).toFixed(1)} MB ≤ ${budget.rssRiseMb} MB`,
    );
  }
  const peakRssMb = run.peakRssBytes / 2 ** 20;
  checkMemory(
    peakRssMb <= BUDGETS.peakRssMb,
    `server RSS peak ${peakRssMb.toFixed(1)} MB ≤ ${BUDGETS.peakRssMb} MB`,
  );
  return results;
}

/** Issue 33's race-day budgets (binding). */
export function raceDayBudgets({ roster, sync, delta, registered, changes }: RaceDay): BudgetResult[] {
  const results: BudgetResult[] = [];
  const check = (met: boolean, text: string) => results.push({ met, text, binds: true, applies: true });
  const budget = BUDGETS.raceDay;
  const rosterMb = roster.compressedBytes / 2 ** 20;
  check(
    rosterMb <= budget.rosterMb,
    `race day roster of ${registered}: ${rosterMb.toFixed(2)} MB ${roster.encoding} ≤ ${budget.rosterMb} MB ` +
      `(the issue's ${budget.issueRosterMb} MB is below the contract's floor: ADR 033)`,
  );
  check(
    roster.medianMs <= budget.rosterMs,
    `race day roster of ${registered}: ${roster.medianMs} ms (median warm; cold ${roster.coldMs} ms) ≤ ${budget.rosterMs} ms`,
  );
  check(
    sync.seconds <= budget.syncSeconds &&
      sync.twice === 0 &&
      sync.errors === 0 &&
      sync.rowsCheckedIn === registered &&
      sync.checkedIn === registered,
    `race day sync: ${sync.checkedIn} checked in (of ${registered}), ${sync.twice} twice, ${sync.errors} errors, ` +
      `in ${sync.seconds} s ≤ ${budget.syncSeconds} s`,
  );
  const deltaKb = delta.compressedBytes / 1024;
  check(
    deltaKb <= budget.deltaKb,
    `race day delta after ${changes} changes: ${deltaKb.toFixed(1)} KB ≤ ${budget.deltaKb} KB`,
  );
  return results;
}

/**
 * Issue 34's results budgets (binding). The CSV's memory budget is one server process's: with `workers` (the
 * cluster entry) it is reported, not budgeted.
 */
export function resultsBudgets(run: ResultsRun, workers?: number): BudgetResult[] {
  const results: BudgetResult[] = [];
  const check = (met: boolean, text: string) => results.push({ met, text, binds: true, applies: true });
  const budget = BUDGETS.results;
  const { import: imported, pages, csv, registered } = run;
  check(
    imported.seconds <= budget.importSeconds &&
      imported.stored &&
      imported.rows === registered &&
      imported.matched === registered &&
      imported.finishers === imported.expectedFinishers,
    `results import of ${imported.rows} rows: ${imported.matched} matched, ${imported.finishers} finishers ` +
      `(want ${imported.expectedFinishers}), in ${imported.seconds} s ≤ ${budget.importSeconds} s`,
  );
  check(
    pages.p99Ms <= budget.pageP99Ms && pages.errors === 0 && run.busiest.errors === 0,
    `results pages (${run.busiest.races + 1} races, any page and filter): p99 ${pages.p99Ms} ms ≤ ` +
      `${budget.pageP99Ms} ms, ${pages.errors} errors`,
  );
  check(
    csv.medianSeconds <= budget.csvSeconds && csv.rows === registered,
    `results.csv of ${csv.rows} rows in ${csv.medianSeconds} s (median of ${csv.downloads}) ≤ ${budget.csvSeconds} s`,
  );
  const rise = csv.rssPeakMb - csv.rssBeforeMb;
  const memoryText = `results.csv: server RSS rose ${rise.toFixed(1)} MB ≤ ${budget.csvRssMb} MB`;
  if (workers === undefined) check(rise <= budget.csvRssMb, memoryText);
  else
    results.push({
      met: rise <= budget.csvRssMb,
      text: `${memoryText} (one process's budget; here ${workers} workers)`,
      binds: false,
      applies: false,
    });
  return results;
}

/** Issue 35's ballot budgets (binding). */
export function ballotBudgets({
  free,
  ballot,
  runners,
  entries,
  places,
  drawn,
  drawMedianSeconds,
}: BallotRun) {
  const results: BudgetResult[] = [];
  const check = (met: boolean, text: string) => results.push({ met, text, binds: true, applies: true });
  const budget = BUDGETS.ballot;
  const share = ballot.perSecond / free.perSecond;
  check(
    share >= budget.entriesMinOfFree && ballot.errors === 0 && free.errors === 0,
    `ballot entries of ${runners} runners ${ballot.perSecond}/s, ${(share * 100).toFixed(1)} % of the free ` +
      `stampede's ${free.perSecond}/s (as many runners, back to back) ≥ ${budget.entriesMinOfFree * 100} %, ` +
      `${ballot.errors + free.errors} errors`,
  );
  check(
    drawMedianSeconds <= budget.drawSeconds,
    `ballot draw of ${entries} entries for ${places} places, mails queued: median ${drawMedianSeconds} s of ` +
      `${drawn.length} (${drawn.map((draw) => draw.seconds).join(', ')} s) ≤ ${budget.drawSeconds} s`,
  );
  return results;
}
