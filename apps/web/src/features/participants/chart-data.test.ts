import { describe, expect, it } from 'vitest';
import { buildChartSeries, dayRange, perDayMax, totalsMax, utcDaySeconds } from './chart-data';

const day = (date: string, registered: number, waitlisted: number, cumulativeRegistered: number) => ({
  date,
  registered,
  waitlisted,
  cumulativeRegistered,
});

describe('buildChartSeries', () => {
  it('aligns the bars, the running total and the limit on the days', () => {
    const series = buildChartSeries({
      capacity: 5,
      days: [day('2026-03-01', 2, 0, 2), day('2026-03-02', 0, 0, 2), day('2026-03-03', 3, 4, 5)],
    });
    expect(series).toEqual({
      days: [utcDaySeconds('2026-03-01'), utcDaySeconds('2026-03-02'), utcDaySeconds('2026-03-03')],
      perDay: [2, 0, 3],
      cumulative: [2, 2, 5],
      capacity: [5, 5, 5],
    });
  });

  it('has no limit line for a race without a limit', () => {
    expect(buildChartSeries({ capacity: null, days: [day('2026-03-01', 1, 0, 1)] }).capacity).toBeNull();
  });

  it('is empty before registration opens', () => {
    expect(buildChartSeries({ capacity: 10, days: [] })).toEqual({
      days: [],
      perDay: [],
      cumulative: [],
      capacity: [],
    });
  });
});

describe('utcDaySeconds', () => {
  it('is the UTC midnight of the day, whatever the local time zone', () => {
    expect(utcDaySeconds('2026-03-01')).toBe(Date.UTC(2026, 2, 1) / 1000);
    expect(utcDaySeconds('2026-03-02') - utcDaySeconds('2026-03-01')).toBe(86_400);
  });
});

describe('dayRange', () => {
  it('gives half a day either side, so that one day still has a width', () => {
    const first = utcDaySeconds('2026-03-01');
    expect(dayRange([first])).toEqual([first - 43_200, first + 43_200]);
    expect(dayRange([first, first + 86_400 * 2])).toEqual([first - 43_200, first + 86_400 * 2 + 43_200]);
  });
});

describe('scale tops', () => {
  it('the totals reach above the limit or the highest total, whichever is more', () => {
    expect(totalsMax({ cumulative: [1, 4], capacity: [10, 10] })).toBe(11);
    expect(totalsMax({ cumulative: [30, 50], capacity: null })).toBe(55);
  });

  it('the bars reach above the busiest day', () => {
    expect(perDayMax({ perDay: [3, 9, 0] })).toBe(10);
  });

  it('an empty race still has a scale', () => {
    expect(totalsMax({ cumulative: [], capacity: null })).toBe(1);
    expect(perDayMax({ perDay: [0] })).toBe(1);
  });
});
