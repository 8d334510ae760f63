import type { AuthOptions } from '@stride/shared';
import { apiRequest } from '../../lib/api-client';

let cached: Promise<AuthOptions> | null = null;

/**
 * Which sign-in methods this server offers (GET /api/auth-options), fetched once per page load, for the loaders
 * of the login and sign-up screens. If it cannot be read, only email and password are offered.
 */
export function loadAuthOptions(): Promise<AuthOptions> {
  cached ??= apiRequest<AuthOptions>('/api/auth-options').then(
    ({ data }) => data,
    () => ({ google: false }),
  );
  return cached;
}
