import { describe, expect, it } from 'vitest';
import { getCountdownRings, msUntilNextTick } from './countdown';

const DAY = 86_400;
const HOUR = 3_600;

describe('getCountdownRings', () => {
  it('shows days, hours, minutes and seconds of the time left', () => {
    const left = 2 * DAY + 3 * HOUR + 4 * 60 + 5;
    const rings = getCountdownRings(left, left);
    expect(rings.map((ring) => [ring.label, ring.value])).toEqual([
      ['Days', 2],
      ['Hours', 3],
      ['Minutes', 4],
      ['Seconds', 5],
    ]);
    expect(rings.map((ring) => ring.accessibleText)).toEqual(['2 Days', '3 Hours', '4 Minutes', '5 Seconds']);
  });

  it('says one of a unit in the singular', () => {
    const rings = getCountdownRings(DAY + HOUR + 60 + 1, 2 * DAY);
    expect(rings.map((ring) => ring.accessibleText)).toEqual(['1 Day', '1 Hour', '1 Minute', '1 Second']);
  });

  it("gives each ring the library example's durations: the whole countdown, a day, an hour, a minute", () => {
    const total = 12 * DAY;
    const left = 5 * DAY + 7 * HOUR + 30 * 60 + 15;
    const rings = getCountdownRings(left, total);
    expect(rings.map((ring) => ring.duration)).toEqual([total, DAY, HOUR, 60]);
    expect(rings.map((ring) => ring.remainingTime)).toEqual([
      left,
      7 * HOUR + 30 * 60 + 15,
      30 * 60 + 15,
      15,
    ]);
  });

  it('starts a new turn of a ring whenever the unit above it changes', () => {
    const before = getCountdownRings(3 * HOUR, 3 * HOUR).map((ring) => ring.turn);
    const after = getCountdownRings(3 * HOUR - 1, 3 * HOUR).map((ring) => ring.turn);
    expect(before).toEqual([0, 0, 3, 180]);
    expect(after).toEqual([0, 0, 2, 179]);
  });

  it('floors fractions and never counts below zero', () => {
    expect(getCountdownRings(59.9, 60).map((ring) => ring.value)).toEqual([0, 0, 0, 59]);
    expect(getCountdownRings(-5, 60).map((ring) => ring.value)).toEqual([0, 0, 0, 0]);
  });
});

describe('msUntilNextTick', () => {
  const start = '2030-01-01T00:00:10.000Z';

  it('waits until the whole seconds left drop by one', () => {
    expect(msUntilNextTick(start, new Date('2030-01-01T00:00:00.000Z'))).toBe(1);
    expect(msUntilNextTick(start, new Date('2030-01-01T00:00:00.250Z'))).toBe(751);
    expect(msUntilNextTick(start, new Date('2030-01-01T00:00:08.999Z'))).toBe(2);
  });

  it('stops once no whole second is left, or when the date is invalid', () => {
    expect(msUntilNextTick(start, new Date('2030-01-01T00:00:09.500Z'))).toBeNull();
    expect(msUntilNextTick(start, new Date('2030-01-01T00:00:10.000Z'))).toBeNull();
    expect(msUntilNextTick(start, new Date('2030-01-02T00:00:00.000Z'))).toBeNull();
    expect(msUntilNextTick('not a date', new Date('2030-01-01T00:00:00.000Z'))).toBeNull();
  });
});
