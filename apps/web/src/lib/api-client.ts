import type { ErrorResponse, FieldError } from '@stride/shared';

/**
 * A failed API call: the server's status (0 when it could not be reached), its message, for a 400 the fields at
 * fault, and the machine-readable code when the answer has one (better-auth's, e.g. INVALID_TOKEN).
 * `lib/api-failure.ts` sorts it for the screens.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly code?: string,
  ) {
    super(message);
  }
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal };

/**
 * Calls the API on this origin with the session cookie (the browser adds the Origin header the server checks).
 * Resolves with the JSON body and the response headers; rejects with an ApiError.
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  let response: Response;
  try {
    // A form (a file upload) goes as multipart, its type and boundary set by the browser; anything else as JSON.
    const { body } = options;
    const isJson = body !== undefined && !(body instanceof FormData);
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: isJson ? { 'content-type': 'application/json' } : undefined,
      body: isJson ? JSON.stringify(body) : (body as FormData | undefined),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  const body: unknown = response.headers.get('content-type')?.includes('application/json')
    ? await response.json()
    : null;
  if (!response.ok) {
    const error = body as Partial<ErrorResponse> | null;
    throw new ApiError(
      response.status,
      error?.message ?? `Request failed (${response.status})`,
      error?.errors ?? [],
    );
  }
  return { data: body as T, headers: response.headers };
}
