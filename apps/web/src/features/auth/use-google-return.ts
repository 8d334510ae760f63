import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showToast } from '../../lib/alerts';
import { loadAuthClient } from '../../lib/auth-client';
import { AUTH_MESSAGES } from './messages';
import { describeOAuthError } from './oauth-errors';
import { safeLocalPath } from './redirect-target';
import { useAuthSuccess } from './use-auth-success';

/**
 * Finishes a Google sign-in on the login page, where Google's redirect lands: on success a toast and the
 * requested page; on failure (`?error=`: cancelled consent, denied request, state mismatch) the reason.
 */
export function useGoogleReturn(): string | null {
  const [params] = useSearchParams();
  const onSuccess = useAuthSuccess();
  const handled = useRef(false);
  const errorCode = params.get('error');
  const [error, setError] = useState<string | null>(errorCode ? describeOAuthError(errorCode) : null);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (errorCode) {
      void showToast('warning', describeOAuthError(errorCode));
      return;
    }
    if (params.get('oauth') !== 'google') return;
    void (async () => {
      const { data } = await (await loadAuthClient()).getSession();
      if (data?.user) await onSuccess(AUTH_MESSAGES.googleSuccess, safeLocalPath(params.get('next')));
      else setError(describeOAuthError('invalid_code'));
    })();
  }, [errorCode, onSuccess, params]);

  return error;
}
