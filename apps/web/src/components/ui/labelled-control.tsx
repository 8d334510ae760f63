import { useId, type ReactNode } from 'react';

/** What a control needs to be named by its label and described by its error. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type LabelledControlProps = {
  label: string;
  error?: string | undefined;
  /** A short help text below the control (e.g. what an empty field means), read out with it. */
  hint?: string | undefined;
  /** Marks the label with a * (the control says it is required itself, with `required`). */
  isRequired?: boolean | undefined;
  /** The error appears without the user moving (e.g. as they type): screen readers announce it. */
  announcesError?: boolean | undefined;
  /** Renders the control (a select, a textarea, a date picker…) with the props that tie it to the label. */
  children: (control: ControlProps) => ReactNode;
};

/**
 * A label, any control and its error below: the same layout and wiring as FormField, for controls that are
 * not a plain <input>.
 */
export function LabelledControl({
  label,
  error,
  hint,
  isRequired,
  announcesError,
  children,
}: LabelledControlProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The error first: it is what the user has to act on.
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  return (
    <div className="fieldset">
      {isRequired ? (
        // The mark stays out of the label: the control's name is the label alone, `required` says the rest.
        <span className="fieldset-legend pb-1">
          <label htmlFor={id}>{label}</label>
          <RequiredMark />
        </span>
      ) : (
        <label htmlFor={id} className="fieldset-legend pb-1">
          {label}
        </label>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {announcesError ? (
        <p id={errorId} aria-live="polite" className="text-error text-sm empty:hidden">
          {error}
        </p>
      ) : (
        error && (
          <p id={errorId} className="text-error text-sm">
            {error}
          </p>
        )
      )}
      {hint && (
        <p id={hintId} className="text-base-content/75 text-sm">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The * after a required field's label, outside it: the control itself tells screen readers (`required`). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-error">
      *
    </span>
  );
}
