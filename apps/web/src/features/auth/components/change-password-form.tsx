import { useState } from 'react';
import { PASSWORD_HINT, changePasswordSchema } from '@stride/shared';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { PasswordField } from '../../../components/ui/password-field';
import { showAlert } from '../../../lib/alerts';
import { callAuth } from '../../../lib/call-auth';
import { useSubmission } from '../../../lib/use-submission';
import { describeAuthError } from '../auth-errors';
import { AUTH_MESSAGES } from '../messages';

/**
 * Settings: a new password, given the current one, under docs/SPEC.md §5's rules. The server ends every other
 * session of the account (plugins/auth/auth-bridge.ts); this one carries on.
 */
export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { formRef, errors, isSubmitting, submit } = useSubmission();

  return (
    <form
      ref={formRef}
      aria-labelledby="change-password-heading"
      onSubmit={(event) => {
        setError(null);
        void submit(
          event,
          changePasswordSchema.safeParse({ currentPassword, newPassword }),
          (input) => callAuth((client) => client.changePassword({ ...input, revokeOtherSessions: true })),
          {
            revalidate: false,
            onDone: () => {
              setCurrentPassword('');
              setNewPassword('');
              void showAlert({
                icon: 'success',
                title: AUTH_MESSAGES.passwordUpdatedTitle,
                text: AUTH_MESSAGES.passwordUpdated,
                timer: 2000,
              });
            },
            onFailure: (failure) => setError(describeAuthError(failure)),
          },
        );
      }}
      className="max-w-lg space-y-2"
      noValidate
    >
      <h2 id="change-password-heading" className="text-xl font-bold">
        Change password
      </h2>
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        required
        value={currentPassword}
        error={errors.currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        value={newPassword}
        error={errors.newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <FormError message={error} />
      <SubmitButton isSubmitting={isSubmitting}>Change password</SubmitButton>
    </form>
  );
}
