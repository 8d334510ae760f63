import type { Location } from 'react-router';

/** What the private-route guard passes to /login: the location the visitor asked for. */
export type LoginRedirectState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** Where to go after login or sign-up: back to the requested page, or home (SPEC.md §2). */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  // Never bounce back to the auth pages themselves, and never to another origin ("//evil.example").
  if (from.pathname.startsWith('//') || from.pathname === '/login' || from.pathname === '/signup') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** The same rule for a path that came back in a URL (`?next=` after Google sign-in). */
export function safeLocalPath(path: string | null): string {
  if (!path) return '/';
  const url = new URL(path, 'http://stride.invalid');
  if (url.origin !== 'http://stride.invalid') return '/';
  return redirectTarget({ from: { pathname: url.pathname, search: url.search, hash: url.hash } });
}

/**
 * True while the visitor is on the way back to a page the guard sent them away from. Switching between
 * /login and /signup then replaces the history entry, so that after logging in or signing up (which
 * replace the auth page too) Back skips the auth pages instead of returning to a login form.
 */
export function isOnWayBack(state: unknown): boolean {
  return redirectTarget(state) !== '/';
}
