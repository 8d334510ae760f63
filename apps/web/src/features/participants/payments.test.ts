import { describe, expect, it } from 'vitest';
import {
  cancellationRefund,
  deskAmount,
  isCancellable,
  paymentActionOf,
  revenueSummary,
  showsPayments,
  statusTabsOf,
} from './payments';

const NO_MONEY = { currency: 'EUR', paid: 0, refunded: 0, net: 0, due: 0, refundsDue: 0 };
const FREE_RACE = { entryFee: 0, priceTiers: [] };

describe('showsPayments', () => {
  it('is false for a free race that never took money', () => {
    expect(showsPayments(FREE_RACE, { revenue: NO_MONEY })).toBe(false);
  });

  it('is true for a race with a fee, now or in a tier, or with money on its entries', () => {
    expect(showsPayments({ ...FREE_RACE, entryFee: 4500 }, { revenue: NO_MONEY })).toBe(true);
    const earlyOnly = { entryFee: 0, priceTiers: [{ until: '2027-01-01T00:00:00Z', entryFee: 1000 }] };
    expect(showsPayments(earlyOnly, { revenue: NO_MONEY })).toBe(true);
    expect(showsPayments(FREE_RACE, { revenue: { ...NO_MONEY, paid: 4500, net: 4500 } })).toBe(true);
    expect(showsPayments(FREE_RACE, { revenue: { ...NO_MONEY, refundsDue: 4500 } })).toBe(true);
  });
});

describe('statusTabsOf', () => {
  const paid = { withPayments: true, hasBallot: false };
  const free = { withPayments: false, hasBallot: false };

  it('shows every status of a paid race, and only Registered and Waitlist of a free one', () => {
    expect(statusTabsOf(paid, 'registered')).toEqual([
      'registered',
      'waitlisted',
      'pending_payment',
      'cancelled',
      'expired',
    ]);
    expect(statusTabsOf(free, 'registered')).toEqual(['registered', 'waitlisted']);
  });

  it('shows the entries in the ballot of a race entered by ballot, paid or free', () => {
    expect(statusTabsOf({ ...free, hasBallot: true }, 'registered')).toEqual([
      'registered',
      'waitlisted',
      'ballot',
    ]);
    expect(statusTabsOf({ ...paid, hasBallot: true }, 'registered')).toEqual([
      'registered',
      'waitlisted',
      'pending_payment',
      'ballot',
      'cancelled',
      'expired',
    ]);
  });

  it('keeps the tab the URL asks for', () => {
    expect(statusTabsOf(free, 'cancelled')).toEqual(['registered', 'waitlisted', 'cancelled']);
    expect(statusTabsOf(free, 'ballot')).toEqual(['registered', 'waitlisted', 'ballot']);
  });
});

describe('a row’s money', () => {
  it('reads amounts in their currency, none as a dash', () => {
    expect(deskAmount(4500, 'EUR')).toBe('€45.00');
    expect(deskAmount(4500, 'JPY')).toBe('¥4,500');
    expect(deskAmount(0, 'EUR')).toBe('-');
  });

  it('offers Mark paid on a fee due, Mark refunded on a refund due, nothing else', () => {
    expect(paymentActionOf({ paymentStatus: 'due' })).toBe('paid');
    expect(paymentActionOf({ paymentStatus: 'refund_due' })).toBe('refunded');
    for (const paymentStatus of ['free', 'pending', 'paid', 'refunded', 'partially_refunded'] as const) {
      expect(paymentActionOf({ paymentStatus })).toBeNull();
    }
  });

  it('lets the organizer cancel live entries only', () => {
    expect(isCancellable({ status: 'registered' })).toBe(true);
    expect(isCancellable({ status: 'waitlisted' })).toBe(true);
    expect(isCancellable({ status: 'pending_payment' })).toBe(true);
    expect(isCancellable({ status: 'cancelled' })).toBe(false);
    expect(isCancellable({ status: 'expired' })).toBe(false);
  });

  it('says what a cancellation refunds: all that was paid and not yet given back, and how', () => {
    const paidOnline = {
      amountPaid: 4500,
      amountRefunded: 0,
      currency: 'EUR',
      paymentMethod: 'online',
    } as const;
    expect(cancellationRefund(paidOnline)).toEqual({ amount: '€45.00', isOnSite: false });
    expect(cancellationRefund({ ...paidOnline, paymentMethod: 'on_site', amountRefunded: 500 })).toEqual({
      amount: '€40.00',
      isOnSite: true,
    });
    expect(cancellationRefund({ ...paidOnline, amountPaid: 0 })).toBeNull();
    expect(cancellationRefund({ ...paidOnline, amountRefunded: 4500 })).toBeNull();
  });
});

describe('revenueSummary', () => {
  it('gives the money kept, then what is still due on site either way', () => {
    expect(
      revenueSummary({
        currency: 'EUR',
        paid: 450_000,
        refunded: 45_000,
        net: 405_000,
        due: 4500,
        refundsDue: 0,
      }),
    ).toEqual({ net: '€4,050.00', notes: ['€45.00 due on site'] });
    expect(revenueSummary({ ...NO_MONEY, currency: 'JPY', refundsDue: 4500 })).toEqual({
      net: '¥0',
      notes: ['¥4,500 refunds due'],
    });
  });
});
