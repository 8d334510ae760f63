import { z } from 'zod';

/**
 * For a check that follows another on the same value: run only while the value has passed the ones before,
 * so a field gets one message (a blank date is "required", not also "not a valid date").
 */
export const ifValidSoFar = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

/**
 * Control characters (C0 and DEL) other than tab, line feed and carriage return. PostgreSQL cannot store
 * U+0000 in text at all, and the others are never part of a name, a place or a description.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when the text holds a control character that no field of ours accepts (see {@link CONTROL_CHARACTER}). */
export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

/** A string refused with `${label} must not contain control characters` when it holds one. */
export function plainText(label: string, options: { error?: string } = {}) {
  return z
    .string(options)
    .refine((value) => !hasControlCharacter(value), `${label} must not contain control characters`);
}

/** A required text field with a bound, named in its messages the way the form labels it. */
export function requiredText(label: string, max: number) {
  return plainText(label, { error: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, ...ifValidSoFar })
    .max(max, { message: `${label} must be at most ${max} characters`, ...ifValidSoFar });
}

/**
 * The years a date may fall in. JavaScript reads dates from year -271821 to 275760; PostgreSQL refuses some of
 * them (year 0, years past 294276) and none of them is a race or a registration window.
 */
export const DATE_YEAR_RANGE = { min: 1900, max: 2200 } as const;

const isInYearRange = (date: Date) =>
  date.getUTCFullYear() >= DATE_YEAR_RANGE.min && date.getUTCFullYear() <= DATE_YEAR_RANGE.max;

/**
 * An ISO 8601 date and time with its offset: `2027-03-14T08:00Z`, `…T08:00:00.000Z`, `…T09:00:00+01:00` (years
 * beyond 9999 as `+010000`, which the year range then refuses with its own message). Not what else
 * `Date.parse` reads (`1`, `March 7`, an HTTP date), nor a day, hour or minute that does not exist
 * (`2027-02-30`, which JavaScript would move to 2 March).
 */
const ISO_DATE_TIME =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/i;

export function isIsoDateTime(value: string): boolean {
  const parts = ISO_DATE_TIME.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const calendarDay = new Date(0);
  calendarDay.setUTCFullYear(year!, month! - 1, day!); // Date.UTC would read years 0–99 as 1900–1999
  return (
    calendarDay.getUTCFullYear() === year &&
    calendarDay.getUTCMonth() === month! - 1 &&
    calendarDay.getUTCDate() === day &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours! <= 23 &&
    offsetMinutes! <= 59
  );
}

/** A date and time sent as ISO 8601 (see {@link isIsoDateTime}), parsed into a Date. */
export function requiredDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isIsoDateTime, {
      message: `${label} must be a valid date and time in ISO 8601, e.g. 2027-03-14T08:00:00Z`,
      ...ifValidSoFar,
    })
    .refine((value) => isInYearRange(new Date(value)), {
      message: `${label} must be a date between the years ${DATE_YEAR_RANGE.min} and ${DATE_YEAR_RANGE.max}`,
      ...ifValidSoFar,
    })
    .transform((value) => new Date(value));
}

/** A day of the calendar as YYYY-MM-DD that exists (no 2027-02-30), within the years dates may fall in. */
export function calendarDay(name: string) {
  const message = `${name} must be a date as YYYY-MM-DD between the years ${DATE_YEAR_RANGE.min} and ${DATE_YEAR_RANGE.max}, e.g. 2027-03-14`;
  return z.string({ error: message }).refine(isCalendarDay, message);
}

/** True for a day as YYYY-MM-DD that exists (no 2027-02-30), within the years dates may fall in. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) && isInYearRange(date);
}

/** A search box's text: trimmed, bounded, no control characters (PostgreSQL cannot take U+0000). */
export function searchText(name: string, max: number) {
  return plainText(name)
    .trim()
    .max(max, { message: `${name} must be at most ${max} characters`, ...ifValidSoFar });
}

/** A web address: http or https only, never javascript: or data:. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) && URL.canParse(value);
}

/** An image: a web address, or a path on this site (the posters shipped with the app, e.g. /images/…). */
export function imageUrl(label: string) {
  return plainText(label, { error: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, ...ifValidSoFar })
    .max(2048, { message: `${label} is too long`, ...ifValidSoFar })
    .refine((value) => isHttpUrl(value) || /^\/(?!\/)\S*$/.test(value), {
      message: `${label} must be a valid http(s) URL`,
      ...ifValidSoFar,
    });
}

/**
 * A record's id in a path. Ids are UUIDs, which compare in any case as the database compares them: taken in
 * lowercase, as the database writes them, so every comparison of ids agrees with it.
 */
export const recordIdParam = z.string().transform((id) => id.toLowerCase());

export const idParamSchema = z.object({ id: recordIdParam });
