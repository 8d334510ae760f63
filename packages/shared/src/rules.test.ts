import { describe, expect, it } from 'vitest';
import { getRaceEndDate, isRegistrationOpen, isSoldOut, secondsUntil } from './rules.js';
import { fromZonedDateTimeValue, toZonedDateTimeValue } from './time-zones.js';

describe('isRegistrationOpen', () => {
  const window = { startRegDate: '2026-05-01T00:00:00.000Z', endRegDate: '2026-05-31T00:00:00.000Z' };
  it.each([
    ['2026-04-30T23:59:59.999Z', false],
    ['2026-05-01T00:00:00.000Z', true],
    ['2026-05-15T12:00:00.000Z', true],
    ['2026-05-31T00:00:00.000Z', true],
    ['2026-05-31T00:00:00.001Z', false],
  ])('at %s → %s (both ends inclusive)', (now, open) => {
    expect(isRegistrationOpen(window, new Date(now))).toBe(open);
  });

  it('accepts Date objects as the server stores them', () => {
    expect(isRegistrationOpen({ startRegDate: new Date(0), endRegDate: new Date(10) }, new Date(10))).toBe(
      true,
    );
  });

  it('is closed when a date does not parse', () => {
    expect(isRegistrationOpen({ startRegDate: 'soon', endRegDate: '2999-01-01' }, new Date())).toBe(false);
  });
});

describe('secondsUntil', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');
  it('counts whole seconds to the start', () => {
    expect(secondsUntil('2026-01-02T01:01:01.900Z', now)).toBe(86400 + 3600 + 60 + 1);
  });
  it.each([['2025-12-31T23:59:59.000Z'], ['not a date'], [null], [undefined]])('is 0 for %j', (start) => {
    expect(secondsUntil(start, now)).toBe(0);
  });
});

describe('getRaceEndDate', () => {
  it.each([
    ['3k', '2027-05-01T10:00:00.000Z'],
    ['5k', '2027-05-01T10:00:00.000Z'],
    ['10k', '2027-05-01T11:00:00.000Z'],
    ['15k', '2027-05-01T12:00:00.000Z'],
    ['21.1k', '2027-05-01T12:30:00.000Z'],
    ['25k', '2027-05-01T13:00:00.000Z'],
    ['30k', '2027-05-01T14:00:00.000Z'],
    ['42.2k', '2027-05-01T15:00:00.000Z'],
    ['50k', '2027-05-01T17:00:00.000Z'],
    ['100k', '2027-05-01T23:00:00.000Z'],
  ] as const)('ends a %s race after its expected duration', (distance, end) => {
    expect(getRaceEndDate(new Date('2027-05-01T09:00:00Z'), distance).toISOString()).toBe(end);
  });
});

describe('isSoldOut', () => {
  it('is true only for a limited race with no place left', () => {
    expect(isSoldOut({ placesLeft: 0 })).toBe(true);
    expect(isSoldOut({ placesLeft: 1 })).toBe(false);
    expect(isSoldOut({ placesLeft: null })).toBe(false);
  });
});

describe('across a change of clocks (a race on the night Berlin springs forward, 28 March 2027)', () => {
  const berlin = 'Europe/Berlin';
  // Registration closes at 01:59 CET; the race starts at 03:30 CEST, which is only 90 minutes of real time later.
  const race = {
    startRegDate: fromZonedDateTimeValue('2027-03-01T09:00', berlin)!,
    endRegDate: fromZonedDateTimeValue('2027-03-28T01:59', berlin)!,
    startDate: fromZonedDateTimeValue('2027-03-28T03:30', berlin)!,
  };

  it('counts down real time, not clock time: 01:30 CET to 03:30 CEST is one hour', () => {
    const now = fromZonedDateTimeValue('2027-03-28T01:30', berlin)!;
    expect(secondsUntil(race.startDate, now)).toBe(60 * 60);
  });

  it('closes registration at its instant, whatever the clocks read after it', () => {
    const justBefore = new Date(race.endRegDate.getTime() - 1000);
    const justAfter = new Date(race.endRegDate.getTime() + 1000);
    expect(isRegistrationOpen(race, justBefore)).toBe(true);
    expect(isRegistrationOpen(race, justAfter)).toBe(false);
    expect(toZonedDateTimeValue(justAfter, berlin)).toBe('2027-03-28T01:59');
    // One real hour after the close, the clocks there already read 03:59.
    expect(toZonedDateTimeValue(new Date(race.endRegDate.getTime() + 3_600_000), berlin)).toBe(
      '2027-03-28T03:59',
    );
  });
});
