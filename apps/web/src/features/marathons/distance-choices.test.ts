import { describe, expect, it } from 'vitest';
import { DISTANCE_CHOICES } from './distance-choices';

describe('DISTANCE_CHOICES', () => {
  it('offers every distance once, shortest first, the marathon and the half marathon by name', () => {
    expect(DISTANCE_CHOICES.map(({ label }) => label)).toEqual([
      '3k',
      '5k',
      '10k',
      '15k',
      'Half marathon (21.1 km)',
      '25k',
      '30k',
      'Marathon (42.2 km)',
      '50k',
      '100k',
    ]);
    const kilometres = DISTANCE_CHOICES.map(({ value }) => Number.parseFloat(value));
    expect(kilometres).toEqual([...kilometres].sort((a, b) => a - b));
  });

  it('keeps the values the API and the URL take', () => {
    expect(DISTANCE_CHOICES.find(({ label }) => label === 'Marathon (42.2 km)')?.value).toBe('42.2k');
    expect(DISTANCE_CHOICES.find(({ label }) => label === 'Half marathon (21.1 km)')?.value).toBe('21.1k');
    expect(DISTANCE_CHOICES.find(({ value }) => value === '10k')?.label).toBe('10k');
  });
});
