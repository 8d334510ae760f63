import {
  PARTICIPANT_SEARCH_MAX,
  PARTICIPANT_SORTS,
  REGISTRATION_STATUSES,
  type ParticipantSort,
  type RegistrationStatus,
} from '@stride/shared/constants';
import { GENDERS, UNANSWERED } from '@stride/shared';
import { PAYMENT_STATUSES, type PaymentStatus } from '@stride/shared/money';
import { readPageParam } from '../../lib/paging';
import { PARTICIPANTS_MESSAGES } from './participants-messages';

/** Rows per page of the participant list. */
export const PARTICIPANTS_PER_PAGE = 25;

export type SortOrder = 'asc' | 'desc';

/** A column the list can be ordered by: the API's sorts, and the waitlist's place in line (its order without one). */
export type SortColumn = ParticipantSort | 'position';

/** The gender filter's values: a gender, or those who gave none. */
export const GENDER_FILTERS = [...GENDERS, UNANSWERED] as const;
export type GenderFilter = (typeof GENDER_FILTERS)[number];

/** The longest age group label the URL is read with (the API refuses a label the race has not). */
const AGE_GROUP_MAX = 20;

/**
 * The check-in filter's value in the URL (`checkedIn=true|false`, issue 33): true for the runners checked in,
 * false for those not; null (anything else) for all.
 */
export function readCheckedInParam(value: string | null): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** Only the registered can be checked in: the other tabs have no check-in filter (nor column). */
const checksIn = (status: RegistrationStatus) => status === 'registered';

/**
 * What the list shows, as the URL says it
 * (`?status=waitlisted&q=ann&gender=female&ageGroup=30–39&paymentStatus=due&page=2`, `?checkedIn=false`).
 */
export type ParticipantsView = {
  status: RegistrationStatus;
  /** The search, trimmed; '' when not searching. */
  q: string;
  /** Only runners of this gender (or who gave none); null: everyone. */
  gender: GenderFilter | null;
  /** Only runners of this age group as the race labels it, e.g. "30–39" (or in none: `unanswered`); null: all. */
  ageGroup: string | null;
  /** Only entries whose payment stands so (issue 32); null: all. */
  paymentStatus: PaymentStatus | null;
  /** Registered runners checked in on race day (true) or not yet (false) (issue 33); null: all. */
  checkedIn: boolean | null;
  /** null: the tab's own order, by bib for the registered, by place in line for the waitlist. */
  sort: ParticipantSort | null;
  order: SortOrder;
  page: number;
};

const DEFAULT_VIEW: ParticipantsView = {
  status: 'registered',
  q: '',
  gender: null,
  ageGroup: null,
  paymentStatus: null,
  checkedIn: null,
  sort: null,
  order: 'asc',
  page: 1,
};

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The view of a list URL; anything unknown or malformed falls back to the default (the Registered tab by bib). */
export function readParticipantsView(params: URLSearchParams): ParticipantsView {
  const status = params.get('status');
  const sort = params.get('sort');
  const gender = params.get('gender');
  const paymentStatus = params.get('paymentStatus');
  const tab = isOneOf(REGISTRATION_STATUSES, status) ? status : DEFAULT_VIEW.status;
  return {
    status: tab,
    q: (params.get('q') ?? '').trim().slice(0, PARTICIPANT_SEARCH_MAX),
    gender: isOneOf(GENDER_FILTERS, gender) ? gender : null,
    ageGroup: (params.get('ageGroup') ?? '').trim().slice(0, AGE_GROUP_MAX) || null,
    paymentStatus: isOneOf(PAYMENT_STATUSES, paymentStatus) ? paymentStatus : null,
    checkedIn: checksIn(tab) ? readCheckedInParam(params.get('checkedIn')) : null,
    sort: isOneOf(PARTICIPANT_SORTS, sort) ? sort : null,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: readPageParam(params.get('page')),
  };
}

/** The query string of a view, leaving out what is the default, so that the plain URL is the first tab. */
export function toSearch(view: ParticipantsView): string {
  const params = new URLSearchParams();
  if (view.status !== DEFAULT_VIEW.status) params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  if (view.gender) params.set('gender', view.gender);
  if (view.ageGroup) params.set('ageGroup', view.ageGroup);
  if (view.paymentStatus) params.set('paymentStatus', view.paymentStatus);
  if (view.checkedIn !== null) params.set('checkedIn', String(view.checkedIn));
  if (view.sort) params.set('sort', view.sort);
  if (view.order !== DEFAULT_VIEW.order) params.set('order', view.order);
  if (view.page !== 1) params.set('page', String(view.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The column the list is ordered by now, and which way. */
export function getSortedColumn(view: ParticipantsView): { column: SortColumn; order: SortOrder } {
  const column = view.sort ?? (view.status === 'waitlisted' ? 'position' : 'bib');
  return { column, order: view.order };
}

/** Clicking a column's header: ordered by it from the start, or the other way round when it already is. */
export function sortBy(view: ParticipantsView, column: SortColumn): ParticipantsView {
  const current = getSortedColumn(view);
  const order = current.column === column && current.order === 'asc' ? 'desc' : 'asc';
  return { ...view, sort: column === 'position' ? null : column, order, page: 1 };
}

/**
 * Another tab: its own order from its first page; the search and the filters stay (the check-in filter only on
 * the Registered tab, the one tab it has).
 */
export function withStatus(view: ParticipantsView, status: RegistrationStatus): ParticipantsView {
  const { q, gender, ageGroup, paymentStatus } = view;
  const checkedIn = checksIn(status) ? view.checkedIn : null;
  return { ...DEFAULT_VIEW, status, q, gender, ageGroup, paymentStatus, checkedIn };
}

/** Another gender, age group, payment status or check-in (null: all): from the first page, in the same order. */
export function withFilters(
  view: ParticipantsView,
  filters: Partial<Pick<ParticipantsView, 'gender' | 'ageGroup' | 'paymentStatus' | 'checkedIn'>>,
): ParticipantsView {
  return { ...view, ...filters, page: 1 };
}

/** The view without the filters the API refused (a race's age groups changed since the link was made). */
export function withoutFilters(view: ParticipantsView, fields: readonly string[]): ParticipantsView {
  return {
    ...view,
    gender: fields.includes('gender') ? null : view.gender,
    ageGroup: fields.includes('ageGroup') ? null : view.ageGroup,
    paymentStatus: fields.includes('paymentStatus') ? null : view.paymentStatus,
    checkedIn: fields.includes('checkedIn') ? null : view.checkedIn,
    page: 1,
  };
}

/** Another search: from the first page, in the same order. */
export function withQuery(view: ParticipantsView, q: string): ParticipantsView {
  return { ...view, q: q.trim().slice(0, PARTICIPANT_SEARCH_MAX), page: 1 };
}

/** The filters of a view as the API reads them (`participantsQuerySchema`), without paging. */
export function toFilterParams(view: ParticipantsView): URLSearchParams {
  const params = new URLSearchParams({ status: view.status });
  if (view.q) params.set('q', view.q);
  if (view.gender) params.set('gender', view.gender);
  if (view.ageGroup) params.set('ageGroup', view.ageGroup);
  if (view.paymentStatus) params.set('paymentStatus', view.paymentStatus);
  if (view.checkedIn !== null) params.set('checkedIn', String(view.checkedIn));
  if (view.sort) params.set('sort', view.sort);
  params.set('order', view.order);
  return params;
}

const raceParticipantsPath = (raceId: string) => `/api/marathons/${encodeURIComponent(raceId)}/participants`;

/** GET …/participants for one page of a view. */
export function getParticipantsApiPath(raceId: string, view: ParticipantsView, limit: number): string {
  const params = toFilterParams(view);
  params.set('page', String(view.page));
  params.set('limit', String(limit));
  return `${raceParticipantsPath(raceId)}?${params}`;
}

/** The CSV export of everything the view's filters match, in its order: every page, not just this one. */
export function getParticipantsCsvPath(raceId: string, view: ParticipantsView): string {
  return `${raceParticipantsPath(raceId)}.csv?${toFilterParams(view)}`;
}

const EMPTY_TAB: Record<RegistrationStatus, string> = {
  registered: PARTICIPANTS_MESSAGES.list.emptyRegistered,
  waitlisted: PARTICIPANTS_MESSAGES.list.emptyWaitlist,
  pending_payment: PARTICIPANTS_MESSAGES.list.emptyPending,
  ballot: PARTICIPANTS_MESSAGES.list.emptyBallot,
  cancelled: PARTICIPANTS_MESSAGES.list.emptyCancelled,
  expired: PARTICIPANTS_MESSAGES.list.emptyExpired,
};

/** What the table's place says when this page has no rows: no match, an empty tab, or a page past the end. */
export function getEmptyText(view: ParticipantsView, total: number): string {
  const L = PARTICIPANTS_MESSAGES.list;
  if (total > 0) return L.pageOutOfRange;
  if (view.q) return L.noMatch(view.q);
  if (view.gender || view.ageGroup || view.paymentStatus || view.checkedIn !== null) return L.noFilterMatch;
  return EMPTY_TAB[view.status];
}
