/** One endpoint's load result. */
export type Measurement = {
  name: string;
  kind: 'baseline' | 'read' | 'write';
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
  peakRssMb: number;
  /** requestsPerSecond as a fraction of the baseline's, measured in the same run. */
  ofBaseline?: number;
};

export type SellOut = { runners: number; seconds: number; perSecond: number; p99: number; errors: number };

/** The budgets of issue 6, at 100k marathons / 1M registrations on PostgreSQL, on a 2-core machine. */
export const BUDGETS = {
  readP99Ms: 50,
  readMinOfBaseline: 0.1,
  writeP99Ms: 100,
  sellOutSeconds: 60,
  /** A deep page may be at most this much slower than page 1 (req/s), to allow for run-to-run noise. */
  deepPageMaxSlowdown: 0.2,
  /**
   * 300 MB until issue 11; the server now renders mail in process (React's server renderer and the templates,
   * loaded with the first mail: ~20 MB of modules and their heap), measured at 317–325 MB (docs/PERFORMANCE.md).
   */
  peakRssMb: 350,
} as const;

export type BudgetResult = { text: string; met: boolean };

export function checkBudgets(run: { measurements: Measurement[]; sellOut: SellOut; peakRssBytes: number }) {
  const results: BudgetResult[] = [];
  const check = (met: boolean, text: string) => results.push({ met, text });
  const baseline = run.measurements.find((m) => m.kind === 'baseline')!;

  for (const read of run.measurements.filter((m) => m.kind === 'read')) {
    check(read.p99Ms <= BUDGETS.readP99Ms, `${read.name}: p99 ${read.p99Ms} ms ≤ ${BUDGETS.readP99Ms} ms`);
    const share = read.requestsPerSecond / baseline.requestsPerSecond;
    check(
      share >= BUDGETS.readMinOfBaseline,
      `${read.name}: ${(share * 100).toFixed(1)} % of the baseline's req/s ≥ ${BUDGETS.readMinOfBaseline * 100} %`,
    );
  }
  for (const write of run.measurements.filter((m) => m.kind === 'write')) {
    check(
      write.p99Ms <= BUDGETS.writeP99Ms && write.errors === 0,
      `${write.name}: p99 ${write.p99Ms} ms ≤ ${BUDGETS.writeP99Ms} ms, ${write.errors} errors`,
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
  check(
    run.sellOut.seconds <= BUDGETS.sellOutSeconds && run.sellOut.errors === 0,
    `sell-out of ${run.sellOut.runners} in ${run.sellOut.seconds} s ≤ ${BUDGETS.sellOutSeconds} s, ${run.sellOut.errors} errors`,
  );
  const peakRssMb = run.peakRssBytes / 2 ** 20;
  check(
    peakRssMb <= BUDGETS.peakRssMb,
    `server RSS peak ${peakRssMb.toFixed(1)} MB ≤ ${BUDGETS.peakRssMb} MB`,
  );
  return results;
}
