import {
  DISTANCES,
  MARATHON_SEARCH_LIMITS,
  MARATHON_SORTS,
  type Distance,
  type MarathonSearchSort,
  type MarathonSort,
} from '@stride/shared/constants';
import { readPageParam } from '../../lib/paging';
import { MARATHON_LIST_MESSAGES } from './list-messages';
import { RELEVANCE_SORT_OPTION, readSortParam } from './sort-options';

/**
 * What narrows All Marathons (ADR 019), as the URL holds it: `?q=lisbon&distance=10k&from=…&to=…&open=true`.
 */
export type MarathonFilters = {
  /** The search, trimmed; '' when not searching. */
  q: string;
  /** The distances asked for, in the order of DISTANCES; none means every distance. */
  distances: Distance[];
  /** The first and last race day (YYYY-MM-DD); '' leaves that end of the range open. */
  from: string;
  to: string;
  /** Only races whose registration is open now. */
  isOpenOnly: boolean;
};

/** What the All Marathons list shows: its filters, its order and its page. */
export type MarathonListView = { filters: MarathonFilters; sort: MarathonSearchSort; page: number };

export const NO_FILTERS: MarathonFilters = { q: '', distances: [], from: '', to: '', isOpenOnly: false };

const FILTER_PARAMS = ['q', 'distance', 'from', 'to', 'open'] as const;
const RELEVANCE = RELEVANCE_SORT_OPTION.value;

/** The search as the list asks for it: trimmed, no longer than the API takes. */
export function readSearchText(text: string): string {
  return text.trim().slice(0, MARATHON_SEARCH_LIMITS.maxLength).trim();
}

/**
 * A YYYY-MM-DD day, or '' for anything else. Whether the day exists is the server's to say (a 400 the screen
 * shows).
 */
function readDayParam(value: string | null): string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

const isListSort = (value: string | null): value is MarathonSort =>
  (MARATHON_SORTS as readonly (string | null)[]).includes(value);

/**
 * The list's order: the one the URL names, else best match first for a search and newest first without one.
 * Relevance needs words to rank by, so without a search it falls back to the default.
 */
function readSearchSort(value: string | null, q: string): MarathonSearchSort {
  if (q && !isListSort(value)) return RELEVANCE;
  return readSortParam(value);
}

/** The view of an All Marathons URL; anything unknown or malformed is left out, as if it were not there. */
export function readMarathonListView(params: URLSearchParams): MarathonListView {
  const q = readSearchText(params.get('q') ?? '');
  const distances = new Set(params.getAll('distance'));
  return {
    filters: {
      q,
      distances: DISTANCES.filter((distance) => distances.has(distance)),
      from: readDayParam(params.get('from')),
      to: readDayParam(params.get('to')),
      isOpenOnly: params.get('open') === 'true',
    },
    sort: readSearchSort(params.get('sort'), q),
    page: readPageParam(params.get('page')),
  };
}

export function isFiltering(filters: MarathonFilters): boolean {
  return Boolean(
    filters.q || filters.distances.length > 0 || filters.from || filters.to || filters.isOpenOnly,
  );
}

/** The distances with `distance` switched on or off, in the order of DISTANCES. */
export function toggleDistance(distances: readonly Distance[], distance: Distance): Distance[] {
  const isOn = distances.includes(distance);
  return DISTANCES.filter((each) => (each === distance ? !isOn : distances.includes(each)));
}

function setFilterParams(params: URLSearchParams, filters: MarathonFilters): void {
  if (filters.q) params.set('q', filters.q);
  for (const distance of filters.distances) params.append('distance', distance);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.isOpenOnly) params.set('open', 'true');
}

/**
 * The URL's parameters with other filters: from the first page, in the order chosen, except that relevance
 * goes when the search does. Other parameters stay.
 */
export function withFilters(current: URLSearchParams, filters: MarathonFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of [...FILTER_PARAMS, 'page']) next.delete(name);
  setFilterParams(next, filters);
  if (!filters.q && next.get('sort') === RELEVANCE) next.delete('sort');
  return next;
}

/** The plain list: no search, no filter, page 1; only an order other than relevance stays. */
export function withoutFilters(current: URLSearchParams): URLSearchParams {
  const sort = current.get('sort');
  return new URLSearchParams(isListSort(sort) ? { sort } : {});
}

/** Another order, from the first page; the search and filters stay. */
export function withSort(current: URLSearchParams, sort: MarathonSearchSort): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set('sort', sort);
  next.delete('page');
  return next;
}

/** The query of `GET /api/marathons` (`marathonListQuerySchema`) for one page of a view. */
export function toMarathonListApiParams(view: MarathonListView, limit: number): URLSearchParams {
  const params = new URLSearchParams({ sort: view.sort, page: String(view.page), limit: String(limit) });
  setFilterParams(params, view.filters);
  return params;
}

/** What the live region says once a search or filter has given its results; '' for the plain list. */
export function getResultAnnouncement(filters: MarathonFilters, total: number): string {
  return isFiltering(filters) ? MARATHON_LIST_MESSAGES.search.found(total) : '';
}
