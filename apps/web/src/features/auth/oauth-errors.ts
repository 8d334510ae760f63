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

export function describeOAuthError(code: string): string {
  return MESSAGES[code.toLowerCase()] ?? `Google sign-in failed (${code}). Please try again.`;
}
