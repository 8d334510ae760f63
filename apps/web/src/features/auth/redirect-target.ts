import type { Location } from 'react-router';
import { paths } from '../../config/paths';

/** What the login page keeps in history state: the location the visitor asked for before the guard stopped them. */
export type LoginRedirectState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** The query parameter that carries a requested location in a URL: `/login?next=%2Fdashboard`. */
export const NEXT_PARAM = 'next';

/** Where to go after login or sign-up: back to the requested page, or home (docs/SPEC.md §2). */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  // Never bounce back to the auth pages themselves, and never to another origin ("//evil.example").
  if (from.pathname.startsWith('//') || from.pathname === '/login' || from.pathname === '/signup') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** The requested location in a path that came back in a URL (`?next=`), or null when it is not a safe one. */
export function stateFromPath(path: string | null): LoginRedirectState | null {
  if (!path) return null;
  let url: URL;
  try {
    url = new URL(path, 'http://stride.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://stride.invalid') return null;
  const state = { from: { pathname: url.pathname, search: url.search, hash: url.hash } };
  return redirectTarget(state) === '/' ? null : state;
}

/** The same rule for a path that came back in a URL (`?next=` after Google sign-in). */
export function safeLocalPath(path: string | null): string {
  return redirectTarget(stateFromPath(path));
}

/** The login page for a visitor who asked for `requested` (a path with its query and hash). */
export function loginUrlFor(requested: string): string {
  return `${paths.login.href}?${new URLSearchParams({ [NEXT_PARAM]: requested })}`;
}

/**
 * True while the visitor is on the way back to a page the guard sent them away from. Switching between
 * /login and /signup then replaces the history entry, so that after logging in or signing up (which
 * replace the auth page too) Back skips the auth pages instead of returning to a login form.
 */
export function isOnWayBack(state: unknown): boolean {
  return redirectTarget(state) !== '/';
}
