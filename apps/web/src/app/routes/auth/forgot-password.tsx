import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { describeAuthError } from '../../../features/auth/auth-errors';
import { AUTH_MESSAGES } from '../../../features/auth/messages';
import { showAlert } from '../../../lib/alerts';
import { callAuth } from '../../../lib/call-auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { checkedValues, useSubmission } from '../../../lib/use-submission';

/** Receives the typed email in navigation state (docs/SPEC.md §2) and mails a reset link. */
export function Component() {
  useDocumentTitle('Forgot Password');
  const initialEmail = (useLocation().state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const { formRef, isSubmitting, submit } = useSubmission();

  return (
    <AuthCard title="Reset your password">
      <p className="text-base-content/80 text-sm">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <form
        ref={formRef}
        onSubmit={(event) => {
          setError(null);
          void submit(
            event,
            checkedValues({ email }, {}),
            (request) =>
              callAuth((client) =>
                client.requestPasswordReset({ ...request, redirectTo: paths.resetPassword.href }),
              ),
            {
              revalidate: false,
              // The same answer whether or not an account exists, so the form reveals nobody's address.
              onDone: () => {
                setIsSent(true);
                void showAlert({
                  icon: 'success',
                  title: 'Check your inbox',
                  text: AUTH_MESSAGES.resetLinkSent,
                });
              },
              onFailure: (failure) => setError(describeAuthError(failure)),
            },
          );
        }}
        className="space-y-2"
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
        {isSent && (
          <p role="status" className="text-success font-medium">
            {AUTH_MESSAGES.resetLinkSent}
          </p>
        )}
        <FormError message={error} />
        <SubmitButton isSubmitting={isSubmitting}>Send reset link</SubmitButton>
      </form>
      <p className="text-center text-sm">
        <Link to={paths.login.href} className="link link-primary">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
