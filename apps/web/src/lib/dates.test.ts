import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatTime, splitDuration } from './dates';

describe('formatDay', () => {
  it("gives YYYY-MM-DD, the day where the race is, which may not be the visitor's or UTC's", () => {
    expect(formatDay('2026-12-05T09:30:00.000Z', 'UTC')).toBe('2026-12-05');
    expect(formatDay('2027-03-13T20:00:00.000Z', 'Asia/Tokyo')).toBe('2027-03-14');
    expect(formatDay('2027-03-14T02:00:00.000Z', 'America/New_York')).toBe('2027-03-13');
  });
  it.each([[''], [null], [undefined], ['not a date']])('is empty for %j', (value) => {
    expect(formatDay(value, 'UTC')).toBe('');
  });
});

describe('formatDateTime', () => {
  it("says 'N/A' when missing and 'Invalid date' when unparseable", () => {
    expect(formatDateTime(undefined, 'UTC')).toBe('N/A');
    expect(formatDateTime('', 'UTC')).toBe('N/A');
    expect(formatDateTime('soon', 'UTC')).toBe('Invalid date');
  });
  it("shows the race-local date and time with the zone's short name", () => {
    expect(formatDateTime('2027-03-14T08:00:00.000Z', 'Europe/Lisbon')).toBe('Sun 14 Mar 2027, 08:00 WET');
    expect(formatDateTime('2027-03-14T00:00:00.000Z', 'Asia/Tokyo')).toBe('Sun 14 Mar 2027, 09:00 GMT+9');
  });
});

describe('formatTime', () => {
  it('gives HH:mm as the race’s clocks read it, across midnight too', () => {
    expect(formatTime('2027-03-14T07:42:30.000Z', 'UTC')).toBe('07:42');
    expect(formatTime('2027-03-14T07:42:30.000Z', 'America/New_York')).toBe('03:42');
    expect(formatTime('2027-07-01T23:05:00.000Z', 'Europe/Lisbon')).toBe('00:05');
  });
  it.each([[''], [null], [undefined], ['not a date']])('is empty for %j', (value) => {
    expect(formatTime(value, 'UTC')).toBe('');
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
