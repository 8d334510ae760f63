/**
 * better-auth tells how long to wait after a 429 in `X-Retry-After`; its client hides response headers,
 * so the request's `onError` hook captures it for the message.
 */
export function captureRetryAfter() {
  let seconds: number | undefined;
  return {
    fetchOptions: {
      onError: (context: { response: Response }) => {
        const header = Number(context.response.headers.get('X-Retry-After'));
        seconds = Number.isFinite(header) && header > 0 ? Math.ceil(header) : undefined;
      },
    },
    get seconds() {
      return seconds;
    },
  };
}
