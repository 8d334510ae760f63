/** What went wrong when Google sent the visitor back with `?error=` (better-auth's and OAuth's codes). */
const MESSAGES: Record<string, string> = {
  access_denied: 'Google sign-in was cancelled. Nothing was changed.',
  state_mismatch:
    'Google sign-in could not be verified (the request expired or was tampered with). Please try again.',
  please_restart_the_process: 'Google sign-in took too long. Please try again.',
  invalid_code: 'Google sign-in could not be completed. Please try again.',
  email_not_found: 'Your Google account did not share an e-mail address, which Stride needs.',
  unable_to_get_user_info: 'Google did not share your profile. Please try again.',
};

/** What an error code looks like; anything else in `?error=` is not repeated to the visitor. */
const CODE = /^[a-z0-9_.-]{1,64}$/i;

/** The reason for `?error=`: ours for known codes, the code itself for others, never arbitrary text. */
export function describeOAuthError(code: string): string {
  const known = MESSAGES[code.toLowerCase()];
  if (known) return known;
  return CODE.test(code)
    ? `Google sign-in failed (${code}). Please try again.`
    : 'Google sign-in failed. Please try again.';
}
