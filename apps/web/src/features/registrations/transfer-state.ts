import type { Registration } from '@stride/shared';
import { formatDateTime } from '../../lib/dates';
import { APPLY_LIST_MESSAGES } from './apply-list-messages';

/**
 * Whether a runner can hand their place on (issue 35), as My Apply List says it: an open offer ('Offered to
 * {email} until {date}'), a place that can be offered ('Transfer by {deadline}'), or neither.
 */
export type TransferState =
  { kind: 'none' } | { kind: 'available'; text: string } | { kind: 'offered'; text: string; toEmail: string };

/**
 * A registered entry can be offered until the race's transfer deadline (a race without one allows no
 * transfers); an entry with an open offer shows it instead. Dates are the race's clocks'.
 */
export function getTransferState(
  entry: Pick<Registration, 'status' | 'transfersUntil' | 'transfer' | 'marathonTimeZone'>,
  now: Date,
): TransferState {
  const M = APPLY_LIST_MESSAGES.transfer;
  const time = (instant: string) => formatDateTime(instant, entry.marathonTimeZone);
  if (entry.transfer?.status === 'offered') {
    const { toEmail, expiresAt } = entry.transfer;
    return { kind: 'offered', text: M.offered(toEmail, time(expiresAt)), toEmail };
  }
  const deadline = entry.transfersUntil;
  if (entry.status !== 'registered' || deadline === null || now >= new Date(deadline))
    return { kind: 'none' };
  return { kind: 'available', text: M.until(time(deadline)) };
}
