import { describe, expect, it } from 'vitest';
import { countOf, formatNumber } from './counts';

describe('counts', () => {
  it('write numbers with thousands separators', () => {
    expect(formatNumber(100_000)).toBe('100,000');
    expect(formatNumber(7)).toBe('7');
  });

  it('say one thing in the singular and many in the plural', () => {
    expect(countOf(1, 'marathon')).toBe('1 marathon');
    expect(countOf(0, 'marathon')).toBe('0 marathons');
    expect(countOf(12_500, 'place')).toBe('12,500 places');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
