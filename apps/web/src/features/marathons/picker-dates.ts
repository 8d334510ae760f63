/**
 * react-datepicker shows and reads Dates in the browser's own zone, while the marathon form holds wall-clock
 * times in the race's zone (YYYY-MM-DDTHH:mm). The picker is handed a Date whose local clock shows the same
 * wall-clock time, whatever zone the browser is in, and the time picked is read back off that local clock.
 * (A time the browser's own clocks skip, the hour lost to its summer time, moves on by that hour.)
 */

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The browser-local Date showing this wall-clock time; null for '' or anything else unreadable. */
export function wallClockToPickerDate(wallClock: string): Date | null {
  const match = WALL_CLOCK.exec(wallClock);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(0);
  // setFullYear, unlike the Date constructor, does not read years 0–99 as 1900–1999.
  date.setFullYear(year, month - 1, day);
  date.setHours(hour, minute, 0, 0);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The wall-clock time a picked Date shows on the browser's clock; '' when the picker was cleared. */
export function pickerDateToWallClock(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
