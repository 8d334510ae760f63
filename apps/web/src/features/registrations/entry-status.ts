import type { Registration } from '@stride/shared';
import { type RemovalMessages, deleteRemovalSaying } from '../../lib/record-messages';
import { APPLY_LIST_MESSAGES } from './apply-list-messages';

type Entry = Pick<Registration, 'status' | 'bib' | 'waitlistPosition'>;

export const isWaitlisted = (entry: Pick<Registration, 'status'>) => entry.status === 'waitlisted';

/**
 * Where a registration stands, as My Apply List's Status column says it: 'Registered · bib 123' or
 * 'Waitlisted · #4' (1 = next in line); only the status while its number is not known.
 */
export function getEntryStatusText(entry: Entry): string {
  const S = APPLY_LIST_MESSAGES.status;
  const [status, detail] = isWaitlisted(entry)
    ? [S.waitlisted, entry.waitlistPosition === null ? null : S.position(entry.waitlistPosition)]
    : [S.registered, entry.bib === null ? null : S.bib(entry.bib)];
  return detail === null ? status : `${status}${S.separator}${detail}`;
}

/** Removing a registration: docs/SPEC.md §8's delete, or leaving the waitlist for a runner still in line. */
export function getRemovalMessages(
  registration: Pick<Registration, 'status' | 'marathonTitle'>,
): RemovalMessages {
  return isWaitlisted(registration)
    ? APPLY_LIST_MESSAGES.leaveWaitlistMessages(registration.marathonTitle)
    : deleteRemovalSaying(APPLY_LIST_MESSAGES.withdrawDetail(registration.marathonTitle));
}
