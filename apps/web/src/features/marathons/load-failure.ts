import { MARATHON_LIST_MESSAGES } from './list-messages';

/**
 * Logs a marathon list that failed to load (docs/SPEC.md §8: 'Error fetching marathons:'), unless the load was
 * abandoned (the visitor navigated on), and passes the failure on to the route's error boundary.
 */
export async function logLoadFailure<T>(load: Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (!signal.aborted) console.error(MARATHON_LIST_MESSAGES.logPrefix, error);
    throw error;
  }
}

/** Like logLoadFailure, but a failed load becomes `null`, so a page with other content still shows. */
export async function loadOrNull<T>(load: Promise<T>, signal: AbortSignal): Promise<T | null> {
  try {
    return await logLoadFailure(load, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}
