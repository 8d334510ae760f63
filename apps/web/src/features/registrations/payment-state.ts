import type { Registration } from '@stride/shared';
import { formatMoney } from '@stride/shared/money';
import { formatDateTime } from '../../lib/dates';
import { ENTRY_PAYMENT_MESSAGES as M } from './payment-messages';

export type EntryPayment = Pick<
  Registration,
  | 'status'
  | 'paymentStatus'
  | 'amountDue'
  | 'amountPaid'
  | 'amountRefunded'
  | 'currency'
  | 'receiptNumber'
  | 'holdExpiresAt'
>;

/**
 * Where an entry's payment stands, as My Apply List says it: 'Free', 'Paid €45.00 · Receipt 000001', 'Due on site
 * €45.00', 'Awaiting payment until {time}' (race-local), 'Refunded €40.50 · Receipt 000001'… The receipt goes with
 * every entry that was paid, refunded or not.
 */
export function getPaymentText(entry: EntryPayment, timeZone: string): string {
  // Only a free entry has no currency.
  const money = (amount: number) => formatMoney(amount, entry.currency ?? 'EUR');
  const receipt = entry.receiptNumber === null ? [] : [M.receipt(entry.receiptNumber)];
  const joined = (parts: string[]) => [...parts, ...receipt].join(M.separator);
  switch (entry.paymentStatus) {
    case 'free':
      return M.free;
    case 'due':
      return M.dueOnSite(money(entry.amountDue));
    case 'paid':
      return joined([M.paid(money(entry.amountPaid))]);
    case 'refunded':
      return joined([M.refunded(money(entry.amountRefunded))]);
    case 'partially_refunded':
      return joined([M.paid(money(entry.amountPaid)), M.refunded(money(entry.amountRefunded))]);
    case 'refund_due':
      return joined([M.paid(money(entry.amountPaid)), M.refundDue]);
    case 'pending':
      if (entry.status === 'pending_payment')
        return M.awaitingUntil(formatDateTime(entry.holdExpiresAt, timeZone));
      if (entry.status === 'waitlisted') return M.dueWithPlace(money(entry.amountDue));
      return M.notPaid;
  }
}

/** True while the runner's place is held for them to pay online: the entry offers "Pay now". */
export const isAwaitingPayment = (entry: Pick<Registration, 'status'>) => entry.status === 'pending_payment';
