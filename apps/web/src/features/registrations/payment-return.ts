import type { RegistrationEntry } from '@stride/shared';
import { formatDateTime } from '../../lib/dates';

/** What Stripe's checkout says happened, from the return URL's `?result=`: null when it says nothing we know. */
export type CheckoutResult = 'success' | 'cancelled' | null;

export function readCheckoutResult(params: URLSearchParams): CheckoutResult {
  const result = params.get('result');
  return result === 'success' || result === 'cancelled' ? result : null;
}

/**
 * After `result=success` the webhook that confirms the payment may arrive after the runner: the page asks again
 * this many times, this far apart, before it says the payment is not complete.
 */
export const CONFIRM_CHECKS = 5;
export const CONFIRM_INTERVAL_MS = 1_000;
/** Once the hold's time is up, how often the page asks whether the server has released it (within 30 s) or it was paid. */
export const RELEASE_CHECK_MS = 5_000;
/** The longest a browser timer waits (a waitlist claim's hold may be days ahead). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * What the return page says about the runner's entry:
 * - `paid`: registered and paid ("Payment received", with the bib);
 * - `confirming`: back from paying, the confirmation not yet in;
 * - `held`: not paid, the place held until `until` (race-local), "Pay now";
 * - `ending`: the hold's time is up, the server has not yet released it (or found it paid);
 * - `released`: the hold ended unpaid;
 * - `other`: an entry in any other state (registered to pay on site, in line, cancelled), as it stands;
 * - `missing`: the runner has no entry in the race, or not the one the URL names.
 */
export type PaymentReturnState =
  | { kind: 'paid'; bib: number | null }
  | { kind: 'confirming' }
  | { kind: 'held'; until: string }
  | { kind: 'ending' }
  | { kind: 'released' }
  | { kind: 'other' }
  | { kind: 'missing' };

type Entry = Pick<RegistrationEntry, '_id' | 'status' | 'bib' | 'paymentStatus' | 'holdExpiresAt'>;

export type ReturnContext = {
  /** The registration the URL names (`?registration=`), null when it names none. */
  registrationId: string | null;
  result: CheckoutResult;
  /** How many times the page has asked again since it opened. */
  checks: number;
  now: number;
  timeZone: string;
};

export function getPaymentReturnState(entry: Entry | null, context: ReturnContext): PaymentReturnState {
  if (!entry || (context.registrationId !== null && entry._id !== context.registrationId)) {
    return { kind: 'missing' };
  }
  switch (entry.status) {
    case 'registered':
      return entry.paymentStatus === 'paid' ? { kind: 'paid', bib: entry.bib } : { kind: 'other' };
    case 'expired':
      return { kind: 'released' };
    case 'pending_payment':
      if (holdEndsIn(entry, context.now) <= 0) return { kind: 'ending' };
      if (context.result === 'success' && context.checks < CONFIRM_CHECKS) return { kind: 'confirming' };
      return { kind: 'held', until: formatDateTime(entry.holdExpiresAt, context.timeZone) };
    default:
      return { kind: 'other' };
  }
}

/** When the page should ask the server again (ms from `now`), or null when what it shows will not change by itself. */
export function nextCheckDelay(entry: Entry | null, state: PaymentReturnState, now: number): number | null {
  switch (state.kind) {
    case 'confirming':
      return CONFIRM_INTERVAL_MS;
    case 'held':
      return entry && Math.min(Math.max(holdEndsIn(entry, now), 0), MAX_TIMER_MS);
    case 'ending':
      return RELEASE_CHECK_MS;
    default:
      return null;
  }
}

/** How long the entry's hold lasts from `now`; a hold without an end counts as ended. */
function holdEndsIn(entry: Pick<Entry, 'holdExpiresAt'>, now: number): number {
  return entry.holdExpiresAt === null ? 0 : Date.parse(entry.holdExpiresAt) - now;
}
