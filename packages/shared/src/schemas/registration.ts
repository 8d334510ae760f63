import { z } from 'zod';
import { resultSchema } from './results.js';
import { ballotResultSchema } from './ballot.js';
import { transferSchema } from './transfers.js';
import { REGISTRATION_STATUSES } from '../constants.js';
import { ENTRY_FIELD_LABELS, GENDERS } from '../entry-rules.js';
import { ENTRY_FORM_LIMITS } from './entry-form.js';
import { enteredDiscountCode, registrationPaymentFields } from './payments.js';
import { PAYMENT_METHODS } from '../money.js';
import { ifValidSoFar, isCalendarDay, plainText, requiredText } from './fields.js';

export const REGISTRATION_LIMITS = { name: 60, info: 1000, contactMin: 7, contactMax: 20 } as const;

export const REGISTRATION_FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  contact: 'Contact',
  info: 'Info',
} as const;

const L = REGISTRATION_FIELD_LABELS;
const phoneMessage = (label: string) =>
  `${label} must be ${REGISTRATION_LIMITS.contactMin}–${REGISTRATION_LIMITS.contactMax} characters: digits, with an optional leading +, spaces or dashes`;

/** A phone number; the original form sent contact as a number, so one is accepted and kept as text. */
function phoneNumber(label: string, { blank }: { blank: 'required' | 'allowed' }) {
  const message = phoneMessage(label);
  const valid = z
    .string()
    .min(REGISTRATION_LIMITS.contactMin, { message, ...ifValidSoFar })
    .max(REGISTRATION_LIMITS.contactMax, { message, ...ifValidSoFar })
    .regex(/^\+?\d[\d -]*\d$/, { message, ...ifValidSoFar });
  return z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((value) => String(value).trim())
    .pipe(
      blank === 'allowed'
        ? z.union([z.literal(''), valid])
        : z.string().min(1, `${label} is required`).pipe(valid),
    );
}

const registrationFields = {
  firstName: requiredText(L.firstName, REGISTRATION_LIMITS.name),
  lastName: requiredText(L.lastName, REGISTRATION_LIMITS.name),
  // The original form sent contact as a number; accept one and keep it as text.
  contact: phoneNumber(L.contact, { blank: 'required' }),
  info: plainText(L.info)
    .trim()
    .max(REGISTRATION_LIMITS.info, {
      message: `${L.info} must be at most ${REGISTRATION_LIMITS.info} characters`,
      ...ifValidSoFar,
    })
    .nullish()
    .transform((value) => value ?? ''),
};

const E = ENTRY_FIELD_LABELS;
const F = ENTRY_FORM_LIMITS;
const DATE_OF_BIRTH_MESSAGE = `${E.dateOfBirth} must be a date as YYYY-MM-DD, e.g. 1990-05-17`;
const dayOfUtc = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A day of birth that exists, not after today (anywhere on Earth: UTC+14) nor more than 120 years ago. Blank
 * (or null) says none: the race's form decides whether one is needed.
 */
const dateOfBirthField = z
  .union([z.string(), z.null()], { error: DATE_OF_BIRTH_MESSAGE })
  .superRefine((day, ctx) => {
    if (!day) return;
    if (!isCalendarDay(day)) {
      ctx.addIssue({ code: 'custom', message: DATE_OF_BIRTH_MESSAGE });
      return;
    }
    const now = Date.now();
    if (day > dayOfUtc(new Date(now + 14 * 3_600_000))) {
      ctx.addIssue({ code: 'custom', message: `${E.dateOfBirth} must not be in the future` });
    }
    const oldest = new Date(now);
    oldest.setUTCFullYear(oldest.getUTCFullYear() - F.maxAgeYears);
    if (day < dayOfUtc(oldest)) {
      ctx.addIssue({
        code: 'custom',
        message: `${E.dateOfBirth} must be at most ${F.maxAgeYears} years ago`,
      });
    }
  })
  .transform((day) => day?.trim() || null);

const answerField = z.union(
  [
    plainText('An answer').max(F.answerText, `An answer must be at most ${F.answerText} characters`),
    z.boolean(),
    z.null(),
  ],
  { error: 'An answer is text, or true or false for a checkbox' },
);

/** The entry form's answers (issue 31): checked here for their form, against the race's form by the server. */
const entryDetailsFields = {
  dateOfBirth: dateOfBirthField.optional(),
  gender: z
    .union([z.enum(GENDERS), z.literal(''), z.null()], { error: `${E.gender} must be ${GENDERS.join(', ')}` })
    .optional(),
  tShirtSize: plainText(E.tShirtSize)
    .trim()
    .max(F.sizeLabel, `${E.tShirtSize} must be one of the race’s sizes`)
    .nullable()
    .optional(),
  emergencyContact: z
    .object(
      {
        name: plainText(E.emergencyContactName)
          .trim()
          .max(F.emergencyContactName, {
            message: `${E.emergencyContactName} must be at most ${F.emergencyContactName} characters`,
            ...ifValidSoFar,
          })
          .default(''),
        phone: phoneNumber(E.emergencyContactPhone, { blank: 'allowed' }).default(''),
      },
      { error: 'emergencyContact must be an object of name and phone' },
    )
    .nullable()
    .optional(),
  answers: z
    .record(z.string(), answerField, { error: 'answers must be an object of question ids and answers' })
    .optional(),
  waiverAccepted: z.boolean({ error: 'waiverAccepted must be true or false' }).optional(),
};

/**
 * POST /api/registrations. email, marathonTitle, marathonDate and timestamp come from the server, not the body.
 * `waitlist: true` asks for a place in line when the race is full (ignored while it has places).
 */
export const createRegistrationSchema = z.object({
  marathonId: z.string({ error: 'marathonId is required' }).trim().min(1, 'marathonId is required'),
  ...registrationFields,
  ...entryDetailsFields,
  waitlist: z.boolean({ error: 'waitlist must be true or false' }).optional(),
  /** How a paid race's fee is paid (issue 32); the race's first way when left out. */
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentMethod must be online or on_site' }).optional(),
  discountCode: enteredDiscountCode,
});
export type CreateRegistrationInput = z.input<typeof createRegistrationSchema>;
export type CreateRegistration = z.output<typeof createRegistrationSchema>;

/** PATCH /api/registrations/:id: only the runner's own details. */
export const updateRegistrationSchema = z.object({ ...registrationFields, ...entryDetailsFields }).partial();
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
  /** The entry form's answers (issue 31): null where the race does not ask or the runner left it blank. */
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  tShirtSize: z.string().nullable(),
  emergencyContact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** The answers to the race's questions by question id, retired questions' included. */
  answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
  /** Whole years on the race's start day where it is run. */
  ageOnRaceDay: z.number().int().nullable(),
  /** The race's age group of `ageOnRaceDay`, e.g. "30–39". */
  ageGroup: z.string().nullable(),
  /** The waiver version the runner accepted, and when; null while the race has no waiver. */
  waiverVersion: z.number().int().nullable(),
  waiverAcceptedAt: z.iso.datetime().nullable(),
  ...registrationPaymentFields,
  /**
   * The race pass's check-in code (issue 33): its QR code holds `stride:checkin:{checkinCode}`. Only the runner's
   * own entry carries it, and only while registered; null otherwise.
   */
  checkinCode: z.string().nullable(),
  /** The runner's result once the race's results are published (issue 34); null before and without one. */
  result: resultSchema.nullable(),
  /** While the entry is in its race's ballot (issue 35): when the ballot is drawn; null otherwise. */
  ballotDrawAt: z.iso.datetime().nullable(),
  /** Where the entry came out of the race's ballot (issue 35): its drawn position and outcome; null otherwise. */
  ballot: ballotResultSchema.nullable(),
  /** Until when the race lets runners hand their places on (issue 35); null: it does not. */
  transfersUntil: z.iso.datetime().nullable(),
  /** The entry's open transfer offer (issue 35); null otherwise. */
  transfer: transferSchema.nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** Where the runner's entry stands in its race and their answers: the part of a registration the race's page shows. */
export const registrationEntrySchema = registrationSchema
  .pick({
    _id: true,
    status: true,
    bib: true,
    waitlistPosition: true,
    dateOfBirth: true,
    gender: true,
    tShirtSize: true,
    emergencyContact: true,
    answers: true,
    ageOnRaceDay: true,
    ageGroup: true,
    waiverVersion: true,
    waiverAcceptedAt: true,
    checkinCode: true,
    result: true,
    ballotDrawAt: true,
    ballot: true,
    transfersUntil: true,
    transfer: true,
  })
  .extend(registrationPaymentFields);
export type RegistrationEntry = z.infer<typeof registrationEntrySchema>;
