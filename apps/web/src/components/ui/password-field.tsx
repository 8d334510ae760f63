import { useState, type InputHTMLAttributes } from 'react';
import { FormField } from './form-field';
import { EyeIcon, EyeOffIcon } from './form-icons';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label?: string;
  error?: string | undefined;
  /** The rules a new password must follow, shown under it before the first try. */
  hint?: string | undefined;
};

/** A password input with a show/hide toggle (docs/SPEC.md §2 sign-up). */
export function PasswordField({ label = 'Password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      label={label}
      type={visible ? 'text' : 'password'}
      {...props}
      addon={
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-circle"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          // "Show"/"Hide" rather than "Show password": the field's label must stay the only "Password".
          aria-label={visible ? 'Hide' : 'Show'}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
