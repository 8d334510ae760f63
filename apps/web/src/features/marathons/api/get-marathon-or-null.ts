import type { LoaderFunctionArgs } from 'react-router';
import type { Marathon } from '@stride/shared';
import { ApiError } from '../../../lib/api-client';
import { getMarathon } from './marathons-api';

/** One marathon, or null when there is none with this id (the API answers 404, also for a malformed id). */
export async function getMarathonOrNull(id: string, signal?: AbortSignal): Promise<Marathon | null> {
  try {
    return await getMarathon(id, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The loader of a screen about one race (`/…/:id`): the race, or null for an id no marathon has, so the screen
 * can say so. Any other failure reaches the route error boundary.
 */
export async function loadMarathonById({ params, request }: LoaderFunctionArgs) {
  return { marathon: await getMarathonOrNull(params.id ?? '', request.signal) };
}
