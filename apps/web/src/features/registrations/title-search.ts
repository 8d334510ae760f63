import { RUNNER_LIST_SEARCH_MAX } from '@stride/shared/constants';

/**
 * docs/SPEC.md §2 My Apply List's search by race title, as its URL holds it (`?q=`): trimmed, no longer than the API
 * takes; '' when not searching. The server matches it, ignoring case.
 */
export function readTitleSearch(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, RUNNER_LIST_SEARCH_MAX).trim();
}
