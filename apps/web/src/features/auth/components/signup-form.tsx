import { useState, type FormEvent } from 'react';
import { signUpSchema, type SignUpInput } from '@stride/shared';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { PasswordField } from '../../../components/ui/password-field';
import { loadAuthClient } from '../../../lib/auth-client';
import { describeAuthError } from '../auth-errors';
import { AUTH_MESSAGES } from '../messages';
import { useAuthSuccess } from '../use-auth-success';
import { captureRetryAfter } from '../use-retry-after';

type FieldErrors = Partial<Record<keyof SignUpInput, string>>;

const EMPTY_FORM: SignUpInput = { name: '', email: '', photoURL: '', password: '' };

export function SignUpForm() {
  const onSuccess = useAuthSuccess();
  const [values, setValues] = useState<SignUpInput>(EMPTY_FORM);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const bind = (field: keyof SignUpInput) => ({
    name: field,
    value: values[field],
    error: fieldErrors[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof SignUpInput;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setIsSubmitting(true);
    const { name, email, photoURL, password } = parsed.data;
    const retryAfter = captureRetryAfter();
    const { error: signUpError } = await (
      await loadAuthClient()
    ).signUp.email({ name, email, password, ...(photoURL && { image: photoURL }) }, retryAfter.fetchOptions);
    setIsSubmitting(false);
    if (signUpError) {
      const message = describeAuthError(signUpError, retryAfter.seconds);
      setError(message);
      window.alert(message); // SPEC.md §8: the reason is shown in a browser alert
      return;
    }
    await onSuccess(AUTH_MESSAGES.signUpSuccess);
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-2" noValidate>
      <FormField label="Name" type="text" autoComplete="name" required {...bind('name')} />
      <FormField label="Email" type="email" autoComplete="email" required {...bind('email')} />
      <FormField
        label="Photo URL"
        type="text"
        inputMode="url"
        autoComplete="photo"
        placeholder="https://…"
        {...bind('photoURL')}
      />
      <PasswordField autoComplete="new-password" required {...bind('password')} />
      <FormError message={error} />
      <SubmitButton isSubmitting={isSubmitting}>Register</SubmitButton>
    </form>
  );
}
