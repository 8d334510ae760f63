import type { RaceStats, RegistrationStatus } from '@stride/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of the UTC day. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export type DailyCount = { day: string; status: RegistrationStatus; count: number };

/**
 * The race's sign-ups per UTC day, from the day its window opens to today, or to the day it closes once that
 * has passed (none before it opens). Entries made outside those days (before the window moved, say) count on
 * the first or last day, so the days add up to the counts.
 */
export function raceStats(
  race: { capacity: number | null; startRegDate: Date; endRegDate: Date },
  daily: readonly DailyCount[],
  now: Date,
): RaceStats {
  const today = utcDay(now);
  const first = utcDay(race.startRegDate);
  const closing = utcDay(race.endRegDate);
  const last = today < closing ? today : closing;
  const days = new Map<string, Record<RegistrationStatus, number>>();
  if (today >= first) {
    for (let at = Date.parse(first); at <= Date.parse(last); at += DAY_MS) {
      days.set(utcDay(new Date(at)), { registered: 0, waitlisted: 0 });
    }
  }

  const counts = { registered: 0, waitlisted: 0 };
  let registrationsToday = 0;
  for (const { day, status, count } of daily) {
    counts[status] += count;
    if (day === today) registrationsToday += count;
    const bucket = days.get(day < first ? first : day > last ? last : day);
    if (bucket) bucket[status] += count;
  }

  let cumulativeRegistered = 0;
  return {
    capacity: race.capacity,
    placesLeft: race.capacity === null ? null : Math.max(0, race.capacity - counts.registered),
    counts,
    registrationsToday,
    days: Array.from(days, ([date, { registered, waitlisted }]) => {
      cumulativeRegistered += registered;
      return { date, registered, waitlisted, cumulativeRegistered };
    }),
  };
}
