import type { Participant, RaceStats } from '@stride/shared';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@stride/shared/constants';
import { formatMoney, isFreeRace, type RacePrices } from '@stride/shared/money';
import { PARTICIPANTS_MESSAGES } from './participants-messages';

/** The desk's money (issue 32): which parts of it a race shows, and how its amounts read. */

/** True for a race that charges, or took money before it became free: the desk then shows the money. */
export function showsPayments(race: RacePrices, stats: Pick<RaceStats, 'revenue'>): boolean {
  const { paid, due, refundsDue } = stats.revenue;
  return !isFreeRace(race) || paid > 0 || due > 0 || refundsDue > 0;
}

/**
 * The list's tabs: Registered and Waitlist; with money, the places held for payment, the cancelled entries kept
 * for their money and the lapsed holds too; for a race entered by ballot, its entries waiting for the draw. The
 * tab the URL asks for is always there.
 */
export function statusTabsOf(
  race: { withPayments: boolean; hasBallot: boolean },
  current: RegistrationStatus,
): RegistrationStatus[] {
  const shows = (status: RegistrationStatus) =>
    status === 'registered' ||
    status === 'waitlisted' ||
    status === current ||
    (status === 'ballot' ? race.hasBallot : race.withPayments);
  return REGISTRATION_STATUSES.filter(shows);
}

/** An amount of the desk's, in its currency ("€45.00"); '-' for none. */
export function deskAmount(amount: number, currency: string): string {
  return amount === 0 ? PARTICIPANTS_MESSAGES.list.none : formatMoney(amount, currency);
}

/** The payment a row lets the organizer record: a fee collected on site, or a refund paid back on site. */
export function paymentActionOf(participant: Pick<Participant, 'paymentStatus'>): 'paid' | 'refunded' | null {
  if (participant.paymentStatus === 'due') return 'paid';
  if (participant.paymentStatus === 'refund_due') return 'refunded';
  return null;
}

/** An entry that holds a place, a hold or a place in line: the organizer can cancel it. */
export const isCancellable = (participant: Pick<Participant, 'status'>) =>
  participant.status === 'registered' ||
  participant.status === 'waitlisted' ||
  participant.status === 'pending_payment';

/** What a runner gets back when the organizer cancels their entry (all they paid), and how; null for nothing. */
export function cancellationRefund(
  participant: Pick<Participant, 'amountPaid' | 'amountRefunded' | 'currency' | 'paymentMethod'>,
): { amount: string; isOnSite: boolean } | null {
  const held = participant.amountPaid - participant.amountRefunded;
  if (held <= 0 || participant.currency === null) return null;
  return {
    amount: formatMoney(held, participant.currency),
    isOnSite: participant.paymentMethod === 'on_site',
  };
}

/** The summary strip's revenue: the money kept, and below it what is still to collect or pay back on site. */
export function revenueSummary(revenue: RaceStats['revenue']): { net: string; notes: string[] } {
  const S = PARTICIPANTS_MESSAGES.summary;
  const money = (amount: number) => formatMoney(amount, revenue.currency);
  return {
    net: money(revenue.net),
    notes: [
      ...(revenue.due > 0 ? [S.due(money(revenue.due))] : []),
      ...(revenue.refundsDue > 0 ? [S.refundsDue(money(revenue.refundsDue))] : []),
    ],
  };
}
