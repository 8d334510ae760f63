import { replace } from 'react-router';
import type { PageQuery } from '@stride/shared';
import { PAGE_LIMITS, TOTAL_COUNT_HEADER } from '@stride/shared/constants';

/** Races per page of All Marathons and Upcoming Marathons: the API's default page size. */
export const MARATHONS_PER_PAGE = PAGE_LIMITS.default;

/** Rows per page of the dashboard's own lists, My Marathons and My Apply List. */
export const DASHBOARD_ROWS_PER_PAGE = 20;

/** One page of a list the API pages: the items and, from `X-Total-Count`, how many there are in all. */
export type Page<T> = { items: T[]; total: number; page: number; limit: number };

/** A page from an API answer: its rows and the `X-Total-Count` header (the rows' count when missing). */
export function readPage<T>(result: { data: T[]; headers: Headers }, page: number, limit: number): Page<T> {
  return {
    items: result.data,
    total: Number(result.headers.get(TOTAL_COUNT_HEADER) ?? result.data.length),
    page,
    limit,
  };
}

/** `page` and `limit` of a request for one page of a list the API pages. */
export function toPageParams({ page, limit }: PageQuery): URLSearchParams {
  return new URLSearchParams({ page: String(page), limit: String(limit) });
}

/** The `?page=` of a list URL: a whole number from 1; anything else is page 1. */
export function readPageParam(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** How many pages `total` items fill; at least 1, so an empty list still has its (empty) first page. */
export function countPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

export type PageLink = number | 'gap';

/**
 * The page numbers a pager shows: the first, the last, and `siblings` either side of the current one, with
 * 'gap' where pages are left out. A gap never hides a single page: that page is shown instead.
 */
export function pageWindow(current: number, last: number, siblings = 1): PageLink[] {
  const wanted = new Set<number>([1, last]);
  for (let page = current - siblings; page <= current + siblings; page++) {
    if (page >= 1 && page <= last) wanted.add(page);
  }
  const pages = [...wanted].sort((a, b) => a - b);
  const links: PageLink[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) links.push('gap');
    links.push(page);
  });
  return links;
}

/** The 1-based positions of the first and last item on `page` ("13–24 of 30"); 0–0 when empty. */
export function pageRange(page: number, limit: number, total: number): { from: number; to: number } {
  const from = (page - 1) * limit + 1;
  if (total === 0 || from > total) return { from: 0, to: 0 };
  return { from, to: Math.min(page * limit, total) };
}

/** A query string as a link takes it: `?…`, or '' when there is nothing to ask. */
function toSearch(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The query string of a list URL showing `page`, its other parameters kept; page 1 is left out. */
export function withPage(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return toSearch(next);
}

/** The query string of a list URL searching for `q` ('' for no search): a new search starts on page 1. */
export function withSearchText(params: URLSearchParams, q: string): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (q) next.set('q', q);
  else next.delete('q');
  return toSearch(next);
}

/**
 * Where a list URL asking for a page past the last one should go instead: the last page (the first, when the list
 * is empty), the URL's other parameters kept. Null when the page exists.
 */
export function getPastEndUrl(url: URL, { page, total, limit }: Page<unknown>): string | null {
  const last = countPages(total, limit);
  return page > last ? `${url.pathname}${withPage(url.searchParams, last)}` : null;
}

/**
 * A route loader's page of a list: the page its URL asks for (`?page=`, 1 when missing or malformed), `limit`
 * rows, read by `getPage`. A page past the last one (its last row was just deleted, or an old link) redirects
 * to the last page, replacing that URL in history, so no one is left on an empty page of a list that has rows.
 */
export async function loadListPage<T>(
  url: URL,
  limit: number,
  getPage: (query: PageQuery) => Promise<Page<T>>,
): Promise<Page<T>> {
  const result = await getPage({ page: readPageParam(url.searchParams.get('page')), limit });
  const lastPageUrl = getPastEndUrl(url, result);
  if (lastPageUrl !== null) throw replace(lastPageUrl);
  return result;
}
