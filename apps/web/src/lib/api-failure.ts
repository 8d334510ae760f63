import { ApiError } from './api-client';
import type { FieldErrors } from './form-errors';

/**
 * How a call to the server failed, from the user's point of view. The one classifier of the web app: every
 * screen (forms, dashboard actions, sign-in) sorts a failure here, then says it in its own words.
 */
export type ApiFailure =
  /** The server named fields at fault (a 400): the form shows each field's first message beside it. */
  | { kind: 'fields'; fieldErrors: FieldErrors }
  /** The server said no, with its reason: any other 4xx (not allowed, not found, closed, too many attempts). */
  | { kind: 'refused'; status: number; message: string; code?: string | undefined }
  /**
   * No usable answer: a server error, no connection, anything unexpected. `message` is what the server (or the
   * API client) said about it, null for an error that is not an API failure at all.
   */
  | { kind: 'failed'; status: number | null; message: string | null; code?: string | undefined };

/** What a write came to: the server's answer, or a failure. */
export type WriteOutcome<R> = { kind: 'done'; result: R } | ApiFailure;

/**
 * Sorts a thrown error. `formFields` are the fields the form shows: field errors about any other field (which
 * the user cannot fix) leave the failure to be sorted by its status.
 */
export function classifyApiFailure(error: unknown, formFields?: readonly string[]): ApiFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed', status: null, message: null };
  const fieldErrors: FieldErrors = {};
  for (const { field, message } of error.fieldErrors) {
    if (!formFields || formFields.includes(field)) fieldErrors[field] ??= message;
  }
  if (Object.keys(fieldErrors).length > 0) return { kind: 'fields', fieldErrors };
  const { status, message, code } = error;
  if (status >= 400 && status < 500) return { kind: 'refused', status, message, code };
  return { kind: 'failed', status, message, code };
}

/** An answer of docs/SPEC.md §7's update and delete calls that says no: `{ success: false, message }` (§8). */
function isRefusalAnswer(answer: unknown): answer is { success: false; message: string } {
  return typeof answer === 'object' && answer !== null && (answer as { success?: unknown }).success === false;
}

/** Waits for a write and sorts how it ended. */
export async function settleWrite<R>(
  write: Promise<R>,
  formFields?: readonly string[],
): Promise<WriteOutcome<R>> {
  try {
    const result = await write;
    if (isRefusalAnswer(result)) return { kind: 'refused', status: 200, message: result.message };
    return { kind: 'done', result };
  } catch (error) {
    return classifyApiFailure(error, formFields);
  }
}
