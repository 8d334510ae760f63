import { z } from 'zod';
import { PAGE_LIMITS } from '../constants.js';

/**
 * The furthest page: its rows' offset stays far below what the database counts in (2^31), whatever the limit.
 */
export const MAX_PAGE = 1_000_000;
const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE}`;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMITS.max}`;
const pageNumber = z.coerce
  .number({ error: PAGE_MESSAGE })
  .int(PAGE_MESSAGE)
  .min(1, PAGE_MESSAGE)
  .max(MAX_PAGE, PAGE_MESSAGE);
const pageLimit = z.coerce
  .number({ error: LIMIT_MESSAGE })
  .int(LIMIT_MESSAGE)
  .min(1, LIMIT_MESSAGE)
  .max(PAGE_LIMITS.max, LIMIT_MESSAGE);

/** `page` and `limit` of every paged list. */
export const pagingFields = {
  page: pageNumber.default(1),
  limit: pageLimit.default(PAGE_LIMITS.default),
};
export const pageQuerySchema = z.object(pagingFields);
export type PageQuery = z.output<typeof pageQuerySchema>;

/**
 * `page` and `limit` of a list that docs/SPEC.md gives whole (My Marathons, a runner's registrations): paged, with
 * the same rules, only when either is given.
 */
export const optionalPagingFields = {
  page: pageNumber
    .optional()
    .describe('Page through the list (from 1); leave page and limit out for all of it'),
  limit: pageLimit
    .optional()
    .describe(`Entries per page, 1 to ${PAGE_LIMITS.max} (${PAGE_LIMITS.default} if only page is given)`),
};
export const optionalPageQuerySchema = z.object(optionalPagingFields);
export type OptionalPageQuery = z.output<typeof optionalPageQuerySchema>;

/** The page an optional page query asks for, or null for the whole list. */
export function requestedPage({ page, limit }: OptionalPageQuery): PageQuery | null {
  if (page === undefined && limit === undefined) return null;
  return { page: page ?? 1, limit: limit ?? PAGE_LIMITS.default };
}
