import { z } from 'zod';
import { CAPACITY_LIMITS, DISTANCES, MARATHON_SEARCH_LIMITS, MARATHON_SEARCH_SORTS } from '../constants.js';
import { isTimeZone } from '../time-zones.js';
import { entryFormFields, entryFormInputFields } from './entry-form.js';
import { priceFields, priceInputFields } from './payments.js';
import { calendarDay, imageUrl, requiredDate, requiredText, searchText } from './fields.js';
import { pagingFields } from './paging.js';
import { registrationEntrySchema } from './registration.js';
import { RANK_BY } from '../results.js';
import type { EntryMode } from './ballot.js';
import {
  PLACES_FIELD_LABELS,
  ballotFields,
  ballotInputFields,
  transferFields,
  transferInputFields,
} from './places.js';

export const MARATHON_LIMITS = { title: 120, location: 120, description: 5000 } as const;

/** The labels of the add/update form (docs/SPEC.md §2), used in every message about a field. */
export const MARATHON_FIELD_LABELS = {
  title: 'Marathon Title',
  startRegDate: 'Start Registration Date',
  endRegDate: 'End Registration Date',
  startDate: 'Marathon Start Date',
  location: 'Location',
  distance: 'Running Distance',
  description: 'Marathon Description',
  image: 'Marathon Image URL',
  capacity: 'Participant Limit',
  timeZone: 'Time Zone',
  ...PLACES_FIELD_LABELS,
} as const;

const L = MARATHON_FIELD_LABELS;

const CAPACITY_MESSAGE = `${L.capacity} must be a whole number from ${CAPACITY_LIMITS.min} to ${CAPACITY_LIMITS.max}, or empty for no limit`;

/** The field limit: a whole number of runners, or null for none. Left out, it stays as it is (none on add). */
const capacityField = z
  .number({ error: CAPACITY_MESSAGE })
  .int(CAPACITY_MESSAGE)
  .min(CAPACITY_LIMITS.min, CAPACITY_MESSAGE)
  .max(CAPACITY_LIMITS.max, CAPACITY_MESSAGE)
  .nullable()
  .optional();

/** The 409 when an organizer sets the limit below the runners who already hold a place. */
export const capacityBelowRegisteredMessage = (registered: number) =>
  `${L.capacity} cannot be lower than the ${registered} runners already registered`;

const TIME_ZONE_MESSAGE = `${L.timeZone} must be an IANA time zone name such as Europe/Lisbon`;

/** Where the race is run, as an IANA name the runtime knows. Left out on add, the race runs on UTC. */
const timeZoneField = z
  .string({ error: TIME_ZONE_MESSAGE })
  .refine(isTimeZone, TIME_ZONE_MESSAGE)
  .optional()
  .describe(
    'The race’s IANA time zone, e.g. Europe/Lisbon: its dates are shown as the clocks there read them',
  );

const marathonFields = {
  title: requiredText(L.title, MARATHON_LIMITS.title),
  startRegDate: requiredDate(L.startRegDate),
  endRegDate: requiredDate(L.endRegDate),
  startDate: requiredDate(L.startDate),
  location: requiredText(L.location, MARATHON_LIMITS.location),
  distance: z.enum(DISTANCES, { error: `${L.distance} must be one of ${DISTANCES.join(', ')}` }),
  description: requiredText(L.description, MARATHON_LIMITS.description),
  image: imageUrl(L.image),
  capacity: capacityField,
  timeZone: timeZoneField,
  rankBy: z
    .enum(RANK_BY, { error: `rankBy must be ${RANK_BY.join(' or ')}` })
    .optional()
    .describe('Which time ranks the results: chip (the default) or gun'),
  ...entryFormInputFields,
  ...priceInputFields,
  ...ballotInputFields,
  ...transferInputFields,
};

export type MarathonDates = {
  startRegDate: Date;
  endRegDate: Date;
  startDate: Date;
  /** How places are given, when the ballot is drawn, and until when places may be handed on (issue 35). */
  entryMode?: EntryMode | undefined;
  ballotDrawAt?: Date | null | undefined;
  transfersUntil?: Date | null | undefined;
};

type DateProblem = { field: keyof MarathonDates; message: string };

/**
 * Registration opens, then closes, then the race starts; a ballot is drawn after the window closes and by the
 * start; transfers end by the start: each problem with the field it belongs to.
 */
export function findMarathonDateProblems(dates: MarathonDates): DateProblem[] {
  const problems: DateProblem[] = [];
  if (dates.endRegDate < dates.startRegDate) {
    problems.push({
      field: 'endRegDate',
      message: `${L.endRegDate} must not be before the ${L.startRegDate}`,
    });
  }
  if (dates.startDate < dates.endRegDate) {
    problems.push({ field: 'startDate', message: `${L.startDate} must not be before the ${L.endRegDate}` });
  }
  if (dates.entryMode === 'ballot') {
    if (!dates.ballotDrawAt) {
      problems.push({ field: 'ballotDrawAt', message: `${L.ballotDrawAt} is required for entry by ballot` });
    } else if (dates.ballotDrawAt <= dates.endRegDate) {
      problems.push({
        field: 'ballotDrawAt',
        message: `${L.ballotDrawAt} must be after the ${L.endRegDate}`,
      });
    } else if (dates.ballotDrawAt > dates.startDate) {
      problems.push({
        field: 'ballotDrawAt',
        message: `${L.ballotDrawAt} must not be after the ${L.startDate}`,
      });
    }
  }
  if (dates.transfersUntil && dates.transfersUntil > dates.startDate) {
    problems.push({
      field: 'transfersUntil',
      message: `${L.transfersUntil} must not be after the ${L.startDate}`,
    });
  }
  return problems;
}

/** POST /api/add-marathon. Unknown fields (email, createdAt, totalRegistrationCount) are dropped. */
export const createMarathonSchema = z.object(marathonFields).superRefine((marathon, ctx) => {
  // A date that failed its own check is still the raw text here ('' would compare as 0): its field says so.
  const { startRegDate, endRegDate, startDate, ballotDrawAt, transfersUntil } = marathon as Record<
    keyof MarathonDates,
    unknown
  >;
  if (![startRegDate, endRegDate, startDate].every((date) => date instanceof Date)) return;
  if (![ballotDrawAt, transfersUntil].every((date) => date == null || date instanceof Date)) return;
  for (const problem of findMarathonDateProblems(marathon)) {
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }
});
export type CreateMarathonInput = z.input<typeof createMarathonSchema>;
export type CreateMarathon = z.output<typeof createMarathonSchema>;

/** PATCH /api/marathons/:id: any editable field; the date order is checked against the stored dates. */
export const updateMarathonSchema = z.object(marathonFields).partial();
export type UpdateMarathonInput = z.input<typeof updateMarathonSchema>;
export type UpdateMarathon = z.output<typeof updateMarathonSchema>;

/** A marathon as the API returns it (docs/SPEC.md §3; dates as ISO 8601 strings). */
export const marathonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  startRegDate: z.iso.datetime(),
  endRegDate: z.iso.datetime(),
  startDate: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  location: z.string(),
  distance: z.enum(DISTANCES),
  description: z.string(),
  image: z.string(),
  email: z.string(),
  /** Registered runners (holding a place); waitlisted entries are counted in `waitlistCount`. */
  totalRegistrationCount: z.number().int(),
  /** The field limit, or null when the race has none. */
  capacity: z.number().int().nullable(),
  /** Places still free (`capacity - totalRegistrationCount - pendingCount`), or null when the race has no limit. */
  placesLeft: z.number().int().nullable(),
  /** Runners in line for a place. */
  waitlistCount: z.number().int(),
  /** The race's IANA time zone: its three dates are instants, shown as the clocks there read them. */
  timeZone: z.string(),
  /** Which time ranks the results (issue 34): chip, or gun; a finisher without it is ranked by the other. */
  rankBy: z.enum(RANK_BY),
  /** Whether the race's results are published (the results page and the cards link to them). */
  resultsPublished: z.boolean(),
  /** When the race's results were last imported, ISO 8601; null before any import. */
  resultsUpdatedAt: z.iso.datetime().nullable(),
  ...entryFormFields,
  ...priceFields,
  ...ballotFields,
  ...transferFields,
});
export type Marathon = z.infer<typeof marathonSchema>;

/** GET /api/marathons/:id?include=myRegistration: the race and, in the same answer, the signed-in runner's entry. */
export const marathonDetailsQuerySchema = z.object({
  include: z.enum(['myRegistration'], { error: 'include must be myRegistration' }).optional(),
});
export const marathonDetailsSchema = marathonSchema.extend({
  /** Present when asked for: the signed-in runner's registration for this race, or null. */
  myRegistration: registrationEntrySchema.nullable().optional(),
});
export type MarathonDetails = z.infer<typeof marathonDetailsSchema>;

/** The list's filters' refusals, in words the filters' own labels use. */
export const MARATHON_SEARCH_MESSAGES = {
  endBeforeStart: 'The end date must not be before the start date',
} as const;

const DISTANCE_MESSAGE = `distance must be one of ${DISTANCES.join(', ')} (repeat it for several)`;

/**
 * GET /api/marathons: the list's order and page, and the search (ADR 019). Without `q`, `sort` is `newest` unless
 * given; with it, `relevance`. Every filter narrows the list and its X-Total-Count.
 */
export const marathonListQuerySchema = z
  .object({
    sort: z
      .enum(MARATHON_SEARCH_SORTS, { error: `sort must be ${MARATHON_SEARCH_SORTS.join(', ')}` })
      .optional(),
    q: searchText('q', MARATHON_SEARCH_LIMITS.maxLength)
      .optional()
      .describe('Words found in the title, location or description; small typos are forgiven'),
    distance: z
      .union([z.enum(DISTANCES), z.array(z.enum(DISTANCES))], { error: DISTANCE_MESSAGE })
      .optional()
      .describe('One or more distances: distance=10k&distance=25k'),
    from: calendarDay('from')
      .optional()
      .describe('Races starting on or after this day (in the race’s time zone)'),
    to: calendarDay('to')
      .optional()
      .describe('Races starting on or before this day (in the race’s time zone)'),
    open: z
      .enum(['true', 'false'], { error: 'open must be true or false' })
      .optional()
      .describe('true: only races whose registration is open now'),
    ...pagingFields,
  })
  .refine((query) => !(query.from && query.to && query.to < query.from), {
    path: ['to'],
    message: MARATHON_SEARCH_MESSAGES.endBeforeStart,
  })
  .refine((query) => query.sort !== 'relevance' || Boolean(query.q), {
    path: ['sort'],
    message: 'sort=relevance needs something to search for (q)',
  });
export type MarathonListQuery = z.output<typeof marathonListQuerySchema>;
