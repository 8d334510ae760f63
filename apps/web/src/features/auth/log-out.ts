import { classifyApiFailure } from '../../lib/api-failure';
import { showToast } from '../../lib/alerts';
import { clearSession } from '../../lib/auth-client';
import { callAuth } from '../../lib/call-auth';
import { forgetCachedPasses } from '../../lib/service-worker';
import { describeAuthError } from './auth-errors';
import { AUTH_MESSAGES } from './messages';

/**
 * Signs out (docs/SPEC.md §4: a 'Logout Success' toast), or says why it could not. Resolves true once signed out.
 * Loaded when the Log Out button is pressed, so the first load does not carry it.
 */
export async function logOut(): Promise<boolean> {
  try {
    await callAuth((client) => client.signOut());
  } catch (error) {
    const failure = classifyApiFailure(error);
    void showToast('error', describeAuthError(failure.kind === 'fields' ? {} : failure));
    return false;
  }
  clearSession();
  await forgetCachedPasses();
  void showToast('success', AUTH_MESSAGES.logoutSuccess);
  return true;
}
