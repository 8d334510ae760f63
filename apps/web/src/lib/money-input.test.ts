import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput } from './money-input';

describe('parseMoneyInput', () => {
  it('reads euros with or without their cents, as minor units', () => {
    expect(parseMoneyInput('45.00', 'EUR')).toBe(4500);
    expect(parseMoneyInput(' 45 ', 'EUR')).toBe(4500);
    expect(parseMoneyInput('45.5', 'EUR')).toBe(4550);
    expect(parseMoneyInput('0.99', 'EUR')).toBe(99);
    expect(parseMoneyInput('45.', 'EUR')).toBe(4500);
    expect(parseMoneyInput('0', 'EUR')).toBe(0);
    expect(parseMoneyInput('100000.00', 'EUR')).toBe(10_000_000);
  });

  it('takes a decimal comma as people write it in much of Europe', () => {
    expect(parseMoneyInput('45,50', 'EUR')).toBe(4550);
  });

  it('reads yen, which have no decimals', () => {
    expect(parseMoneyInput('4500', 'JPY')).toBe(4500);
    expect(Number.isNaN(parseMoneyInput('4500.5', 'JPY'))).toBe(true);
  });

  it('gives null for an empty field and NaN for anything it cannot read', () => {
    expect(parseMoneyInput('  ', 'EUR')).toBeNull();
    for (const typed of ['45.001', '-5', '4,500.00', '1,000', '€45', 'forty', '1e3', '.5']) {
      expect(Number.isNaN(parseMoneyInput(typed, 'EUR')), typed).toBe(true);
    }
  });
});

describe('formatMoneyInput', () => {
  it('shows minor units as the amount to edit: cents after a point, yen whole', () => {
    expect(formatMoneyInput(4500, 'EUR')).toBe('45.00');
    expect(formatMoneyInput(5, 'EUR')).toBe('0.05');
    expect(formatMoneyInput(0, 'EUR')).toBe('0.00');
    expect(formatMoneyInput(4500, 'JPY')).toBe('4500');
    // Three decimals: Bahraini dinars.
    expect(formatMoneyInput(4500, 'BHD')).toBe('4.500');
  });

  it('round-trips what it shows', () => {
    for (const [amount, currency] of [
      [4500, 'EUR'],
      [1, 'USD'],
      [10_000_000, 'EUR'],
      [4500, 'JPY'],
    ] as const) {
      expect(parseMoneyInput(formatMoneyInput(amount, currency), currency)).toBe(amount);
    }
  });
});
