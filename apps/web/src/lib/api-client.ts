import type { ErrorResponse, FieldError } from '@stride/shared';

/** A failed API call: the server's status, its message and, for a 400, the fields at fault. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
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
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: options.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
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

/** The API's 400 field errors as a map from field name to its first message, for forms. */
export function fieldErrorMap(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const map: Record<string, string> = {};
  for (const { field, message } of error.fieldErrors) map[field] ??= message;
  return map;
}
