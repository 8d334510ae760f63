import { describe, expect, it } from 'vitest';
import { formatBadgeDate, formatDay, splitDuration } from './dates';

describe('formatDay', () => {
  it('gives YYYY-MM-DD', () => {
    expect(formatDay(new Date(2026, 11, 5, 9, 30).toISOString())).toBe('2026-12-05');
  });
  it.each([[''], [null], [undefined], ['not a date']])('is empty for %j', (value) => {
    expect(formatDay(value)).toBe('');
  });
});

describe('formatBadgeDate', () => {
  it("says 'N/A' when missing and 'Invalid date' when unparseable", () => {
    expect(formatBadgeDate(undefined)).toBe('N/A');
    expect(formatBadgeDate('')).toBe('N/A');
    expect(formatBadgeDate('soon')).toBe('Invalid date');
  });
  it('shows a valid date with its year', () => {
    expect(formatBadgeDate('2026-12-05T09:30:00.000Z')).toContain('2026');
  });
});

describe('splitDuration', () => {
  it('splits seconds into days, hours, minutes and seconds', () => {
    expect(splitDuration(2 * 86_400 + 3 * 3_600 + 4 * 60 + 5)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });
  it('never goes below zero', () => {
    expect(splitDuration(-10)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
