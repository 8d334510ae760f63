/** Business constants of docs/SPEC.md §9, in one place for the server, the web app and the tests. */

/**
 * A race's distance: docs/SPEC.md's 25k, 10k and 3k, and those a marathon platform needs besides, the half
 * marathon (21.1k) and the marathon (42.2k) among them. Shortest first: the order every list of them shows.
 */
export const DISTANCES = ['3k', '5k', '10k', '15k', '21.1k', '25k', '30k', '42.2k', '50k', '100k'] as const;
export type Distance = (typeof DISTANCES)[number];
export const DEFAULT_DISTANCE: Distance = '10k';
/** How a distance reads on every screen, mail and calendar file: as written, but the two classics by name. */
export const DISTANCE_LABELS: Readonly<Record<Distance, string>> = {
  '3k': '3k',
  '5k': '5k',
  '10k': '10k',
  '15k': '15k',
  '21.1k': 'Half marathon (21.1 km)',
  '25k': '25k',
  '30k': '30k',
  '42.2k': 'Marathon (42.2 km)',
  '50k': '50k',
  '100k': '100k',
};

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt-style hashers ignore bytes past 72; better-auth caps at 128. */
export const PASSWORD_MAX_LENGTH = 128;

export const TIMERS = {
  toastMs: 1500,
  marathonAddedAlertMs: 2000,
  registrationAlertMs: 1500,
} as const;

// The themes live in a module of their own, which the web app's first load reads without the rest of this file.
export { THEMES, THEME_STORAGE_KEY, type Theme } from './theme.js';

/** How many races the home page features (GET /api/marathons/featured). */
export const FEATURED_MARATHONS_LIMIT = 8;

/** Orders of the marathon list (docs/SPEC.md §9), the default first. */
export const MARATHON_SORTS = ['newest', 'oldest'] as const;
export type MarathonSort = (typeof MARATHON_SORTS)[number];
/** Orders of a search of the list (ADR 019): best match first, or the list's orders. */
export const MARATHON_SEARCH_SORTS = ['relevance', ...MARATHON_SORTS] as const;
export type MarathonSearchSort = (typeof MARATHON_SEARCH_SORTS)[number];
/** The longest search a client may send, and the most words of it that count. */
export const MARATHON_SEARCH_LIMITS = { maxLength: 100, maxWords: 8 } as const;

/** Races per page of a list: the default, and the most a client may ask for. */
export const PAGE_LIMITS = { default: 12, max: 100 } as const;

/** The response header that carries a paged list's total (lower case, as Fetch and Fastify give it). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** A race's field limit (ADR 017): a whole number of runners in this range, or no limit (null). */
export const CAPACITY_LIMITS = { min: 1, max: 100_000 } as const;

/**
 * Where an entry stands: holding a place, in line, holding a place while its runner pays (issue 32), in a ballot
 * not drawn yet (issue 35), or kept without a place: withdrawn or cancelled with money on it, or a hold released
 * unpaid.
 */
export const REGISTRATION_STATUSES = [
  'registered',
  'waitlisted',
  'pending_payment',
  'ballot',
  'cancelled',
  'expired',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The statuses of a live entry: one per runner and race; the others are kept only for their money. */
export const LIVE_REGISTRATION_STATUSES = [
  'registered',
  'waitlisted',
  'pending_payment',
  'ballot',
] as const satisfies readonly RegistrationStatus[];

/** Columns an organizer may sort the participant list by. Without one: bib for registered, place in line for the waitlist. */
export const PARTICIPANT_SORTS = ['bib', 'lastName', 'timestamp'] as const;
export type ParticipantSort = (typeof PARTICIPANT_SORTS)[number];

/** The longest search of the participant list. */
export const PARTICIPANT_SEARCH_MAX = 100;

/** The longest title search of a runner's own registrations. */
export const RUNNER_LIST_SEARCH_MAX = 100;
