import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useRevalidator } from 'react-router';
import { alertTarget, showAlert } from './alerts';
import { settleWrite, type ApiFailure } from './api-failure';
import { fieldErrorsFromIssues, type FieldErrors } from './form-errors';
import type { OutcomeMessages } from './record-messages';

/** What a shared zod schema's `safeParse` gives (or `checkedValues` for a check written by hand). */
export type ParseResult<T> =
  | { success: true; data: T }
  | {
      success: false;
      error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
    };

/** A failure the screen says in its own words; field errors are shown beside the fields by the hook. */
export type SubmitFailure = Exclude<ApiFailure, { kind: 'fields' }>;

export type SubmitOptions<R> = {
  /** After the server accepted the write (the route's loaders are re-run first, see `revalidate`). */
  onDone?: (result: R) => unknown;
  /** The server refused the write, or no usable answer came. */
  onFailure?: (failure: SubmitFailure) => unknown;
  /** The form's fields. Errors about other fields, from the schema or the server, are not shown as such. */
  fields?: readonly string[];
  /**
   * Re-run the route's loaders once the write is done, so the screen shows what the server now has (default).
   * Off for a write after which the screen navigates away.
   */
  revalidate?: boolean;
};

/** Values checked by hand: `errors` maps a field to its message; none means the values pass. */
export function checkedValues<T>(data: T, errors: FieldErrors): ParseResult<T> {
  const issues = Object.entries(errors).flatMap(([field, message]) =>
    message ? [{ path: [field], message }] : [],
  );
  return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data };
}

/**
 * The one way a screen writes (ADR 014): check the values with a shared schema, send, sort the answer with
 * `classifyApiFailure`, show field errors beside their fields (focus on the first), re-run the route's loaders
 * after a success, and hand the rest to the screen (`onDone`, `onFailure`). `submit` serves a form; `send` a
 * write without one (a delete after its confirm dialog).
 */
export function useSubmission() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isBusy = useRef(false);
  const revalidator = useRevalidator();

  function showErrors(next: FieldErrors) {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  async function send<R>(write: () => Promise<R>, options: SubmitOptions<R> = {}): Promise<boolean> {
    if (isBusy.current) return false;
    isBusy.current = true;
    setIsSubmitting(true);
    try {
      const outcome = await settleWrite(write(), options.fields);
      switch (outcome.kind) {
        case 'done':
          if (options.revalidate !== false) void revalidator.revalidate();
          await options.onDone?.(outcome.result);
          return true;
        case 'fields':
          showErrors(outcome.fieldErrors);
          return false;
        default:
          await options.onFailure?.(outcome);
          return false;
      }
    } finally {
      isBusy.current = false;
      setIsSubmitting(false);
    }
  }

  async function submit<T, R>(
    event: FormEvent<HTMLFormElement>,
    parsed: ParseResult<T>,
    write: (data: T) => Promise<R>,
    options: SubmitOptions<R> = {},
  ): Promise<boolean> {
    event.preventDefault();
    if (isBusy.current) return false;
    if (!parsed.success) {
      const all = fieldErrorsFromIssues(parsed.error.issues);
      const { fields } = options;
      showErrors(fields ? Object.fromEntries(fields.map((field) => [field, all[field]])) : all);
      return false;
    }
    setErrors({});
    return send(() => write(parsed.data), options);
  }

  /** Drops a field's message once the user changes it. */
  function clearError(field: string) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  return { formRef, errors, isSubmitting, submit, send, clearError };
}

/** docs/SPEC.md §8: the success alert of an update or delete, with the server's message. Resolves when closed. */
export async function announceDone(messages: OutcomeMessages, serverMessage: string): Promise<void> {
  await showAlert({ icon: 'success', title: messages.doneTitle, text: serverMessage, target: alertTarget() });
}

/** docs/SPEC.md §8: the alert of a refused or failed update or delete. Resolves when closed. */
export async function announceFailure(messages: OutcomeMessages, failure: SubmitFailure): Promise<void> {
  const target = alertTarget();
  if (failure.kind === 'refused') {
    await showAlert({
      icon: 'error',
      title: messages.refused.title,
      text: failure.message || messages.refused.fallback,
      target,
    });
  } else {
    await showAlert({ icon: 'error', ...messages.failed, target });
  }
}
