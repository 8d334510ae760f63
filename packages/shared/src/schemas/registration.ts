import { z } from 'zod';
import { REGISTRATION_STATUSES } from '../constants.js';
import { ifValidSoFar, plainText, requiredText } from './fields.js';

export const REGISTRATION_LIMITS = { name: 60, info: 1000, contactMin: 7, contactMax: 20 } as const;

export const REGISTRATION_FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  contact: 'Contact',
  info: 'Info',
} as const;

const L = REGISTRATION_FIELD_LABELS;
const CONTACT_MESSAGE = `${L.contact} must be ${REGISTRATION_LIMITS.contactMin}–${REGISTRATION_LIMITS.contactMax} characters: digits, with an optional leading +, spaces or dashes`;

const registrationFields = {
  firstName: requiredText(L.firstName, REGISTRATION_LIMITS.name),
  lastName: requiredText(L.lastName, REGISTRATION_LIMITS.name),
  // The original form sent contact as a number; accept one and keep it as text.
  contact: z
    .union([z.string(), z.number()], { error: `${L.contact} is required` })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, `${L.contact} is required`)
        .min(REGISTRATION_LIMITS.contactMin, { message: CONTACT_MESSAGE, ...ifValidSoFar })
        .max(REGISTRATION_LIMITS.contactMax, { message: CONTACT_MESSAGE, ...ifValidSoFar })
        .regex(/^\+?\d[\d -]*\d$/, { message: CONTACT_MESSAGE, ...ifValidSoFar }),
    ),
  info: plainText(L.info)
    .trim()
    .max(REGISTRATION_LIMITS.info, {
      message: `${L.info} must be at most ${REGISTRATION_LIMITS.info} characters`,
      ...ifValidSoFar,
    })
    .nullish()
    .transform((value) => value ?? ''),
};

/**
 * POST /api/registrations. email, marathonTitle, marathonDate and timestamp come from the server, not the body.
 * `waitlist: true` asks for a place in line when the race is full (ignored while it has places).
 */
export const createRegistrationSchema = z.object({
  marathonId: z.string({ error: 'marathonId is required' }).trim().min(1, 'marathonId is required'),
  ...registrationFields,
  waitlist: z.boolean({ error: 'waitlist must be true or false' }).optional(),
});
export type CreateRegistrationInput = z.input<typeof createRegistrationSchema>;
export type CreateRegistration = z.output<typeof createRegistrationSchema>;

/** PATCH /api/registrations/:id: only the runner's own details. */
export const updateRegistrationSchema = z.object(registrationFields).partial();
export type UpdateRegistrationInput = z.input<typeof updateRegistrationSchema>;
export type UpdateRegistration = z.output<typeof updateRegistrationSchema>;

export const registrationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  marathonId: z.string(),
  marathonTitle: z.string(),
  marathonDate: z.iso.datetime(),
  /** The race's IANA time zone: `marathonDate` is shown as the clocks there read it. */
  marathonTimeZone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  contact: z.string(),
  info: z.string(),
  timestamp: z.iso.datetime(),
  status: z.enum(REGISTRATION_STATUSES),
  /** The runner's bib number in this race; null while waitlisted. */
  bib: z.number().int().nullable(),
  /** The place in line (1 = next to get a place); null when registered. */
  waitlistPosition: z.number().int().nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** Where the runner's entry stands in its race: the part of a registration the race's page shows. */
export const registrationEntrySchema = registrationSchema.pick({
  _id: true,
  status: true,
  bib: true,
  waitlistPosition: true,
});
export type RegistrationEntry = z.infer<typeof registrationEntrySchema>;
