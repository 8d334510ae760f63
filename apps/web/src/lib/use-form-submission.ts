import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { fieldErrorsFromIssues, type FieldErrors } from './form-errors';

type ParseResult<T> =
  | { success: true; data: T }
  | {
      success: false;
      error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
    };

/**
 * The submit cycle the dashboard forms share: check the values with a shared zod schema (`safeParse`), show each
 * field's first message and move focus to the first field at fault, send, then show any field errors the server
 * names (a 400). `send` resolves with those errors, or nothing when the form is done.
 */
export function useFormSubmission() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  function showErrors(next: FieldErrors) {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  async function submit<T>(
    event: FormEvent<HTMLFormElement>,
    parsed: ParseResult<T>,
    send: (data: T) => Promise<FieldErrors | void>,
  ) {
    event.preventDefault();
    if (isSubmitting) return;
    if (!parsed.success) {
      showErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      const serverErrors = await send(parsed.data);
      if (serverErrors) showErrors(serverErrors);
    } finally {
      setIsSubmitting(false);
    }
  }

  /** Drops a field's message once the user changes it. */
  function clearError(field: string) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  return { formRef, errors, isSubmitting, submit, clearError };
}
