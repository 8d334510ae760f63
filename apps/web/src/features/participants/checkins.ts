import type { Marathon, Participant, RaceStats } from '@stride/shared';
import { formatDay, formatTime } from '../../lib/dates';
import { formatNumber } from '../../lib/counts';
import { PARTICIPANTS_MESSAGES } from './participants-messages';

/** The desk's race-day check-in (issue 33): a row's check-in, and the count in the summary strip. */

/** What the desk needs of a race to show its check-in times: its zone, and its start, whose day is race day. */
export type CheckinRace = Pick<Marathon, 'timeZone' | 'startDate'>;

/**
 * When a runner was checked in, as the race's clocks read it: "07:42" on the day the race starts, the day too
 * (as the desk's tables write days) on another: "2027-03-13 16:20", a bib picked up the day before.
 */
export function formatCheckinTime(checkedInAt: string, race: CheckinRace): string {
  const { timeZone } = race;
  const day = formatDay(checkedInAt, timeZone);
  const time = formatTime(checkedInAt, timeZone);
  return day === formatDay(race.startDate, timeZone) ? time : `${day} ${time}`;
}

/**
 * A row's Checked in cell: the time, or "Not yet" for a registered runner not checked in; empty for an entry
 * that holds no place (only the registered are checked in).
 */
export function checkinText(
  participant: Pick<Participant, 'status' | 'checkedInAt'>,
  race: CheckinRace,
): string {
  if (participant.status !== 'registered') return '';
  return participant.checkedInAt === null
    ? PARTICIPANTS_MESSAGES.list.notCheckedIn
    : formatCheckinTime(participant.checkedInAt, race);
}

/**
 * The summary strip's check-in: "812" and "of 2,400 checked in" (the registered runners checked in of all
 * registered); null before anyone holds a place.
 */
export function checkinSummary(
  stats: Pick<RaceStats, 'checkedIn' | 'counts'>,
): { value: string; detail: string } | null {
  const { registered } = stats.counts;
  if (registered === 0) return null;
  return {
    value: formatNumber(stats.checkedIn),
    detail: PARTICIPANTS_MESSAGES.summary.checkedInOf(registered),
  };
}
