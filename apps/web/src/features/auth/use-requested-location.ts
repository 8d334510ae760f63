import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NEXT_PARAM, stateFromPath } from './redirect-target';

/**
 * The guard sends a signed-out visitor to `/login?next=<the page they asked for>` (a redirect from a loader
 * cannot carry history state). This moves `next` into history state, where the login and sign-up screens keep
 * the requested page while the visitor switches between them, and leaves the address at plain /login.
 * Google's return (`?oauth=google&next=…`) keeps its `next`: `useGoogleReturn` reads it.
 */
export function useRequestedLocation() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const next = params.get(NEXT_PARAM);
  const isGoogleReturn = params.has('oauth');

  useEffect(() => {
    if (next === null || isGoogleReturn) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(NEXT_PARAM);
    const query = rest.toString();
    const search = query ? `?${query}` : '';
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: stateFromPath(next) },
    );
  }, [next, isGoogleReturn, location.pathname, location.search, location.hash, navigate]);
}
