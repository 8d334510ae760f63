/**
 * A race's own time zone (ADR 019): its dates are instants; this is how they read where the race is run.
 * Everything here goes through Intl, so the server, the browser and the tests agree on the zone rules of the
 * runtime's ICU data.
 */

/** Races made before races had zones, and races whose organizer gave none, run on UTC. */
export const DEFAULT_TIME_ZONE = 'UTC';

let knownZones: Set<string> | undefined;

/** The IANA names the runtime lists (`Intl.supportedValuesOf`, canonical names only) and UTC. */
export function listTimeZones(): string[] {
  knownZones ??= new Set([DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone')]);
  return [...knownZones];
}

export function isTimeZone(name: string): boolean {
  if (!knownZones) listTimeZones();
  return knownZones!.has(name);
}

/** Per style (one of the constant option objects below), the formatters built for it, by locale and zone. */
const formats = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/** Intl formatters are slow to build and fast to use: one per style, locale and zone, kept. */
function formatter(locale: string, timeZone: string, style: Intl.DateTimeFormatOptions) {
  let byZone = formats.get(style);
  if (!byZone) formats.set(style, (byZone = new Map()));
  const key = `${locale}|${timeZone}`;
  let format = byZone.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...style, timeZone });
    byZone.set(key, format);
  }
  return format;
}

const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };
const DATE_AND_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = formatter('en-US', timeZone, WALL_CLOCK).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)!.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const asUtc = ({ year, month, day, hour, minute, second }: WallClock) =>
  Date.UTC(year, month - 1, day, hour, minute, second);

/** How far the zone's clocks are ahead of UTC at this instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return asUtc(wallClockAt(new Date(wholeSeconds), timeZone)) - wholeSeconds;
}

/** The zone's offset from UTC at this instant, in minutes (Lisbon in summer: 60). */
export function timeZoneOffsetMinutes(instant: Date | string, timeZone: string): number {
  return Math.round(offsetAt(new Date(instant), timeZone) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The race-local day of an instant, YYYY-MM-DD. */
export function formatDayInZone(instant: Date | string, timeZone: string): string {
  const { year, month, day } = wallClockAt(new Date(instant), timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The race-local date and time of an instant as a `datetime-local` value, YYYY-MM-DDTHH:mm. */
export function toZonedDateTimeValue(instant: Date | string, timeZone: string): string {
  const { hour, minute } = wallClockAt(new Date(instant), timeZone);
  return `${formatDayInZone(instant, timeZone)}T${pad(hour)}:${pad(minute)}`;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSETS_KEPT = 10_000;
const offsetsKept = new Map<string, number>();

/**
 * The zone's offset in whole minutes at the instant, kept per UTC quarter hour: clocks change only at whole
 * quarter hours of UTC (every offset in use is a multiple of 15 minutes), so a CSV of thousands of times asks
 * Intl once per quarter hour they fall in.
 */
function offsetMinutesKept(instant: Date, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant.getTime() / QUARTER_HOUR_MS)}`;
  let offset = offsetsKept.get(key);
  if (offset === undefined) {
    offset = Math.round(offsetAt(instant, timeZone) / 60_000);
    if (offsetsKept.size >= OFFSETS_KEPT) offsetsKept.clear();
    offsetsKept.set(key, offset);
  }
  return offset;
}

/** ISO 8601 as the zone's clocks read the instant, with their offset: 2027-03-14T09:00:00+01:00 (UTC: …Z). */
export function formatIsoInZone(instant: Date | string, timeZone: string): string {
  const date = new Date(instant);
  if (timeZone === DEFAULT_TIME_ZONE) return date.toISOString();
  const wholeSeconds = Math.floor(date.getTime() / 1000) * 1000;
  const offset = offsetMinutesKept(date, timeZone);
  // The wall clock is the instant moved by the offset, read as UTC.
  const wall = new Date(wholeSeconds + offset * 60_000);
  return `${wall.toISOString().slice(0, 19)}${formatUtcOffset(offset)}`;
}

/** An offset from UTC in minutes as ISO 8601 writes it, "+01:00", or iCalendar, "+0100" (`separator` ''). */
export function formatUtcOffset(minutes: number, separator = ':'): string {
  const whole = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(whole / 60))}${separator}${pad(whole % 60)}`;
}

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant at which the zone's clocks show this date and time (YYYY-MM-DDTHH:mm). A time the clocks skip
 * (the hour lost when summer time starts) is read with the offset before the change, so it lands that much
 * later (02:30 on a 02:00→03:00 night is 03:30); a time they show twice (the hour repeated in autumn) is its
 * first showing. Null when the text is no such date and time.
 */
export function fromZonedDateTimeValue(value: string, timeZone: string): Date | null {
  const match = LOCAL_VALUE.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((digits) => Number(digits ?? 0));
  const wall = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
  const wallAsUtc = asUtc(wall);
  const check = new Date(wallAsUtc);
  const exists = check.getUTCDate() === wall.day && check.getUTCMonth() + 1 === wall.month;
  if (!exists || wall.hour > 23 || wall.minute > 59 || wall.second > 59) return null;
  // The offset an hour or so either side of the time; the earlier instant that shows it wins.
  const before = offsetAt(new Date(wallAsUtc - 86_400_000), timeZone);
  const after = offsetAt(new Date(wallAsUtc + 86_400_000), timeZone);
  const candidates = [wallAsUtc - before, wallAsUtc - after]
    .filter((instant) => asUtc(wallClockAt(new Date(instant), timeZone)) === wallAsUtc)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wallAsUtc - before);
}

/**
 * The zone's short name at this instant: "WET", "CET", "EDT", or "GMT+9" where English has no abbreviation.
 * British English names Europe's zones, American English the Americas'; the first that is not a bare offset wins.
 */
export function timeZoneShortName(instant: Date | string, timeZone: string): string {
  const date = new Date(instant);
  const nameIn = (locale: string) =>
    formatter(locale, timeZone, ZONE_NAME)
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')!.value;
  const british = nameIn('en-GB');
  if (!/^(GMT|UTC)[+-]/.test(british)) return british;
  const american = nameIn('en-US');
  return /^(GMT|UTC)[+-]/.test(american) ? british : american;
}

/** A race time as it reads where the race is: "Sun 14 Mar 2027, 08:00 WET". */
export function formatDateTimeInZone(instant: Date | string, timeZone: string): string {
  const date = new Date(instant);
  const parts = formatter('en-GB', timeZone, DATE_AND_TIME).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)!.value;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${timeZoneShortName(date, timeZone)}`;
}

/** A race day as it reads where the race is: "Sun 14 Mar 2027". */
export function formatLongDayInZone(instant: Date | string, timeZone: string): string {
  return formatDateTimeInZone(instant, timeZone).split(',')[0]!;
}
