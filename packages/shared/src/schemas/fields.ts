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

/** A date sent as an ISO 8601 string (or anything Date.parse reads), parsed into a Date. */
export function requiredDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      message: `${label} must be a valid date`,
      ...ifValidSoFar,
    })
    .refine((value) => isInYearRange(new Date(value)), {
      message: `${label} must be a date between the years ${DATE_YEAR_RANGE.min} and ${DATE_YEAR_RANGE.max}`,
      ...ifValidSoFar,
    })
    .transform((value) => new Date(value));
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

export const idParamSchema = z.object({ id: z.string() });
