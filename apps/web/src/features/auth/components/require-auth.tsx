import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth-client';
import type { LoginRedirectState } from '../redirect-target';

/** The private-route guard of SPEC.md §2: spinner while the session loads, else /login carrying the request. */
export function RequireAuth() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <Spinner label="Checking your session" />;
  if (!data?.user.email) {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} state={state} replace />;
  }
  return <Outlet />;
}
