import { describe, expect, it } from 'vitest';
import { getPaymentText, type EntryPayment } from './payment-state';

const TZ = 'Europe/Lisbon';
const entry = (changes: Partial<EntryPayment>): EntryPayment => ({
  status: 'registered',
  paymentStatus: 'paid',
  amountDue: 4500,
  amountPaid: 4500,
  amountRefunded: 0,
  currency: 'EUR',
  receiptNumber: '000001',
  holdExpiresAt: null,
  ...changes,
});

describe('getPaymentText', () => {
  it('gives what was paid and the receipt', () => {
    expect(getPaymentText(entry({}), TZ)).toBe('Paid €45.00 · Receipt 000001');
    expect(
      getPaymentText(
        entry({ currency: 'JPY', amountDue: 4500, amountPaid: 4500, receiptNumber: '000002' }),
        TZ,
      ),
    ).toBe('Paid ¥4,500 · Receipt 000002');
  });

  it('gives what is due on site', () => {
    const due = entry({ paymentStatus: 'due', amountPaid: 0, receiptNumber: null });
    expect(getPaymentText(due, TZ)).toBe('Due on site €45.00');
  });

  it('gives until when a held place waits for its payment, race-local', () => {
    const held = entry({
      status: 'pending_payment',
      paymentStatus: 'pending',
      amountPaid: 0,
      receiptNumber: null,
      holdExpiresAt: '2030-07-01T10:30:00.000Z',
    });
    expect(getPaymentText(held, TZ)).toBe('Awaiting payment until Mon 1 Jul 2030, 11:30 WEST');
  });

  it('says a runner in line pays once they get a place, and a released hold was not paid', () => {
    const unpaid = { paymentStatus: 'pending', amountPaid: 0, receiptNumber: null } as const;
    expect(getPaymentText(entry({ ...unpaid, status: 'waitlisted' }), TZ)).toBe(
      '€45.00 once you get a place',
    );
    expect(getPaymentText(entry({ ...unpaid, status: 'expired' }), TZ)).toBe('Not paid');
  });

  it('gives refunds with the receipt of the payment', () => {
    expect(
      getPaymentText(entry({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 4500 }), TZ),
    ).toBe('Refunded €45.00 · Receipt 000001');
    expect(
      getPaymentText(
        entry({ status: 'cancelled', paymentStatus: 'partially_refunded', amountRefunded: 4050 }),
        TZ,
      ),
    ).toBe('Paid €45.00 · Refunded €40.50 · Receipt 000001');
    expect(getPaymentText(entry({ status: 'cancelled', paymentStatus: 'refund_due' }), TZ)).toBe(
      'Paid €45.00 · Refund due · Receipt 000001',
    );
  });

  it('says a free entry is free', () => {
    const free = entry({
      paymentStatus: 'free',
      amountDue: 0,
      amountPaid: 0,
      currency: null,
      receiptNumber: null,
    });
    expect(getPaymentText(free, TZ)).toBe('Free');
  });
});
