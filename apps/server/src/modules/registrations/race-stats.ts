import {
  type RaceStats,
  type RegistrationStatus,
  GENDERS,
  UNANSWERED,
  ageGroupLabels,
  formatDayInZone,
} from '@stride/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day after a YYYY-MM-DD day (calendar arithmetic: no zone, no change of clocks). */
const nextDay = (day: string) => new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);

export type DailyCount = { day: string; status: RegistrationStatus; count: number };

/** The race's money as read (see revenueSchema): its currency and sums in its minor units. */
export type MoneyTotals = Omit<RaceStats['revenue'], 'net'>;

/** The summary's revenue: the money received less the money given back. */
export const revenueOf = (totals: MoneyTotals): RaceStats['revenue'] => ({
  ...totals,
  net: totals.paid - totals.refunded,
});

/** Registered runners per answer of one kind; `value` null for those who gave none. */
export type AnswerCount = { kind: 'tShirtSize' | 'gender' | 'ageGroup'; value: string | null; count: number };

type AnswerTotals = Pick<RaceStats, 'tShirtSizes' | 'genders' | 'ageGroups'>;

/**
 * The registered runners per T-shirt size, gender and age group: every value the race offers in its order (0 when
 * nobody chose it), a value chosen before the organizer took it away after them, then `unanswered`.
 */
export function answerCounts(
  race: { tShirtSizes: string[]; ageGroups: number[] | null },
  counts: readonly AnswerCount[],
): AnswerTotals {
  const totals = (kind: AnswerCount['kind'], offered: readonly string[]) => {
    const result: Record<string, number> = Object.fromEntries(offered.map((value) => [value, 0]));
    let unanswered = 0;
    for (const row of counts) {
      if (row.kind !== kind) continue;
      if (row.value === null) unanswered += row.count;
      else result[row.value] = (result[row.value] ?? 0) + row.count;
    }
    result[UNANSWERED] = unanswered;
    return result;
  };
  return {
    tShirtSizes: totals('tShirtSize', race.tShirtSizes),
    genders: totals('gender', GENDERS),
    ageGroups: totals('ageGroup', race.ageGroups === null ? [] : ageGroupLabels(race.ageGroups)),
  };
}

/** The statuses the counts and days are about: entries holding a place and entries in line. */
type CountedStatus = keyof RaceStats['counts'];
const isCounted = (status: RegistrationStatus): status is CountedStatus =>
  status === 'registered' || status === 'waitlisted';

/**
 * The race's sign-ups per day where the race is run (`daily` counted in its zone too), from the day its window
 * opens to today, or to the day it closes once that has passed (none before it opens). Entries made outside
 * those days (before the window moved, say) count on the first or last day, so the days add up to the counts.
 * Counts and days are of registered and waitlisted entries: held places are the race's `pending` counter, and
 * entries kept without a place (cancelled, expired) are no sign-ups. The places left are those neither
 * registered nor held.
 */
export function raceStats(
  race: { capacity: number | null; pending: number; startRegDate: Date; endRegDate: Date; timeZone: string },
  daily: readonly DailyCount[],
  now: Date,
): Omit<RaceStats, keyof AnswerTotals | 'revenue' | 'checkedIn'> {
  const dayOf = (instant: Date) => formatDayInZone(instant, race.timeZone);
  const today = dayOf(now);
  const first = dayOf(race.startRegDate);
  const closing = dayOf(race.endRegDate);
  const last = today < closing ? today : closing;
  const days = new Map<string, Record<CountedStatus, number>>();
  if (today >= first) {
    for (let day = first; day <= last; day = nextDay(day)) days.set(day, { registered: 0, waitlisted: 0 });
  }

  const counts = { registered: 0, waitlisted: 0 };
  let registrationsToday = 0;
  for (const { day, status, count } of daily) {
    if (!isCounted(status)) continue;
    counts[status] += count;
    if (day === today) registrationsToday += count;
    const bucket = days.get(day < first ? first : day > last ? last : day);
    if (bucket) bucket[status] += count;
  }

  let cumulativeRegistered = 0;
  return {
    capacity: race.capacity,
    placesLeft: race.capacity === null ? null : Math.max(0, race.capacity - counts.registered - race.pending),
    counts,
    pendingCount: race.pending,
    registrationsToday,
    days: Array.from(days, ([date, { registered, waitlisted }]) => {
      cumulativeRegistered += registered;
      return { date, registered, waitlisted, cumulativeRegistered };
    }),
  };
}
