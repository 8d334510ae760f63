import { useState } from 'react';
import { changeEmailSchema } from '@stride/shared';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { callAuth } from '../../../lib/call-auth';
import { useSubmission } from '../../../lib/use-submission';
import { describeAuthError } from '../auth-errors';
import { AUTH_MESSAGES } from '../messages';

/**
 * Settings: a new e-mail address. The server mails a link to it; the address changes when the link is followed,
 * which leads back to `returnTo` (the settings page, which then says how it went).
 */
export function ChangeEmailForm({ currentEmail, returnTo }: { currentEmail: string; returnTo: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { formRef, errors, isSubmitting, submit } = useSubmission();

  return (
    <form
      ref={formRef}
      aria-labelledby="change-email-heading"
      onSubmit={(event) => {
        setError(null);
        setSentTo(null);
        void submit(
          event,
          changeEmailSchema.safeParse({ newEmail: newEmail.trim() }),
          async (input) => {
            await callAuth((client) => client.changeEmail({ ...input, callbackURL: returnTo }));
            return input.newEmail;
          },
          {
            revalidate: false,
            onDone: (sent) => {
              setSentTo(sent);
              setNewEmail('');
            },
            onFailure: (failure) => setError(describeAuthError(failure)),
          },
        );
      }}
      className="max-w-lg space-y-2"
      noValidate
    >
      <h2 id="change-email-heading" className="text-xl font-bold">
        Change e-mail
      </h2>
      <p>
        Your address is <strong>{currentEmail}</strong>.
      </p>
      <FormField
        label="New e-mail address"
        name="newEmail"
        type="email"
        autoComplete="email"
        required
        value={newEmail}
        error={errors.newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
      />
      <FormError message={error} />
      <p role="status" className="min-h-6">
        {sentTo && AUTH_MESSAGES.emailLinkSent(sentTo)}
      </p>
      <SubmitButton isSubmitting={isSubmitting}>Send the link</SubmitButton>
    </form>
  );
}
