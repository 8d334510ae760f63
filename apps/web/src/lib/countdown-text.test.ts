import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown-text';

const now = new Date('2026-11-26T12:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();
const HOUR = 60 * 60 * 1000;

describe('countdownText', () => {
  it.each([
    [12 * 24 * HOUR + 5 * HOUR, 'in 12 days'],
    [20 * 24 * HOUR - 60 * 1000, 'in 20 days'],
    [2 * 24 * HOUR, 'in 2 days'],
    [24 * HOUR + 1, 'tomorrow'],
    [5 * HOUR + 59 * 60 * 1000, 'in 6 hours'],
    [HOUR, 'in 1 hour'],
    [59 * 60 * 1000, 'within the hour'],
  ])('%i ms ahead reads "%s"', (ms, text) => {
    expect(countdownText(inMs(ms), now)).toBe(text);
  });

  it('is empty for a date it cannot read', () => {
    expect(countdownText('soon', now)).toBe('');
  });
});
