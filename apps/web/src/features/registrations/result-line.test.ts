import { describe, expect, it } from 'vitest';
import { getResultText } from './result-line';

const FINISHER = { status: 'FIN', place: 12, chipTimeText: '3:25:12', gunTimeText: '3:26:40' } as const;

describe('getResultText', () => {
  it("says a finisher's time and place", () => {
    expect(getResultText(FINISHER)).toBe('Finished in 3:25:12 · 12th');
    expect(getResultText({ ...FINISHER, place: 1 })).toBe('Finished in 3:25:12 · 1st');
    expect(getResultText({ ...FINISHER, place: 23 })).toBe('Finished in 3:25:12 · 23rd');
  });

  it('takes the gun time when the file had no chip time', () => {
    expect(getResultText({ ...FINISHER, chipTimeText: null })).toBe('Finished in 3:26:40 · 12th');
  });

  it("says a non-finisher's status instead", () => {
    for (const status of ['DNF', 'DNS', 'DQ'] as const) {
      expect(getResultText({ status, place: null, chipTimeText: null, gunTimeText: null })).toBe(status);
    }
  });
});
