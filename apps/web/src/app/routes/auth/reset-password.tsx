import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { findPasswordProblem } from '@stride/shared';
import { AuthCard } from '../../../components/layout/auth-card';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { describeAuthError } from '../../../features/auth/auth-errors';
import { AUTH_MESSAGES } from '../../../features/auth/messages';
import { showAlert } from '../../../lib/alerts';
import { loadAuthClient } from '../../../lib/auth-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The mailed link lands here with `?token=` (or `?error=INVALID_TOKEN` when better-auth refused it). */
export function Component() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(
    token && !params.get('error') ? null : AUTH_MESSAGES.resetLinkInvalid,
  );
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = findPasswordProblem(password);
    setFieldError(problem ?? undefined);
    if (problem || !token) return;
    setError(null);
    setIsSubmitting(true);
    const { error: resetError } = await (
      await loadAuthClient()
    ).resetPassword({ newPassword: password, token });
    setIsSubmitting(false);
    if (resetError) {
      setError(
        resetError.code === 'INVALID_TOKEN' ? AUTH_MESSAGES.resetLinkInvalid : describeAuthError(resetError),
      );
      return;
    }
    await showAlert({
      icon: 'success',
      title: 'Password changed',
      text: AUTH_MESSAGES.passwordChanged,
      timer: 2000,
    });
    navigate(paths.login, { replace: true });
  }

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={handleSubmit} className="space-y-2" noValidate>
        <PasswordField
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={password}
          error={fieldError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton isSubmitting={isSubmitting}>Set new password</SubmitButton>
      </form>
      <p className="text-center text-sm">
        <Link to={paths.forgotPassword} className="link link-primary">
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
