import { useState } from 'react';
import { Link } from 'react-router';
import { type AccountDeletionPreview, ACCOUNT_MESSAGES } from '@stride/shared';
import { FormError } from '../../../components/ui/form-controls';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { confirmDelete } from '../../../lib/alerts';
import { DELETE_CONFIRM } from '../../../lib/record-messages';
import { checkedValues, useSubmission } from '../../../lib/use-submission';
import { deleteMyAccount } from '../api/account-api';
import { ACCOUNT_TEXTS as M, deletionSummary } from '../messages';

/**
 * Settings' danger zone: what deleting the account would remove (or which races stop it), the password (or, for
 * an account that signs in with Google only, a recent sign-in), docs/SPEC.md §8's 'Are you sure?' with what will
 * happen below it, then `onDeleted` (the screen signs out and leaves).
 */
export function DeleteAccount({
  preview,
  onDeleted,
}: {
  preview: AccountDeletionPreview;
  onDeleted: () => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { formRef, errors, isSubmitting, submit } = useSubmission();
  const summary = deletionSummary(preview.registrations, preview.racesWithoutRunners);
  const blocking = preview.racesWithRunners.map((race) => race.title);

  return (
    <form
      ref={formRef}
      aria-labelledby="delete-account-heading"
      className="border-error rounded-box max-w-lg space-y-3 border-2 p-4"
      noValidate
      onSubmit={(event) => {
        setError(null);
        void submit(
          event,
          checkedValues(
            { password: preview.hasPassword ? password : undefined },
            { password: preview.hasPassword && !password ? ACCOUNT_MESSAGES.passwordRequired : undefined },
          ),
          async (input) => {
            if (!(await confirmDelete({ ...DELETE_CONFIRM, detail: summary }))) return null;
            return deleteMyAccount(input);
          },
          {
            fields: ['password'],
            revalidate: false,
            onDone: async (deleted) => {
              if (deleted) await onDeleted();
            },
            onFailure: (failure) =>
              setError(failure.kind === 'refused' ? failure.message : M.deleteFailedTitle),
          },
        );
      }}
    >
      <h2 id="delete-account-heading" className="text-xl font-bold">
        {M.deleteHeading}
      </h2>
      <p>{summary}</p>
      {blocking.length > 0 && (
        <div className="space-y-1">
          <p className="font-semibold">{M.blockingIntro}</p>
          <ul className="list-inside list-disc">
            {blocking.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
          <Link to={paths.myMarathons.href} className="link">
            {M.manageRaces}
          </Link>
        </div>
      )}
      {preview.hasPassword ? (
        <PasswordField
          label={M.passwordLabel}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
      ) : (
        <p>{M.googleOnly}</p>
      )}
      <FormError message={error} />
      <button type="submit" className="btn btn-error" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden />}
        {M.deleteButton}
      </button>
    </form>
  );
}
