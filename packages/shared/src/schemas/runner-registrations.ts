import { z } from 'zod';
import { searchText } from './fields.js';
import { RUNNER_LIST_SEARCH_MAX } from '../constants.js';
import { optionalPagingFields } from './paging.js';

/**
 * GET /api/registrations/by-email/:email: the whole list (docs/SPEC.md) or a page of it; `q` keeps the registrations
 * whose race title holds it, ignoring case (My Apply List's search box, done by the server so it can page).
 */
export const runnerRegistrationsQuerySchema = z.object({
  ...optionalPagingFields,
  q: searchText('q', RUNNER_LIST_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined)
    .describe('Part of the race title, any case'),
});
export type RunnerRegistrationsQuery = z.output<typeof runnerRegistrationsQuerySchema>;
