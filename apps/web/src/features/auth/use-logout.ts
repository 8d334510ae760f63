import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { showToast } from '../../lib/alerts';
import { clearSession, loadAuthClient } from '../../lib/auth-client';
import { describeAuthError } from './auth-errors';
import { AUTH_MESSAGES } from './messages';

export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    const { error } = await (await loadAuthClient()).signOut();
    if (error) {
      void showToast('error', describeAuthError(error));
      return;
    }
    clearSession();
    void showToast('success', AUTH_MESSAGES.logoutSuccess);
    navigate(paths.home);
  };
}
