import { type ReactNode, useId } from 'react';

/**
 * A group of radio buttons or checkboxes under a legend, in a row that wraps, with its error and hint beneath,
 * both describing the group. `children` renders the choices, given whether the group is in error.
 */
export function ChoiceFieldset({
  legend,
  error,
  hint,
  children,
}: {
  legend: string;
  error: string | undefined;
  hint: string;
  children: (invalid: boolean) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <fieldset
      className="fieldset min-w-0"
      aria-describedby={[error && errorId, hintId].filter(Boolean).join(' ')}
    >
      <legend className="fieldset-legend text-base">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">{children(Boolean(error))}</div>
      {error && (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      )}
      <p id={hintId} className="text-base-content/75 text-sm">
        {hint}
      </p>
    </fieldset>
  );
}
