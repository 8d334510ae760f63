import { matchPath, type Location } from 'react-router';
import { paths } from '../../config/paths';
import { NEXT_PARAM, redirectTarget, stateFromPath } from './redirect-target';

/** A race's pages a visitor may be sent to log in from: its public page, its details and its registration form. */
const RACE_PAGES = [paths.race.path, paths.marathonDetails.path, paths.registration.path];

/**
 * True when the page the visitor asked for before the login page is one of a race's, so the login page can say
 * why it is in the way. Reads the requested location where the login page keeps it (history state), or, on the
 * first render, where the guard put it (`?next=`).
 */
export function isRaceRequested(location: Pick<Location, 'state' | 'search'>): boolean {
  const state =
    (location.state as unknown) ?? stateFromPath(new URLSearchParams(location.search).get(NEXT_PARAM));
  const target = redirectTarget(state);
  if (target === '/') return false;
  const { pathname } = new URL(target, 'http://stride.invalid');
  return RACE_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);
}
