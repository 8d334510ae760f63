import type { Marathon, Roster, Scan, ScanResult } from '@stride/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

const racePath = (raceId: string) => `/api/marathons/${encodeURIComponent(raceId)}`;

/**
 * The race, null when there is none (404), or 'offline' when the server cannot be reached (the service worker
 * answers from its cache a race opened before; this is for the first time without it).
 */
export async function getRaceOrOffline(
  raceId: string,
  signal?: AbortSignal,
): Promise<Marathon | null | 'offline'> {
  try {
    return (await apiRequest<Marathon>(racePath(raceId), { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (error instanceof ApiError && error.status === 0) return 'offline';
    throw error;
  }
}

/** GET …/checkin/roster: the whole roster, or with `since` what changed after that cursor. */
export async function getRoster(raceId: string, since: string | null): Promise<Roster> {
  const query = since === null ? '' : `?since=${encodeURIComponent(since)}`;
  return (await apiRequest<Roster>(`${racePath(raceId)}/checkin/roster${query}`)).data;
}

/** POST …/checkins: the server's answer to each scan, final. */
export async function sendScans(raceId: string, scans: Scan[]): Promise<ScanResult[]> {
  return (
    await apiRequest<{ results: ScanResult[] }>(`${racePath(raceId)}/checkins`, {
      method: 'POST',
      body: { scans },
    })
  ).data.results;
}

/** DELETE …/checkins/:registrationId: the runner is no longer checked in. */
export async function undoCheckin(raceId: string, registrationId: string): Promise<void> {
  await apiRequest(`${racePath(raceId)}/checkins/${encodeURIComponent(registrationId)}`, {
    method: 'DELETE',
  });
}

/**
 * Who is signed in, asked of the server directly: the user, null when nobody is, or 'offline' when the server
 * cannot be reached (a check-in phone in a car park: it works on from what it keeps).
 */
export async function getSessionUserOrOffline(): Promise<{ name: string } | null | 'offline'> {
  let response: Response;
  try {
    response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
  } catch {
    return 'offline';
  }
  if (!response.ok) return null;
  const session = (await response.json()) as { user?: { name: string } } | null;
  return session?.user ?? null;
}
