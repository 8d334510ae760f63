import type { z } from 'zod';
import type {
  CreateRegistrationInput,
  PageQuery,
  Quote,
  Registration,
  UpdateRegistrationInput,
  checkoutSchema,
  deletedSchema,
  registrationUpdatedSchema,
} from '@stride/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readPage, toPageParams, type Page } from '../../../lib/paging';

/** The answers of docs/SPEC.md §7's update and delete calls, as the shared schemas declare them. */
export type RegistrationUpdated = z.infer<typeof registrationUpdatedSchema>;
export type RegistrationDeleted = z.infer<typeof deletedSchema>;
export type Checkout = z.infer<typeof checkoutSchema>;

/** One page of a runner's registrations and, from `X-Total-Count`, how many there are in all. */
export type RegistrationPage = Page<Registration>;

/**
 * A page of the signed-in runner's registrations, newest first. With `q`, only those whose race title holds it
 * (any case), and the total counts those matches.
 */
export async function getMyRegistrations(
  email: string,
  query: PageQuery & { q?: string },
  signal?: AbortSignal,
): Promise<RegistrationPage> {
  const params = toPageParams(query);
  if (query.q) params.set('q', query.q);
  return readPage(
    await apiRequest<Registration[]>(`/api/registrations/by-email/${encodeURIComponent(email)}?${params}`, {
      signal,
    }),
    query.page,
    query.limit,
  );
}

/**
 * The signed-in runner's own registration, with its race pass's `checkinCode` while it holds a place; null when
 * there is no such entry of theirs (the API's 404, or a 403 for someone else's).
 */
export async function getMyRegistrationOrNull(
  id: string,
  signal?: AbortSignal,
): Promise<Registration | null> {
  try {
    return (await apiRequest<Registration>(`/api/registrations/${encodeURIComponent(id)}`, { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

/** How many registrations the signed-in runner has in all: the total of a one-row page, searching nothing. */
export async function countMyRegistrations(email: string, signal?: AbortSignal): Promise<number> {
  return (await getMyRegistrations(email, { page: 1, limit: 1 }, signal)).total;
}

/**
 * The signed-in runner's registration as an iCalendar file, for a link to download (the session cookie goes
 * with it). Its event has the same UID as the confirmation mail's, so importing both adds one entry.
 */
export function getRegistrationCalendarPath(id: string): string {
  return `/api/my-registrations/${encodeURIComponent(id)}/calendar.ics`;
}

export async function createRegistration(input: CreateRegistrationInput): Promise<Registration> {
  return (await apiRequest<Registration>('/api/registrations', { method: 'POST', body: input })).data;
}

export async function updateRegistration(
  id: string,
  changes: UpdateRegistrationInput,
): Promise<RegistrationUpdated> {
  return (
    await apiRequest<RegistrationUpdated>(`/api/registrations/${id}`, { method: 'PATCH', body: changes })
  ).data;
}

export async function deleteRegistration(id: string): Promise<RegistrationDeleted> {
  return (await apiRequest<RegistrationDeleted>(`/api/registrations/${id}`, { method: 'DELETE' })).data;
}

/**
 * What entering the race costs the signed-in runner now, after `discountCode` when given; a 400 on the field
 * `discountCode` when the code is not valid for the race.
 */
export async function getQuote(marathonId: string, discountCode: string): Promise<Quote> {
  return (
    await apiRequest<Quote>(`/api/marathons/${encodeURIComponent(marathonId)}/quote`, {
      method: 'POST',
      body: { discountCode },
    })
  ).data;
}

/** The Stripe Checkout page of the runner's held place (the session still open, or a new one). */
export async function createCheckout(registrationId: string): Promise<Checkout> {
  return (
    await apiRequest<Checkout>(`/api/registrations/${encodeURIComponent(registrationId)}/checkout`, {
      method: 'POST',
    })
  ).data;
}
