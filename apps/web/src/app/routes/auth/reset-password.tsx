import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { findPasswordProblem } from '@stride/shared';
import { AuthCard } from '../../../components/layout/auth-card';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { describeAuthError } from '../../../features/auth/auth-errors';
import { AUTH_MESSAGES } from '../../../features/auth/messages';
import { showAlert } from '../../../lib/alerts';
import { callAuth } from '../../../lib/call-auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { checkedValues, useSubmission } from '../../../lib/use-submission';

/** The mailed link lands here with `?token=` (or `?error=INVALID_TOKEN` when better-auth refused it). */
export function Component() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(
    token && !params.get('error') ? null : AUTH_MESSAGES.resetLinkInvalid,
  );
  const { formRef, errors, isSubmitting, submit } = useSubmission();

  return (
    <AuthCard title="Choose a new password">
      <form
        ref={formRef}
        onSubmit={(event) => {
          const problem = findPasswordProblem(password);
          // Without a token the form already says the link is invalid: nothing to send.
          if (!token && !problem) {
            event.preventDefault();
            return;
          }
          void submit(
            event,
            checkedValues({ newPassword: password }, { newPassword: problem ?? undefined }),
            ({ newPassword }) => {
              setError(null);
              return callAuth((client) => client.resetPassword({ newPassword, token: token ?? '' }));
            },
            {
              revalidate: false,
              onDone: async () => {
                await showAlert({
                  icon: 'success',
                  title: 'Password changed',
                  text: AUTH_MESSAGES.passwordChanged,
                  timer: 2000,
                });
                await navigate(paths.login.href, { replace: true });
              },
              onFailure: (failure) =>
                setError(
                  failure.code === 'INVALID_TOKEN'
                    ? AUTH_MESSAGES.resetLinkInvalid
                    : describeAuthError(failure),
                ),
            },
          );
        }}
        className="space-y-2"
        noValidate
      >
        <PasswordField
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={password}
          error={errors.newPassword}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton isSubmitting={isSubmitting}>Set new password</SubmitButton>
      </form>
      <p className="text-center text-sm">
        <Link to={paths.forgotPassword.href} className="link link-primary">
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
