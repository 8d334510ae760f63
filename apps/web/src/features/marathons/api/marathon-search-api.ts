import type { Marathon } from '@stride/shared';
import { apiRequest } from '../../../lib/api-client';
import { classifyApiFailure } from '../../../lib/api-failure';
import { readPage } from '../../../lib/paging';
import { toMarathonListApiParams, type MarathonListView } from '../search-params';
import type { MarathonPage } from './marathons-api';

// The search of All Marathons, apart from the other calls: the screens that only list races (Home, Upcoming)
// need none of the search's parsing and words on their first load.

/** A page of All Marathons, or, when the server refuses the filters, why (`refusal`). */
export type MarathonSearchPage = MarathonPage & { refusal: string | null };

/**
 * One page of All Marathons as `view` searches, filters and orders it. Filters the server refuses (a 400, e.g.
 * `to` before `from`) are not a failure to load: the answer is an empty page with the server's reason, which
 * the screen shows beside the filters to fix.
 */
export async function getMarathonPage(
  view: MarathonListView,
  limit: number,
  signal?: AbortSignal,
): Promise<MarathonSearchPage> {
  try {
    const answer = await apiRequest<Marathon[]>(`/api/marathons?${toMarathonListApiParams(view, limit)}`, {
      signal,
    });
    return { ...readPage(answer, view.page, limit), refusal: null };
  } catch (error) {
    const refusal = describeBadRequest(error);
    if (refusal === null) throw error;
    return { items: [], total: 0, page: view.page, limit, refusal };
  }
}

/** The server's reason for a 400, its fields' messages when it names them; null for any other failure. */
function describeBadRequest(error: unknown): string | null {
  const failure = classifyApiFailure(error);
  if (failure.kind === 'fields') return Object.values(failure.fieldErrors).join(' ');
  if (failure.kind === 'refused' && failure.status === 400) return failure.message;
  return null;
}
