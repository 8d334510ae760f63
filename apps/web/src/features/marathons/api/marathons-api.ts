import type { z } from 'zod';
import type {
  CreateMarathonInput,
  Marathon,
  MarathonDetails,
  PageQuery,
  PaymentOptions,
  UpdateMarathonInput,
  deletedSchema,
  marathonUpdatedSchema,
} from '@stride/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readPage, toPageParams, type Page } from '../../../lib/paging';

/** The answers of docs/SPEC.md §7's update and delete calls, as the shared schemas declare them. */
export type MarathonUpdated = z.infer<typeof marathonUpdatedSchema>;
export type MarathonDeleted = z.infer<typeof deletedSchema>;

/** One page of a list: the races and, from `X-Total-Count`, how many there are in all. */
export type MarathonPage = Page<Marathon>;

export async function getFeaturedMarathons(signal?: AbortSignal): Promise<Marathon[]> {
  return (await apiRequest<Marathon[]>('/api/marathons/featured', { signal })).data;
}

export async function getUpcomingMarathons(query: PageQuery, signal?: AbortSignal): Promise<MarathonPage> {
  return readPage(
    await apiRequest<Marathon[]>(`/api/upcoming-marathons?${toPageParams(query)}`, { signal }),
    query.page,
    query.limit,
  );
}

/** One race, or null when there is none with this id (the API answers 404, also for a malformed id). */
export async function getMarathonOrNull(id: string, signal?: AbortSignal): Promise<Marathon | null> {
  return nullIfNotFound(apiRequest<Marathon>(`/api/marathons/${encodeURIComponent(id)}`, { signal }));
}

/**
 * One race with, in the same answer, the signed-in runner's registration for it (`myRegistration`, null when
 * they have none); null when there is no such race. Only for a signed-in runner: the API answers 401 otherwise.
 */
export async function getMarathonDetailsOrNull(
  id: string,
  signal?: AbortSignal,
): Promise<MarathonDetails | null> {
  return nullIfNotFound(
    apiRequest<MarathonDetails>(`/api/marathons/${encodeURIComponent(id)}?include=myRegistration`, {
      signal,
    }),
  );
}

/** The race as an iCalendar file (public), for an "Add to calendar" link to download. */
export function getMarathonCalendarPath(id: string): string {
  return `/api/marathons/${encodeURIComponent(id)}/calendar.ics`;
}

async function nullIfNotFound<T>(request: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await request).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A page of the signed-in organizer's own races, newest first, and how many they have in all. */
export async function getMyMarathons(query: PageQuery, signal?: AbortSignal): Promise<MarathonPage> {
  return readPage(
    await apiRequest<Marathon[]>(`/api/my-marathons?${toPageParams(query)}`, { signal }),
    query.page,
    query.limit,
  );
}

export async function createMarathon(input: CreateMarathonInput): Promise<Marathon> {
  return (await apiRequest<Marathon>('/api/add-marathon', { method: 'POST', body: input })).data;
}

export async function updateMarathon(id: string, changes: UpdateMarathonInput): Promise<MarathonUpdated> {
  return (await apiRequest<MarathonUpdated>(`/api/marathons/${id}`, { method: 'PATCH', body: changes })).data;
}

export async function deleteMarathon(id: string): Promise<MarathonDeleted> {
  return (await apiRequest<MarathonDeleted>(`/api/marathons/${id}`, { method: 'DELETE' })).data;
}

/** How this server takes entry fees (a new race's currency, whether Stripe is set up); EUR on site if unreadable. */
export async function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOptions> {
  try {
    return (await apiRequest<PaymentOptions>('/api/payment-options', { signal })).data;
  } catch {
    return { defaultCurrency: 'EUR', online: false };
  }
}
