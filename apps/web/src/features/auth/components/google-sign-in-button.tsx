import { useState } from 'react';
import { useLocation } from 'react-router';
import { GoogleIcon } from '../../../components/ui/form-icons';
import { paths } from '../../../config/paths';
import { showAlert } from '../../../lib/alerts';
import { loadAuthClient } from '../../../lib/auth-client';
import { AUTH_MESSAGES } from '../messages';
import { redirectTarget } from '../redirect-target';

/** Where Google sends the visitor back: the login page finishes up (toast, session) and goes on to `next`. */
export function googleReturnUrl(next: string) {
  return `${paths.login.href}?${new URLSearchParams({ oauth: 'google', next })}`;
}

/**
 * 'Login with Google' (docs/SPEC.md §2): a redirect to Google and back (ADR 010), or, when the server has no Google
 * client configured (`isAvailable` false, from the screen's loader), a plain statement that it is not set up.
 */
export function GoogleSignInButton({ isAvailable }: { isAvailable: boolean }) {
  const location = useLocation();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const isUnavailable = !isAvailable;

  async function signInWithGoogle() {
    if (isUnavailable) {
      void showAlert({ icon: 'info', title: 'Login with Google', text: AUTH_MESSAGES.googleUnavailable });
      return;
    }
    setIsRedirecting(true);
    const client = await loadAuthClient();
    const { error } = await client.signIn.social({
      provider: 'google',
      callbackURL: googleReturnUrl(redirectTarget(location.state)),
      errorCallbackURL: paths.login.href,
    });
    if (error) {
      setIsRedirecting(false);
      void showAlert({
        icon: 'error',
        title: 'Login with Google',
        text: error.message ?? AUTH_MESSAGES.unexpected,
      });
    }
  }

  return (
    <div className="space-y-1">
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={() => void signInWithGoogle()}
        aria-describedby={isUnavailable ? 'google-unavailable' : undefined}
        disabled={isRedirecting}
      >
        {isRedirecting ? <span className="loading loading-spinner loading-sm" aria-hidden /> : <GoogleIcon />}
        Login with Google
      </button>
      {isUnavailable && (
        <p id="google-unavailable" className="text-base-content/70 text-center text-sm">
          {AUTH_MESSAGES.googleUnavailable}
        </p>
      )}
    </div>
  );
}
