import { useSyncExternalStore } from 'react';
import type { createAuthClient } from 'better-auth/client';

/**
 * The session, read once from better-auth's `get-session` and kept in a tiny store, so the first load does not
 * carry better-auth's client. That client (sign-in, sign-up, sign-out) is loaded by `loadAuthClient()` when a
 * form or the Log Out button needs it.
 */

export type AuthClient = ReturnType<typeof createAuthClient>;
type SessionData = NonNullable<AuthClient['$Infer']['Session']>;
export type SessionUser = SessionData['user'];

type SessionState = { data: SessionData | null; isPending: boolean };

let state: SessionState = { data: null, isPending: true };
/** Only the newest request may set the state: an older answer may predate a sign-in or sign-out. */
let generation = 0;
let started = false;
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Asks the server who is signed in (the cookie travels with the request) and tells every subscriber. */
export async function refetchSession(): Promise<void> {
  started = true;
  const mine = ++generation;
  const data = await fetch('/api/auth/get-session', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<SessionData | null>) : null))
    .catch(() => null);
  if (mine === generation) setState({ data, isPending: false });
}

/**
 * The session once known: at once when it is, else when the first `get-session` answers. Route guards await it,
 * so a private screen's loader never runs before it is known who is signed in.
 */
export function getSession(): Promise<SessionData | null> {
  if (!started) void refetchSession();
  if (!state.isPending) return Promise.resolve(state.data);
  return new Promise((resolve) => {
    const listener = () => {
      if (state.isPending) return;
      listeners.delete(listener);
      resolve(state.data);
    };
    listeners.add(listener);
  });
}

/** Forgets the session at once (after signing out). */
export function clearSession() {
  generation++;
  setState({ data: null, isPending: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!started) void refetchSession();
  return () => listeners.delete(listener);
}

/** `{ data: { user, session } | null, isPending, refetch }`, like better-auth's React hook. */
export function useSession() {
  const current = useSyncExternalStore(subscribe, () => state);
  return { ...current, refetch: refetchSession };
}

let client: Promise<AuthClient> | null = null;

/** better-auth's browser client, loaded on first use. */
export function loadAuthClient(): Promise<AuthClient> {
  client ??= import('better-auth/client').then(({ createAuthClient }) =>
    createAuthClient({ basePath: '/api/auth' }),
  );
  return client;
}
