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
  /** Renders the control (a select, a textarea, a date picker…) with the props that tie it to the label. */
  children: (control: ControlProps) => ReactNode;
};

/**
 * A label, any control and its error below: the same layout and wiring as FormField, for controls that are
 * not a plain <input>.
 */
export function LabelledControl({ label, error, children }: LabelledControlProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
