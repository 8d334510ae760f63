import { z } from 'zod';
import { searchText } from './fields.js';
import { PARTICIPANT_SEARCH_MAX, PARTICIPANT_SORTS, REGISTRATION_STATUSES } from '../constants.js';
import { pagingFields } from './paging.js';
import { registrationSchema } from './registration.js';
import { GENDERS, UNANSWERED } from '../entry-rules.js';
import { PAYMENT_STATUSES } from '../money.js';
import { registrationPaymentFields, revenueSchema } from './payments.js';

const GENDER_FILTERS = [...GENDERS, UNANSWERED] as const;

/**
 * GET /api/marathons/:id/participants and …/participants.csv. Without `status`, everyone: the registered by bib,
 * then the waitlist in line order. `q` matches first or last name, e-mail (case-insensitive, anywhere) or the bib.
 */
export const participantsQuerySchema = z.object({
  status: z
    .enum(REGISTRATION_STATUSES, { error: `status must be ${REGISTRATION_STATUSES.join(' or ')}` })
    .optional(),
  q: searchText('q', PARTICIPANT_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(PARTICIPANT_SORTS, { error: `sort must be ${PARTICIPANT_SORTS.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('asc'),
  gender: z
    .enum(GENDER_FILTERS, { error: `gender must be ${GENDER_FILTERS.join(', ')}` })
    .optional()
    .describe('Runners of this gender, or unanswered'),
  ageGroup: searchText('ageGroup', 20)
    .optional()
    .transform((value) => value || undefined)
    .describe('One of the race’s age groups as labelled, e.g. 30–39 or 70+, or unanswered'),
  paymentStatus: z
    .enum(PAYMENT_STATUSES, { error: `paymentStatus must be ${PAYMENT_STATUSES.join(', ')}` })
    .optional()
    .describe('Entries whose payment stands so'),
  checkedIn: z
    .enum(['true', 'false'], { error: 'checkedIn must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .describe('true: entries checked in on race day; false: those not checked in'),
  ...pagingFields,
});
export type ParticipantsQuery = z.output<typeof participantsQuerySchema>;
export type ParticipantsQueryInput = z.input<typeof participantsQuerySchema>;

/** One row of the organizer's participant list: the entry and the runner's details. */
export const participantSchema = registrationSchema
  .pick({
    _id: true,
    status: true,
    bib: true,
    waitlistPosition: true,
    firstName: true,
    lastName: true,
    email: true,
    contact: true,
    info: true,
    timestamp: true,
    dateOfBirth: true,
    gender: true,
    tShirtSize: true,
    emergencyContact: true,
    answers: true,
    ageOnRaceDay: true,
    ageGroup: true,
    waiverVersion: true,
    waiverAcceptedAt: true,
  })
  .extend(registrationPaymentFields)
  .extend({
    /** When the runner was checked in on race day (issue 33); null until then. */
    checkedInAt: z.iso.datetime().nullable(),
    /** Where the entry came out of the race's ballot (issue 35); null otherwise. */
    ballot: registrationSchema.shape.ballot,
    /** The runners who held the entry before, oldest first, and when each handed it on (issue 35). */
    transferredFrom: z.array(z.object({ name: z.string(), email: z.string(), at: z.iso.datetime() })),
  });
export type Participant = z.infer<typeof participantSchema>;

/** The CSV export's header row, in column order. */
export const PARTICIPANTS_CSV_HEADER = [
  'Bib',
  'Status',
  'Waitlist Position',
  'First Name',
  'Last Name',
  'Email',
  'Contact',
  'Info',
  'Registered At',
] as const;

/** The entry form's columns, after the first nine; then one per question (its label), retired ones last. */
export const PARTICIPANTS_CSV_ENTRY_FORM_HEADER = [
  'Date of Birth',
  'Age on Race Day',
  'Age Group',
  'Gender',
  'T-shirt Size',
  'Emergency Contact Name',
  'Emergency Contact Phone',
  'Waiver Version',
  'Waiver Accepted At',
] as const;

/** The payment's columns (issue 32), after the entry form's and before the questions'. */
export const PARTICIPANTS_CSV_PAYMENT_HEADER = [
  'Payment Status',
  'Amount Due',
  'Amount Paid',
  'Amount Refunded',
  'Currency',
  'Discount Code',
  'Receipt',
] as const;

/** The check-in's column (issue 33), after the payment's and before the questions': ISO 8601 UTC, empty when not checked in. */
export const PARTICIPANTS_CSV_CHECKIN_HEADER = ['Checked In At'] as const;

/** A retired question's column: its label and this. */
export const RETIRED_QUESTION_SUFFIX = ' (retired)';

/** Registered runners per answer: every value the race offers (0 when none), then `unanswered`. */
const answerCounts = z.record(z.string(), z.number().int());

/** GET /api/marathons/:id/stats: sign-ups per day from the window's opening to today (UTC days). */
export const raceStatsSchema = z.object({
  capacity: z.number().int().nullable(),
  placesLeft: z.number().int().nullable(),
  counts: z.object({ registered: z.number().int(), waitlisted: z.number().int() }),
  /** Places held while their runners pay (issue 32). */
  pendingCount: z.number().int(),
  /** Registered runners checked in on race day (issue 33). */
  checkedIn: z.number().int(),
  revenue: revenueSchema,
  /** Registered runners per T-shirt size, gender and age group (issue 31). */
  tShirtSizes: answerCounts,
  genders: answerCounts,
  ageGroups: answerCounts,
  /** Entries made today (UTC), either status. */
  registrationsToday: z.number().int(),
  days: z.array(
    z.object({
      /** YYYY-MM-DD (UTC). */
      date: z.string(),
      /** Entries made that day still holding a place. */
      registered: z.number().int(),
      /** Entries made that day still in line. */
      waitlisted: z.number().int(),
      /** Registered entries made up to and including that day. */
      cumulativeRegistered: z.number().int(),
    }),
  ),
});
export type RaceStats = z.infer<typeof raceStatsSchema>;
