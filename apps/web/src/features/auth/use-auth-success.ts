import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../lib/alerts';
import { useSession } from '../../lib/auth-client';
import { redirectTarget } from './redirect-target';

/**
 * After a successful login or sign-up: make the session known, say so, and go back to the page the
 * visitor asked for (or home), replacing the auth page in history (docs/SPEC.md §2, §4).
 */
export function useAuthSuccess() {
  const navigate = useNavigate();
  const location = useLocation();
  const { refetch } = useSession();
  return async (message: string, target: string = redirectTarget(location.state)) => {
    // better-auth refreshes `useSession` only ~10 ms after sign-in resolves. Navigating before that, the
    // private-route guard still sees "no user" and bounces the visitor straight back to /login.
    await refetch();
    void showToast('success', message);
    navigate(target, { replace: true });
  };
}
