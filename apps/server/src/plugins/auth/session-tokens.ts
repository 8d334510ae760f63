/**
 * Session tokens stay out of reach of page scripts: only the calls that take a password hand one out (for API
 * clients' bearer flow); every other better-auth answer is sent without them.
 */

/**
 * The calls that take a password hand out the session token (`set-auth-token`, `token`), for API clients'
 * bearer flow. No other answer carries one: a script running in the page could otherwise read a token that
 * works for 30 days, which the HttpOnly cookie exists to prevent.
 */
export const TOKEN_ISSUING_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/change-password',
]);
/** A better-auth answer without session tokens: `token` of a session, of each listed session, or at the top. */
function withoutSessionTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutSessionTokens);
  if (body === null || typeof body !== 'object') return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (rest.session && typeof rest.session === 'object') {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return rest;
}

/** The answer's body as sent: without session tokens, unless the call issues them. */
export function answerBody(path: string, response: Response, text: string): string {
  if (TOKEN_ISSUING_PATHS.has(path) || !response.headers.get('content-type')?.includes('application/json')) {
    return text;
  }
  try {
    return JSON.stringify(withoutSessionTokens(JSON.parse(text)));
  } catch {
    return text;
  }
}
