import {
  GENDERS,
  RESULT_STATUSES,
  type Gender,
  type RankBy,
  type Result,
  type ResultStatus,
} from '@stride/shared';
import { readPageParam } from '../../lib/paging';

/** Rows per page of the public results. */
export const RESULTS_PER_PAGE = 50;

/** The longest search and age group label the URL is read with, as the API takes them (`resultsQuerySchema`). */
const SEARCH_MAX = 100;
const AGE_GROUP_MAX = 20;

/** What the results page shows, as its URL says it: `?q=lima&gender=female&ageGroup=40–49&status=DNF&page=2`. */
export type ResultsView = {
  /** A name or a bib, trimmed; '' when not searching. */
  q: string;
  gender: Gender | null;
  /** One of the race's age groups as labelled ("40–49"); null: all. */
  ageGroup: string | null;
  status: ResultStatus | null;
  page: number;
};

export const ALL_RESULTS: ResultsView = { q: '', gender: null, ageGroup: null, status: null, page: 1 };

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The view of a results URL; anything unknown or malformed is left out, as if it were not there. */
export function readResultsView(params: URLSearchParams): ResultsView {
  const gender = params.get('gender');
  const status = params.get('status');
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX).trim(),
    gender: isOneOf(GENDERS, gender) ? gender : null,
    ageGroup: (params.get('ageGroup') ?? '').trim().slice(0, AGE_GROUP_MAX) || null,
    status: isOneOf(RESULT_STATUSES, status) ? status : null,
    page: readPageParam(params.get('page')),
  };
}

/** The filters of a view as the API reads them, without paging (also the CSV's query). */
function toFilterParams(view: ResultsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.gender) params.set('gender', view.gender);
  if (view.ageGroup) params.set('ageGroup', view.ageGroup);
  if (view.status) params.set('status', view.status);
  return params;
}

/** The query string of a view (`?…`, '' for the whole list's first page); page 1 is left out. */
export function toSearch(view: ResultsView): string {
  const params = toFilterParams(view);
  if (view.page !== 1) params.set('page', String(view.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Another gender, age group or status (null: all): from the first page. */
export function withFilters(
  view: ResultsView,
  filters: Partial<Pick<ResultsView, 'gender' | 'ageGroup' | 'status'>>,
): ResultsView {
  return { ...view, ...filters, page: 1 };
}

/** Another search: from the first page. */
export function withQuery(view: ResultsView, q: string): ResultsView {
  return { ...view, q: q.trim().slice(0, SEARCH_MAX).trim(), page: 1 };
}

export function isFiltering(view: ResultsView): boolean {
  return Boolean(view.q || view.gender || view.ageGroup || view.status);
}

const resultsPath = (raceId: string) => `/api/marathons/${encodeURIComponent(raceId)}/results`;

/** GET …/results for one page of a view. */
export function getResultsApiPath(raceId: string, view: ResultsView, limit: number): string {
  const params = toFilterParams(view);
  params.set('page', String(view.page));
  params.set('limit', String(limit));
  return `${resultsPath(raceId)}?${params}`;
}

/** The results CSV of what the view's filters match: every page. */
export function getResultsCsvPath(raceId: string, view: ResultsView = ALL_RESULTS): string {
  const query = toFilterParams(view).toString();
  return `${resultsPath(raceId)}.csv${query ? `?${query}` : ''}`;
}

/** The time that ranks a result (`rankBy`), else the other one; null when the runner has neither. */
export function rankingTimeText(
  result: Pick<Result, 'chipTimeText' | 'gunTimeText'>,
  rankBy: RankBy,
): string | null {
  return rankBy === 'gun'
    ? (result.gunTimeText ?? result.chipTimeText)
    : (result.chipTimeText ?? result.gunTimeText);
}
