import type { InputHTMLAttributes, ReactNode } from 'react';
import { LabelledControl } from './labelled-control';

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  /** A short help text below the input, read out with it. */
  hint?: string | undefined;
  /** Marks the label with a * (pass `required` too). */
  isRequired?: boolean | undefined;
  /** The error appears as the user types: screen readers announce it. */
  announcesError?: boolean | undefined;
  /** Rendered inside the input's row, after it (e.g. a show/hide button). */
  addon?: ReactNode;
};

/** A labelled input with its error below; the label is a real <label> so it names the input. */
export function FormField({
  label,
  error,
  hint,
  isRequired,
  announcesError,
  addon,
  className,
  ...inputProps
}: FormFieldProps) {
  const errorClass = error ? 'input-error' : '';
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      isRequired={isRequired}
      announcesError={announcesError}
    >
      {(control) =>
        addon ? (
          <div className={`input w-full ${errorClass}`}>
            <input {...control} className="grow" {...inputProps} />
            {addon}
          </div>
        ) : (
          <input {...control} className={`input w-full ${errorClass} ${className ?? ''}`} {...inputProps} />
        )
      }
    </LabelledControl>
  );
}
