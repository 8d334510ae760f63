import { describe, expect, it } from 'vitest';
import { pickerDateToWallClock, wallClockToPickerDate } from './picker-dates';

describe('the date pickers', () => {
  it("are handed a Date whose local clock shows the race's wall-clock time", () => {
    const date = wallClockToPickerDate('2027-03-14T09:00')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual(
      [2027, 2, 14, 9, 0],
    );
  });

  it('give back the wall-clock time picked, whatever zone the browser is in', () => {
    expect(pickerDateToWallClock(new Date(2027, 11, 5, 18, 30))).toBe('2027-12-05T18:30');
    for (const wallClock of ['2027-01-10T09:00', '2027-07-04T23:30', '0099-06-01T12:00']) {
      expect(pickerDateToWallClock(wallClockToPickerDate(wallClock))).toBe(wallClock);
    }
  });

  it('are empty when nothing is picked, and for what is no wall-clock time', () => {
    expect(wallClockToPickerDate('')).toBeNull();
    expect(wallClockToPickerDate('2027-03-14')).toBeNull();
    expect(pickerDateToWallClock(null)).toBe('');
    expect(pickerDateToWallClock(new Date(Number.NaN))).toBe('');
  });
});
