import { PASSWORD_MESSAGES } from '@stride/shared';
import { AUTH_MESSAGES } from './messages';

/** A failed auth call as `classifyApiFailure` sorted it (or better-auth's error answer itself). */
export type AuthError = {
  code?: string | undefined;
  message?: string | null | undefined;
  status?: number | null | undefined;
};

/** better-auth's codes in words a runner understands; unknown codes fall back to the server's message. */
const MESSAGES_BY_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Log in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Log in instead.',
  INVALID_EMAIL: 'Enter a valid email address',
  PASSWORD_TOO_SHORT: PASSWORD_MESSAGES.tooShort,
  PASSWORD_TOO_LONG: PASSWORD_MESSAGES.tooLong,
  INVALID_PASSWORD: AUTH_MESSAGES.wrongCurrentPassword,
  FAILED_TO_CREATE_USER: "We couldn't create your account just now. Please try again.",
  FAILED_TO_CREATE_SESSION: 'Your account is ready, but we could not sign you in. Please log in.',
};

/** The one place that turns an auth failure into the text shown to the user. */
export function describeAuthError(error: AuthError, retryAfterSeconds?: number): string {
  if (error.status === 429) {
    return retryAfterSeconds
      ? `Too many attempts, try again in ${retryAfterSeconds} seconds`
      : 'Too many attempts, try again in a minute';
  }
  if (error.code && MESSAGES_BY_CODE[error.code]) return MESSAGES_BY_CODE[error.code]!;
  // A message that is only a provider's code (SOME_ERROR_CODE) says nothing to a person.
  if (!error.message || /^[A-Z0-9_]+$/.test(error.message)) return AUTH_MESSAGES.unexpected;
  return error.message;
}
