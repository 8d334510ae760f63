import type { Registration } from '@stride/shared';
import { type RemovalMessages, deleteRemovalSaying } from '../../lib/record-messages';
import { formatDateTime } from '../../lib/dates';
import { APPLY_LIST_MESSAGES } from './apply-list-messages';

type Entry = Pick<Registration, 'status' | 'bib' | 'waitlistPosition' | 'ballot'> &
  Partial<Pick<Registration, 'ballotDrawAt' | 'marathonTimeZone'>>;

export const isWaitlisted = (entry: Pick<Registration, 'status'>) => entry.status === 'waitlisted';

/**
 * Where a registration stands, as My Apply List's Status column says it: 'Registered · bib 123' or
 * 'Waitlisted · #4' (1 = next in line), only the status while its number is not known; 'Place held' while its
 * runner pays, 'In the ballot · draw on {date}' until the ballot is drawn, 'Cancelled' or 'Place released' for an entry kept
 * without a place. An entry drawn in a ballot adds its drawn position: 'Registered · bib 12 · Ballot position 3'.
 */
export function getEntryStatusText(entry: Entry): string {
  const S = APPLY_LIST_MESSAGES.status;
  const { ballotDrawAt, marathonTimeZone } = entry;
  const detail =
    entry.status === 'ballot'
      ? ballotDrawAt && marathonTimeZone
        ? S.drawOn(formatDateTime(ballotDrawAt, marathonTimeZone))
        : null
      : entry.status === 'waitlisted'
        ? entry.waitlistPosition === null
          ? null
          : S.position(entry.waitlistPosition)
        : entry.bib === null
          ? null
          : S.bib(entry.bib);
  const drawn = entry.ballot === null ? null : S.ballotPosition(entry.ballot.position);
  return [S[entry.status], detail, drawn].filter((part) => part !== null).join(S.separator);
}

/** An entry kept without a place (cancelled with money on it, or a hold released): nothing left to change. */
export const isKeptWithoutPlace = (entry: Pick<Registration, 'status'>) =>
  entry.status === 'cancelled' || entry.status === 'expired';

/** The label of a row's removal: 'Leave waitlist' for a runner in line, 'Leave ballot' before a draw; else Delete. */
export function getRemovalLabel(entry: Pick<Registration, 'status'>): string | undefined {
  if (isWaitlisted(entry)) return APPLY_LIST_MESSAGES.leaveWaitlist;
  if (entry.status === 'ballot') return APPLY_LIST_MESSAGES.leaveBallot;
  return undefined;
}

/**
 * Removing a registration: docs/SPEC.md §8's delete, leaving the waitlist for a runner still in line, or leaving
 * the ballot before its draw.
 */
export function getRemovalMessages(
  registration: Pick<Registration, 'status' | 'marathonTitle'>,
): RemovalMessages {
  if (isWaitlisted(registration))
    return APPLY_LIST_MESSAGES.leaveWaitlistMessages(registration.marathonTitle);
  if (registration.status === 'ballot')
    return APPLY_LIST_MESSAGES.leaveBallotMessages(registration.marathonTitle);
  return deleteRemovalSaying(APPLY_LIST_MESSAGES.withdrawDetail(registration.marathonTitle));
}
