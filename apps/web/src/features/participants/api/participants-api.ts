import type { Participant, RaceStats, RecordPayment, Registration } from '@stride/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readPage, type Page } from '../../../lib/paging';
import { getParticipantsApiPath, type ParticipantsView } from '../participants-view';

/** Why the organizer's desk of a race is not shown: someone else's race, or no such race (or a malformed id). */
export type Denied = { denied: 'forbidden' | 'not-found' };

export const isDenied = (value: object): value is Denied => 'denied' in value;

/** The answer of `request`, or why it was refused: a 403 or a 404. Any other failure is thrown. */
export async function orDenied<T extends object>(request: Promise<T>): Promise<T | Denied> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { denied: 'forbidden' };
    if (error instanceof ApiError && error.status === 404) return { denied: 'not-found' };
    throw error;
  }
}

const racePath = (raceId: string) => `/api/marathons/${encodeURIComponent(raceId)}`;

/** GET /api/marathons/:id/stats (the race's organizer only). */
export async function getRaceStats(raceId: string, signal?: AbortSignal): Promise<RaceStats> {
  return (await apiRequest<RaceStats>(`${racePath(raceId)}/stats`, { signal })).data;
}

/** One page of the race's participants as `view` filters and orders them (the race's organizer only). */
export async function getParticipantsPage(
  raceId: string,
  view: ParticipantsView,
  limit: number,
  signal?: AbortSignal,
): Promise<Page<Participant>> {
  const result = await apiRequest<Participant[]>(getParticipantsApiPath(raceId, view, limit), { signal });
  return readPage(result, view.page, limit);
}

/** The organizer cancels a runner's entry; a freed place goes to the first on the waitlist. */
export async function cancelParticipant(
  raceId: string,
  registrationId: string,
): Promise<{ message: string }> {
  return (
    await apiRequest<{ message: string }>(
      `${racePath(raceId)}/participants/${encodeURIComponent(registrationId)}`,
      { method: 'DELETE' },
    )
  ).data;
}

/** The organizer records money taken (`paid`, a fee due) or given back (`refunded`, a refund due) on site. */
export async function recordPayment(
  raceId: string,
  registrationId: string,
  status: RecordPayment['status'],
): Promise<Registration> {
  return (
    await apiRequest<Registration>(
      `${racePath(raceId)}/participants/${encodeURIComponent(registrationId)}/payment`,
      { method: 'POST', body: { status } },
    )
  ).data;
}
