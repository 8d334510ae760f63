import { z } from 'zod';

/**
 * For a check that follows another on the same value: run only while the value has passed the ones before,
 * so a field gets one message (a blank date is "required", not also "not a valid date").
 */
export const ifValidSoFar = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

/** A required text field with a bound, named in its messages the way the form labels it. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

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
    .transform((value) => new Date(value));
}

/** A web address: http or https only, never javascript: or data:. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) && URL.canParse(value);
}

/** An image: a web address, or a path on this site (the posters shipped with the app, e.g. /images/…). */
export function imageUrl(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2048, { message: `${label} is too long`, ...ifValidSoFar })
    .refine((value) => isHttpUrl(value) || /^\/(?!\/)\S*$/.test(value), {
      message: `${label} must be a valid http(s) URL`,
      ...ifValidSoFar,
    });
}

export const idParamSchema = z.object({ id: z.string() });
