import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  TIMERS,
  acceptTransferSchema,
  checkEntryDetails,
  type Marathon,
  type Registration,
} from '@stride/shared';
import {
  EMPTY_ENTRY_FORM_VALUES,
  entryFieldNames,
  entryRulesOf,
  toEntryDetails,
  withEntryErrors,
  type EntryFormValues,
} from '../../../components/entry-form/entry-form-values';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { showAlert } from '../../../lib/alerts';
import { useSubmission, type SubmitFailure } from '../../../lib/use-submission';
import { acceptTransfer } from '../api/transfers-api';
import { REGISTRATION_FORM_FIELDS } from '../registration-failure';
import { REGISTRATION_FORM_MESSAGES, TRANSFER_ACCEPT_MESSAGES as M } from '../registration-messages';
import { EMPTY_RUNNER_VALUES, RunnerDetailsFields, type RunnerValues } from './runner-details-fields';

/**
 * Taking a place offered to the signed-in runner (issue 35): their e-mail read-only, then what the race's
 * registration form asks (names, contact, the entry form, the note), checked with the API's own schema and the
 * race's form rules before sending. Accepted, a short alert, then their registrations; refused (already entered,
 * the offer gone meanwhile), the server's reason on the form and in an alert.
 */
export function TransferAcceptForm({ token, race, email }: { token: string; race: Marathon; email: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<RunnerValues>(EMPTY_RUNNER_VALUES);
  const [entry, setEntry] = useState<EntryFormValues>(EMPTY_ENTRY_FORM_VALUES);
  const [formError, setFormError] = useState<string | null>(null);
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();

  function handleFailure(failure: SubmitFailure) {
    // A refusal in the server's words: already entered in the race (409), the offer gone meanwhile (410).
    const message = failure.kind === 'refused' ? failure.message : REGISTRATION_FORM_MESSAGES.unexpected;
    setFormError(message);
    void showAlert({ icon: 'error', title: M.refusedTitle, text: message });
  }

  function handleDone(registration: Registration) {
    void showAlert({
      icon: 'success',
      title: M.acceptedTitle,
      text: M.acceptedText(registration.marathonTitle),
      timer: TIMERS.registrationAlertMs,
    });
    navigate(paths.myApplies.href);
  }

  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        setFormError(null);
        const entryDetails = toEntryDetails(race, entry);
        void submit(
          event,
          withEntryErrors(
            acceptTransferSchema.safeParse({ ...values, ...entryDetails }),
            checkEntryDetails(entryRulesOf(race), entryDetails, 'create').errors,
          ),
          (input) => acceptTransfer(token, input),
          {
            fields: [...REGISTRATION_FORM_FIELDS, ...entryFieldNames(race)],
            onDone: handleDone,
            onFailure: handleFailure,
            revalidate: false,
          },
        );
      }}
    >
      <FormField
        label={REGISTRATION_FORM_MESSAGES.email}
        type="email"
        value={email}
        readOnly
        className="bg-base-200"
      />
      <RunnerDetailsFields
        race={race}
        values={values}
        entry={entry}
        errors={errors}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        onEntryChange={(next, field) => {
          setEntry(next);
          clearError(field);
        }}
      />
      <FormError message={formError} />
      <SubmitButton isSubmitting={isSubmitting}>{M.submit}</SubmitButton>
    </form>
  );
}
