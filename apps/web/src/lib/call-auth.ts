import { ApiError } from './api-client';
import { loadAuthClient, type AuthClient } from './auth-client';

/** What better-auth's client gives back: `{ data, error }`, never a thrown HTTP error. */
type AuthResult = {
  error: { status?: number; message?: string | undefined; code?: string | undefined } | null;
};

/**
 * Runs a call of better-auth's client and throws its error as an ApiError, so an auth form sorts a failure with
 * `classifyApiFailure` like any other write.
 */
export async function callAuth(call: (client: AuthClient) => Promise<AuthResult>): Promise<void> {
  const { error } = await call(await loadAuthClient());
  if (error) throw new ApiError(error.status ?? 0, error.message ?? '', [], error.code);
}
