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
  /** Renders the control (a select, a textarea, a date picker…) with the props that tie it to the label. */
  children: (control: ControlProps) => ReactNode;
};

/**
 * A label, any control and its error below: the same layout and wiring as FormField, for controls that are
 * not a plain <input>.
 */
export function LabelledControl({ label, error, hint, children }: LabelledControlProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The error first: it is what the user has to act on.
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-base-content/75 text-sm">
          {hint}
        </p>
      )}
    </div>
  );
}
