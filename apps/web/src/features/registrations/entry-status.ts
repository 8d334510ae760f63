import type { Registration } from '@stride/shared';
import { type RemovalMessages, deleteRemovalSaying } from '../../lib/record-messages';
import { APPLY_LIST_MESSAGES } from './apply-list-messages';

type Entry = Pick<Registration, 'status' | 'bib' | 'waitlistPosition'>;

export const isWaitlisted = (entry: Pick<Registration, 'status'>) => entry.status === 'waitlisted';

/**
 * Where a registration stands, as My Apply List's Status column says it: 'Registered · bib 123' or
 * 'Waitlisted · #4' (1 = next in line), only the status while its number is not known; 'Place held' while its
 * runner pays, 'Cancelled' or 'Place released' for an entry kept without a place.
 */
export function getEntryStatusText(entry: Entry): string {
  const S = APPLY_LIST_MESSAGES.status;
  const detail =
    entry.status === 'waitlisted'
      ? entry.waitlistPosition === null
        ? null
        : S.position(entry.waitlistPosition)
      : entry.bib === null
        ? null
        : S.bib(entry.bib);
  const status = S[entry.status];
  return detail === null ? status : `${status}${S.separator}${detail}`;
}

/** An entry kept without a place (cancelled with money on it, or a hold released): nothing left to change. */
export const isKeptWithoutPlace = (entry: Pick<Registration, 'status'>) =>
  entry.status === 'cancelled' || entry.status === 'expired';

/** Removing a registration: docs/SPEC.md §8's delete, or leaving the waitlist for a runner still in line. */
export function getRemovalMessages(
  registration: Pick<Registration, 'status' | 'marathonTitle'>,
): RemovalMessages {
  return isWaitlisted(registration)
    ? APPLY_LIST_MESSAGES.leaveWaitlistMessages(registration.marathonTitle)
    : deleteRemovalSaying(APPLY_LIST_MESSAGES.withdrawDetail(registration.marathonTitle));
}
