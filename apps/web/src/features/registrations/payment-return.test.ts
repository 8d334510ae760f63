import { describe, expect, it } from 'vitest';
import {
  CONFIRM_CHECKS,
  CONFIRM_INTERVAL_MS,
  getPaymentReturnState,
  nextCheckDelay,
  readCheckoutResult,
  RELEASE_CHECK_MS,
  type ReturnContext,
} from './payment-return';

const now = Date.parse('2030-07-01T10:00:00.000Z');
const held = {
  _id: 'r1',
  status: 'pending_payment',
  bib: null,
  paymentStatus: 'pending',
  holdExpiresAt: '2030-07-01T10:30:00.000Z',
} as const;
const paid = { ...held, status: 'registered', bib: 7, paymentStatus: 'paid', holdExpiresAt: null } as const;
const back = (changes: Partial<ReturnContext> = {}): ReturnContext => ({
  registrationId: 'r1',
  result: 'cancelled',
  checks: 0,
  now,
  timeZone: 'Europe/Lisbon',
  ...changes,
});

describe('readCheckoutResult', () => {
  it('reads success and cancelled, nothing else', () => {
    expect(readCheckoutResult(new URLSearchParams('result=success'))).toBe('success');
    expect(readCheckoutResult(new URLSearchParams('result=cancelled'))).toBe('cancelled');
    expect(readCheckoutResult(new URLSearchParams('result=maybe'))).toBeNull();
    expect(readCheckoutResult(new URLSearchParams(''))).toBeNull();
  });
});

describe('getPaymentReturnState', () => {
  it('says the payment was received once the entry is registered and paid, with its bib', () => {
    expect(getPaymentReturnState(paid, back({ result: 'success' }))).toEqual({ kind: 'paid', bib: 7 });
  });

  it('waits for the confirmation a few times after a successful checkout, then says the place is held', () => {
    const success = (checks: number) => getPaymentReturnState(held, back({ result: 'success', checks }));
    expect(success(0)).toEqual({ kind: 'confirming' });
    expect(success(CONFIRM_CHECKS - 1)).toEqual({ kind: 'confirming' });
    expect(success(CONFIRM_CHECKS)).toEqual({ kind: 'held', until: 'Mon 1 Jul 2030, 11:30 WEST' });
  });

  it('says until when the place is held after a cancelled checkout', () => {
    expect(getPaymentReturnState(held, back())).toEqual({
      kind: 'held',
      until: 'Mon 1 Jul 2030, 11:30 WEST',
    });
    expect(getPaymentReturnState(held, back({ result: null, registrationId: null }))).toMatchObject({
      kind: 'held',
    });
  });

  it('waits for the server once the hold is up, and says the place was released once it is', () => {
    const atEnd = back({ now: Date.parse(held.holdExpiresAt) });
    expect(getPaymentReturnState(held, atEnd)).toEqual({ kind: 'ending' });
    expect(getPaymentReturnState(held, back({ result: 'success', now: atEnd.now }))).toEqual({
      kind: 'ending',
    });
    expect(getPaymentReturnState({ ...held, status: 'expired', holdExpiresAt: null }, atEnd)).toEqual({
      kind: 'released',
    });
  });

  it('shows any other entry as it stands', () => {
    for (const status of ['waitlisted', 'cancelled'] as const) {
      expect(getPaymentReturnState({ ...held, status }, back())).toEqual({ kind: 'other' });
    }
    expect(getPaymentReturnState({ ...paid, paymentStatus: 'due' }, back())).toEqual({ kind: 'other' });
  });

  it('finds nothing when the runner has no entry, or another than the URL names', () => {
    expect(getPaymentReturnState(null, back())).toEqual({ kind: 'missing' });
    expect(getPaymentReturnState(held, back({ registrationId: 'r2' }))).toEqual({ kind: 'missing' });
  });
});

describe('nextCheckDelay', () => {
  const delay = (entry: typeof held | typeof paid, context: ReturnContext) =>
    nextCheckDelay(entry, getPaymentReturnState(entry, context), context.now);

  it('asks again shortly while confirming, when the hold is up, and every few seconds after', () => {
    expect(delay(held, back({ result: 'success' }))).toBe(CONFIRM_INTERVAL_MS);
    expect(delay(held, back())).toBe(30 * 60 * 1000);
    expect(delay(held, back({ now: Date.parse(held.holdExpiresAt) + 1 }))).toBe(RELEASE_CHECK_MS);
  });

  it('does not ask again once nothing will change by itself', () => {
    expect(delay(paid, back())).toBeNull();
    expect(delay({ ...held, status: 'expired' } as unknown as typeof held, back())).toBeNull();
  });
});
