import { describe, expect, it } from 'vitest';
import {
  MAX_RACE_TIME_MS,
  formatPace,
  formatRaceTime,
  ordinal,
  parseRaceTime,
  placeLine,
} from './results.js';

describe('parseRaceTime', () => {
  it.each([
    ['1:02:03', 3_723_000],
    ['01:02:03', 3_723_000],
    ['0:00:00', 0],
    ['12:34:56', 45_296_000],
    ['01:02:03.4', 3_723_400],
    ['1:02:03.0', 3_723_000],
    ['0:59:59.9', 3_599_900],
    ['99:59:59', 359_999_000],
    ['99:59:59.9', 359_999_900],
    [' 2:59:41 ', 10_781_000],
  ])('reads %j as %i ms', (text, ms) => {
    expect(parseRaceTime(text)).toBe(ms);
  });

  it('reads up to the longest time a file may hold', () => {
    expect(parseRaceTime('99:59:59.9')).toBe(MAX_RACE_TIME_MS);
  });

  it.each([
    ['100:00:00'],
    ['1:60:00'],
    ['1:00:60'],
    ['1:00:00.12'],
    ['1:00:00.'],
    ['1:2:03'],
    ['1:02:3'],
    ['1:02'],
    ['62:03'],
    ['-1:00:00'],
    ['1h02m03s'],
    ['1.02.03'],
    ['abc'],
    [''],
    ['   '],
  ])('rejects %j', (text) => {
    expect(parseRaceTime(text)).toBeNull();
  });
});

describe('formatRaceTime', () => {
  it.each([
    [0, '0:00:00'],
    [59_999, '0:00:59'],
    [3_723_000, '1:02:03'],
    [3_723_400, '1:02:03'],
    // A time is never rounded up to the next second.
    [3_723_900, '1:02:03'],
    [45_296_000, '12:34:56'],
    [MAX_RACE_TIME_MS, '99:59:59'],
  ])('writes %i ms as %j', (ms, text) => {
    expect(formatRaceTime(ms)).toBe(text);
  });

  it('writes back what parseRaceTime read, without the tenths', () => {
    expect(formatRaceTime(parseRaceTime('01:02:03.4')!)).toBe('1:02:03');
  });
});

describe('formatPace', () => {
  // Each pace by hand: the time in seconds over the kilometres, rounded to the second, as M:SS.
  it.each([
    // 900 s / 3 km = 300 s
    ['3k', '0:15:00', '5:00'],
    // 847 s / 3 = 282.33 s
    ['3k', '0:14:07', '4:42'],
    // 601.5 s / 3 = 200.5 s, rounded up
    ['3k', '0:10:01.5', '3:21'],
    // 6330 s / 21.1 = 300 s
    ['21.1k', '1:45:30', '5:00'],
    // 7200 s / 21.1 = 341.23 s
    ['21.1k', '2:00:00', '5:41'],
    // 6319 s / 21.1 = 299.48 s (over 21.0975 km it would be 299.51 s, 5:00)
    ['21.1k', '1:45:19', '4:59'],
    // 10800 s / 42.195 = 255.95 s
    ['42.2k', '3:00:00', '4:16'],
    // 14400 s / 42.195 = 341.27 s
    ['42.2k', '4:00:00', '5:41'],
    // 10781 s / 42.195 = 255.504 s (over 42.2 km it would be 255.47 s, 4:15)
    ['42.2k', '2:59:41', '4:16'],
    // 7235 s / 42.195 = 171.47 s
    ['42.2k', '2:00:35', '2:51'],
  ] as const)('%s in %s is %s per km', (distance, time, pace) => {
    expect(formatPace(parseRaceTime(time)!, distance)).toBe(pace);
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
    [3402, '3402nd'],
  ])('%i is %s', (place, text) => {
    expect(ordinal(place)).toBe(text);
  });
});

describe('placeLine', () => {
  const finisher = { place: 12, ageGroupPlace: 3, gender: 'female', ageGroup: '40–49' };

  it('names the overall place out of the finishers, then the division place', () => {
    expect(placeLine(finisher, 3402)).toBe('12th of 3,402 · 3rd F 40–49');
  });

  it.each([
    ['male', '1st of 250 · 3rd M 40–49'],
    ['nonbinary', '1st of 250 · 3rd X 40–49'],
  ])('names the gender %s by its initial', (gender, line) => {
    expect(placeLine({ ...finisher, place: 1, gender }, 250)).toBe(line);
  });

  it.each([
    ['without an age group', { ageGroup: null, ageGroupPlace: null }],
    ['without a gender', { gender: null, ageGroupPlace: null }],
    ['without a division place', { ageGroupPlace: null }],
  ])('names only the overall place %s', (_, without) => {
    expect(placeLine({ ...finisher, ...without }, 3402)).toBe('12th of 3,402');
  });

  it('has no line for a runner without a place (DNF, DNS, DQ)', () => {
    expect(
      placeLine({ place: null, ageGroupPlace: null, gender: 'female', ageGroup: '40–49' }, 3402),
    ).toBeNull();
  });
});
