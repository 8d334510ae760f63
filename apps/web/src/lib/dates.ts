import { formatDateTimeInZone, formatDayInZone, toZonedDateTimeValue } from '@stride/shared';

/**
 * Date texts of the screens. Dates arrive from the API as ISO 8601 instants; each is shown as the clocks read it
 * in the race's time zone (ADR 019), so every visitor, wherever they are, sees the same race-local times.
 */

const parse = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** `YYYY-MM-DD`, the race-local day (docs/SPEC.md §2 card and table dates); '' when missing or unparseable. */
export function formatDay(value: string | null | undefined, timeZone: string): string {
  const date = parse(value);
  return date ? formatDayInZone(date, timeZone) : '';
}

/**
 * A date with its time (docs/SPEC.md §2 date badges): 'N/A' if missing, 'Invalid date' if unparseable, else the
 * race-local date, time and the zone's short name, "Sun 14 Mar 2027, 08:00 WET".
 */
export function formatDateTime(value: string | null | undefined, timeZone: string): string {
  if (!value) return 'N/A';
  const date = parse(value);
  return date ? formatDateTimeInZone(date, timeZone) : 'Invalid date';
}

/** The race-local time of day, HH:mm ("07:42"); '' when missing or unparseable. */
export function formatTime(value: string | null | undefined, timeZone: string): string {
  const date = parse(value);
  return date ? toZonedDateTimeValue(date, timeZone).slice(11) : '';
}

/** Days, hours, minutes and seconds of a countdown (docs/SPEC.md §4, §9 rings). */
export function splitDuration(totalSeconds: number) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3_600),
    minutes: Math.floor((seconds % 3_600) / 60),
    seconds: seconds % 60,
  };
}
