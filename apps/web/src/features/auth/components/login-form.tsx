import { useState } from 'react';
import { Link } from 'react-router';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/alerts';
import { callAuth } from '../../../lib/call-auth';
import { checkedValues, useSubmission } from '../../../lib/use-submission';
import { describeAuthError } from '../auth-errors';
import { AUTH_MESSAGES } from '../messages';
import { useAuthSuccess } from '../use-auth-success';
import { captureRetryAfter } from '../use-retry-after';

export function LoginForm() {
  const onSuccess = useAuthSuccess();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { formRef, isSubmitting, submit } = useSubmission();

  return (
    <form
      ref={formRef}
      // The browser checks the two required fields (docs/SPEC.md §5) before this runs.
      onSubmit={(event) => {
        setError(null);
        const retryAfter = captureRetryAfter();
        void submit(
          event,
          checkedValues({ email, password }, {}),
          (credentials) => callAuth((client) => client.signIn.email(credentials, retryAfter.fetchOptions)),
          {
            revalidate: false,
            onDone: () => onSuccess(AUTH_MESSAGES.loginSuccess),
            onFailure: (failure) => {
              const message = describeAuthError(failure, retryAfter.seconds);
              setError(message);
              void showToast('warning', message);
            },
          },
        );
      }}
      className="space-y-2"
      noValidate={false}
    >
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="text-right">
        <Link to={paths.forgotPassword.href} state={{ email }} className="link link-hover text-sm">
          Forgot password?
        </Link>
      </div>
      <FormError message={error} />
      <SubmitButton isSubmitting={isSubmitting}>Login</SubmitButton>
    </form>
  );
}
