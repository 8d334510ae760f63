import type { RaceStats } from '@stride/shared';

const DAY_SECONDS = 86_400;

/** The chart's series, aligned on its days: what uPlot draws (its `AlignedData`) and the text alternative reads. */
export type ChartSeries = {
  /** Each day's UTC midnight, in seconds (uPlot's time unit). */
  days: number[];
  /** Runners registered that day and still holding a place: one bar per day. */
  perDay: number[];
  /** Runners holding a place by the end of each day: the line. */
  cumulative: number[];
  /** The race's limit on every day (a flat line); null without a limit. */
  capacity: number[] | null;
};

/** 'YYYY-MM-DD' (a UTC day, as the stats call sends it) → that day's UTC midnight in seconds. */
export function utcDaySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

export function buildChartSeries(stats: Pick<RaceStats, 'days' | 'capacity'>): ChartSeries {
  const { days, capacity } = stats;
  return {
    days: days.map((day) => utcDaySeconds(day.date)),
    perDay: days.map((day) => day.registered),
    cumulative: days.map((day) => day.cumulativeRegistered),
    capacity: capacity === null ? null : days.map(() => capacity),
  };
}

/**
 * The x range: half a day either side of the first and last day, so that the end bars are whole and a single
 * day still has a width.
 */
export function dayRange(days: readonly number[]): [number, number] {
  const first = days[0] ?? 0;
  const last = days.at(-1) ?? first;
  return [first - DAY_SECONDS / 2, last + DAY_SECONDS / 2];
}

/** A scale's top: a tenth above its highest value (at least 1), so the line never runs along the frame. */
const withHeadroom = (highest: number) => highest + Math.max(1, Math.ceil(highest / 10));

/** The top of the totals' scale: above the limit or the highest total, whichever is more. */
export function totalsMax(series: Pick<ChartSeries, 'cumulative' | 'capacity'>): number {
  return withHeadroom(Math.max(0, ...series.cumulative, ...(series.capacity ?? [])));
}

/** The top of the per-day scale: above the busiest day. */
export function perDayMax(series: Pick<ChartSeries, 'perDay'>): number {
  return withHeadroom(Math.max(0, ...series.perDay));
}
