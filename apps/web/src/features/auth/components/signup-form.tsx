import { useState } from 'react';
import { PASSWORD_HINT, signUpSchema, type SignUpInput } from '@stride/shared';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { PasswordField } from '../../../components/ui/password-field';
import { callAuth } from '../../../lib/call-auth';
import { useSubmission } from '../../../lib/use-submission';
import { describeAuthError } from '../auth-errors';
import { AUTH_MESSAGES } from '../messages';
import { useAuthSuccess } from '../use-auth-success';
import { captureRetryAfter } from '../use-retry-after';

const EMPTY_FORM: SignUpInput = { name: '', email: '', photoURL: '', password: '' };
const FIELDS = Object.keys(EMPTY_FORM);

export function SignUpForm() {
  const onSuccess = useAuthSuccess();
  const [values, setValues] = useState<SignUpInput>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const { formRef, errors, isSubmitting, submit } = useSubmission();

  const bind = (field: keyof SignUpInput) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        setError(null);
        const retryAfter = captureRetryAfter();
        void submit(
          event,
          signUpSchema.safeParse(values),
          ({ name, email, photoURL, password }) =>
            callAuth((client) =>
              client.signUp.email(
                { name, email, password, ...(photoURL && { image: photoURL }) },
                retryAfter.fetchOptions,
              ),
            ),
          {
            fields: FIELDS,
            revalidate: false,
            onDone: () => onSuccess(AUTH_MESSAGES.signUpSuccess),
            onFailure: (failure) => {
              const message = describeAuthError(failure, retryAfter.seconds);
              setError(message);
              window.alert(message); // docs/SPEC.md §8: the reason is shown in a browser alert
            },
          },
        );
      }}
      className="space-y-2"
      noValidate
    >
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
      <PasswordField autoComplete="new-password" required hint={PASSWORD_HINT} {...bind('password')} />
      <FormError message={error} />
      <SubmitButton isSubmitting={isSubmitting}>Register</SubmitButton>
    </form>
  );
}
