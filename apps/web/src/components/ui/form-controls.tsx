import type { ReactNode } from 'react';

/** A form-level error in red, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-error font-medium">
      {message}
    </p>
  );
}

/** The primary submit button, disabled with a spinner while the form is being sent. */
export function SubmitButton({ isSubmitting, children }: { isSubmitting: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
      {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden />}
      {children}
    </button>
  );
}
