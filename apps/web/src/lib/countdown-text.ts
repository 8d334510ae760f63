const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How far off a race's start is, in words, to the nearest day or hour: "in 12 days", "tomorrow", "in 5 hours",
 * "in 1 hour"; "within the hour" once it is under the hour (the dashboard lists only races not started).
 */
export function countdownText(startDate: string, now: Date = new Date()): string {
  const ms = new Date(startDate).getTime() - now.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms >= DAY_MS) return RELATIVE.format(Math.round(ms / DAY_MS), 'day');
  if (ms >= HOUR_MS) return RELATIVE.format(Math.round(ms / HOUR_MS), 'hour');
  return 'within the hour';
}
