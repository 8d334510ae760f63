import type { Ballot } from '@stride/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

const ballotPath = (raceId: string) => `/api/marathons/${encodeURIComponent(raceId)}/ballot`;

/** The race's ballot, its public record; null when there is no such race (the API's 404). */
export async function getBallotOrNull(raceId: string, signal?: AbortSignal): Promise<Ballot | null> {
  try {
    return (await apiRequest<Ballot>(ballotPath(raceId), { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The race's organizer (or a co-organizer) draws its ballot now, once entries have closed; answers the ballot as
 * drawn. A 409 before entries close, or after the draw.
 */
export async function drawBallot(raceId: string): Promise<Ballot> {
  return (await apiRequest<Ballot>(`${ballotPath(raceId)}/draw`, { method: 'POST' })).data;
}

/** The drawn order as CSV (`position,entryId,outcome`, no names): public once the ballot is drawn. */
export function getBallotCsvPath(raceId: string): string {
  return `${ballotPath(raceId)}/entries.csv`;
}
