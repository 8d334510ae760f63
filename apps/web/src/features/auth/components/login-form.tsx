import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/alerts';
import { loadAuthClient } from '../../../lib/auth-client';
import { describeAuthError } from '../auth-errors';
import { AUTH_MESSAGES } from '../messages';
import { useAuthSuccess } from '../use-auth-success';
import { captureRetryAfter } from '../use-retry-after';

export function LoginForm() {
  const onSuccess = useAuthSuccess();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setIsSubmitting(true);
    const retryAfter = captureRetryAfter();
    const { error: signInError } = await (
      await loadAuthClient()
    ).signIn.email({ email, password }, retryAfter.fetchOptions);
    setIsSubmitting(false);
    if (signInError) {
      const message = describeAuthError(signInError, retryAfter.seconds);
      setError(message);
      void showToast('warning', message);
      return;
    }
    await onSuccess(AUTH_MESSAGES.loginSuccess);
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-2" noValidate={false}>
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
        <Link to={paths.forgotPassword} state={{ email }} className="link link-hover text-sm">
          Forgot password?
        </Link>
      </div>
      <FormError message={error} />
      <SubmitButton isSubmitting={isSubmitting}>Login</SubmitButton>
    </form>
  );
}
