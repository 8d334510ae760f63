import { describe, expect, it } from 'vitest';
import {
  type RacePrices,
  discounted,
  feeAt,
  formatMoney,
  isCurrency,
  isFreeRace,
  minimumCardCharge,
  minorUnitDigits,
  nextFeeChange,
  refundOnWithdrawal,
} from './money.js';

const MS = 1;
const at = (iso: string, offsetMs = 0) => new Date(Date.parse(iso) + offsetMs);

describe('currencies', () => {
  it('takes ISO 4217 codes in capitals that the runtime knows', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('JPY')).toBe(true);
    expect(isCurrency('USD')).toBe(true);
    for (const code of ['eur', 'Eur', 'EURO', 'EU', '', 'ABC', '€'])
      expect(isCurrency(code), code).toBe(false);
  });

  it('knows how many decimals each minor unit has: cents, none for yen', () => {
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
  });

  it('shows amounts as people read them', () => {
    expect(formatMoney(4500, 'EUR')).toBe('€45.00');
    expect(formatMoney(1501, 'EUR')).toBe('€15.01');
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
    expect(formatMoney(4500, 'JPY')).toBe('¥4,500');
    expect(formatMoney(1485, 'JPY')).toBe('¥1,485');
  });

  it("knows the smallest card charge in the currency's minor units", () => {
    expect(minimumCardCharge('EUR')).toBe(50);
    expect(minimumCardCharge('USD')).toBe(50);
    expect(minimumCardCharge('JPY')).toBe(50);
    expect(minimumCardCharge('GBP')).toBe(30);
  });
});

describe('price tiers', () => {
  const FIRST_ENDS = '2030-03-01T00:00:00.000Z';
  const SECOND_ENDS = '2030-04-01T12:30:00.000Z';
  const prices: RacePrices = {
    entryFee: 5500,
    priceTiers: [
      { until: FIRST_ENDS, entryFee: 3500 },
      { until: SECOND_ENDS, entryFee: 4500 },
    ],
  };

  it.each([
    ['long before the first tier ends', at(FIRST_ENDS, -30 * 24 * 3600 * 1000), 3500],
    ['1 ms before the first tier ends', at(FIRST_ENDS, -MS), 3500],
    ['the instant the first tier ends', at(FIRST_ENDS), 4500],
    ['1 ms before the last tier ends', at(SECOND_ENDS, -MS), 4500],
    ['the instant the last tier ends', at(SECOND_ENDS), 5500],
    ['after the last tier', at(SECOND_ENDS, 1000), 5500],
  ])('%s: the fee is %i', (_case, now, fee) => {
    expect(feeAt(prices, now)).toBe(fee);
  });

  it('says when the fee next changes, and to what, until it no longer does', () => {
    expect(nextFeeChange(prices, at(FIRST_ENDS, -MS))).toEqual({ at: FIRST_ENDS, entryFee: 4500 });
    expect(nextFeeChange(prices, at(FIRST_ENDS))).toEqual({ at: SECOND_ENDS, entryFee: 5500 });
    expect(nextFeeChange(prices, at(SECOND_ENDS, -MS))).toEqual({ at: SECOND_ENDS, entryFee: 5500 });
    expect(nextFeeChange(prices, at(SECOND_ENDS))).toBeNull();
  });

  it('a race without tiers costs its entry fee, which never changes', () => {
    const flat = { entryFee: 4500, priceTiers: [] };
    expect(feeAt(flat, at(FIRST_ENDS))).toBe(4500);
    expect(nextFeeChange(flat, at(FIRST_ENDS))).toBeNull();
  });

  it('the tier ends come back as the API writes instants', () => {
    const written = { entryFee: 100, priceTiers: [{ until: '2030-03-01T01:00:00+01:00', entryFee: 50 }] };
    expect(nextFeeChange(written, at(FIRST_ENDS, -MS))).toEqual({ at: FIRST_ENDS, entryFee: 100 });
  });

  it('a race is free only when no tier charges either', () => {
    expect(isFreeRace({ entryFee: 0, priceTiers: [] })).toBe(true);
    expect(isFreeRace({ entryFee: 0, priceTiers: [{ until: FIRST_ENDS, entryFee: 0 }] })).toBe(true);
    expect(isFreeRace({ entryFee: 0, priceTiers: [{ until: FIRST_ENDS, entryFee: 1000 }] })).toBe(false);
    expect(isFreeRace(prices)).toBe(false);
  });
});

describe('discounts', () => {
  const percent = (percentOff: number) => ({ percentOff, amountOff: null });
  const amount = (amountOff: number) => ({ percentOff: null, amountOff });

  it('takes a percentage off, the discount rounded down to the minor unit', () => {
    expect(discounted(4500, percent(20))).toBe(3600);
    // 15 % of 4550 is 682.5: 682 off.
    expect(discounted(4550, percent(15))).toBe(3868);
    expect(discounted(4500, percent(100))).toBe(0);
    // Yen: 33 % of 4500 is 1485.
    expect(discounted(4500, percent(33))).toBe(3015);
  });

  it('takes an amount off, never below nothing', () => {
    expect(discounted(4500, amount(500))).toBe(4000);
    expect(discounted(4500, amount(4500))).toBe(0);
    expect(discounted(4500, amount(10_000))).toBe(0);
  });

  it('without a code, the fee', () => {
    expect(discounted(4500, null)).toBe(4500);
  });
});

describe('refunds on withdrawal', () => {
  const RACE_START = at('2030-06-01T08:00:00.000Z');
  const UNTIL = '2030-05-01T00:00:00.000Z';

  it('gives back the policy’s share before its deadline, rounded down to the minor unit', () => {
    // 33 % of 4550 is 1501.5.
    expect(refundOnWithdrawal(4550, { percent: 33, until: UNTIL }, RACE_START, at(UNTIL, -MS))).toBe(1501);
    expect(refundOnWithdrawal(4500, { percent: 50, until: UNTIL }, RACE_START, at(UNTIL, -MS))).toBe(2250);
    expect(refundOnWithdrawal(4500, { percent: 100, until: UNTIL }, RACE_START, at(UNTIL, -MS))).toBe(4500);
    // Yen have no minor unit: 33 % of ¥4,555 is ¥1,503.15.
    expect(refundOnWithdrawal(4555, { percent: 33, until: UNTIL }, RACE_START, at(UNTIL, -MS))).toBe(1503);
  });

  it('gives back nothing from the deadline on', () => {
    expect(refundOnWithdrawal(4500, { percent: 50, until: UNTIL }, RACE_START, at(UNTIL))).toBe(0);
    expect(refundOnWithdrawal(4500, { percent: 50, until: UNTIL }, RACE_START, at(UNTIL, 1000))).toBe(0);
  });

  it('without a deadline, gives back until the race starts', () => {
    const policy = { percent: 50, until: null };
    expect(refundOnWithdrawal(4500, policy, RACE_START, at(RACE_START.toISOString(), -MS))).toBe(2250);
    expect(refundOnWithdrawal(4500, policy, RACE_START, RACE_START)).toBe(0);
  });

  it('a policy of 0 % gives nothing back', () => {
    expect(refundOnWithdrawal(4500, { percent: 0, until: null }, RACE_START, at(UNTIL))).toBe(0);
  });
});
