import { createContext, redirect, replace, type MiddlewareFunction } from 'react-router';
import { getSession, type SessionUser } from '../../lib/auth-client';
import { loginUrlFor } from './redirect-target';

// Loaders read what middleware put in their `context` (a RouterContextProvider in a data router).
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

/** The signed-in user, for the loaders of the private routes: `context.get(userContext)`. */
export const userContext = createContext<SessionUser>();

/** Where the browser is now: the page being left during a navigation, the page asked for on a load or Back. */
type Here = { pathname: string; search: string; hash: string };

/**
 * The redirect for a signed-out visitor who asked for `requestUrl`: to /login, carrying the requested path,
 * query and hash in `?next=` (the login page moves it into history state). A request for the page the browser
 * is on (a first load, Back, a reload of the data) replaces that entry, as the guard's <Navigate replace> did;
 * a navigation from another page adds /login after it. The hash never reaches a loader's request: it is read
 * from the browser when the request is for the page the browser is on.
 */
export function loginRedirect(requestUrl: string, here: Here): Response {
  const url = new URL(requestUrl);
  const isHere = url.pathname === here.pathname && url.search === here.search;
  const target = loginUrlFor(`${url.pathname}${url.search}${isHere ? here.hash : ''}`);
  return isHere ? replace(target) : redirect(target);
}

/**
 * The private-route guard of docs/SPEC.md §2, as middleware of the routes it protects: it runs before any of their
 * loaders, so a signed-out visitor is sent to /login before a request for their data is made.
 */
export const requireUser: MiddlewareFunction = async ({ request, context }) => {
  const session = await getSession();
  if (!session?.user.email) throw loginRedirect(request.url, window.location);
  context.set(userContext, session.user);
};
