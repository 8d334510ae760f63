import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import {
  checkEntryDetails,
  createRegistrationSchema,
  isSoldOut,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_LIMITS,
  TIMERS,
} from '@stride/shared';
import type { Marathon, Registration } from '@stride/shared';
import { EntryFormFields } from '../../../components/entry-form/entry-form-fields';
import { ENTRY_FORM_MESSAGES } from '../../../components/entry-form/entry-form-messages';
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
import { formatDateTime } from '../../../lib/dates';
import { useSubmission, type SubmitFailure } from '../../../lib/use-submission';
import { WAITLIST_MESSAGES } from '../../../lib/waitlist-messages';
import { createRegistration } from '../api/registrations-api';
import {
  REGISTRATION_FORM_FIELDS,
  registrationFailureOf,
  type RegistrationField,
} from '../registration-failure';
import { REGISTRATION_FORM_MESSAGES as M } from '../registration-messages';
import { InfoField } from './info-field';

type Values = Record<RegistrationField, string>;

const EMPTY_FORM: Values = { firstName: '', lastName: '', contact: '', info: '' };
const L = REGISTRATION_FIELD_LABELS;

/**
 * The registration form of docs/SPEC.md §2: the runner's email and the race shown read-only, then their name,
 * contact, what the race's entry form asks (issue 31), and an optional note. Checked with the API's own schema
 * and the race's form rules before sending, every problem beside its field; on success a short alert,
 * then their registrations (docs/SPEC.md §4). For a sold-out race it says it is a waitlist entry and asks for one
 * (`waitlist: true`); the alert then gives the runner's place in line.
 */
export function RegistrationForm({ marathon, email }: { marathon: Marathon; email: string }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const joinsWaitlist = isSoldOut(marathon);
  const [values, setValues] = useState<Values>(EMPTY_FORM);
  const [entry, setEntry] = useState<EntryFormValues>(EMPTY_ENTRY_FORM_VALUES);
  const [formError, setFormError] = useState<string | null>(null);
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();

  const bind = (field: RegistrationField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  function handleFailure(failure: SubmitFailure) {
    const described = registrationFailureOf(failure);
    if (described.kind === 'fields') return; // not a SubmitFailure: the hook shows those beside the fields
    setFormError(described.message);
    if (described.kind === 'refused') {
      // The race may have filled up (or closed) meanwhile: show it as it is now, e.g. with its waitlist.
      void revalidator.revalidate();
      void showAlert({ icon: 'error', title: M.refusedTitle, text: described.message });
    } else {
      window.alert(M.unexpected); // docs/SPEC.md §8: a failed registration says so in a browser alert
    }
  }

  function handleDone(registration: Registration) {
    setValues(EMPTY_FORM);
    setEntry(EMPTY_ENTRY_FORM_VALUES);
    // Asked for the waitlist, the runner still gets a place when one opened up meanwhile: say what they got.
    const isWaitlisted = registration.status === 'waitlisted';
    void showAlert({
      icon: 'success',
      title: isWaitlisted ? M.waitlistedTitle : M.successTitle,
      text: isWaitlisted
        ? WAITLIST_MESSAGES.onWaitlist(registration.waitlistPosition)
        : M.successText(marathon.title),
      timer: TIMERS.registrationAlertMs,
    });
    navigate(paths.myApplies.href);
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        setFormError(null);
        const entryDetails = toEntryDetails(marathon, entry);
        void submit(
          event,
          withEntryErrors(
            createRegistrationSchema.safeParse({
              marathonId: marathon._id,
              ...values,
              ...entryDetails,
              ...(joinsWaitlist ? { waitlist: true } : {}),
            }),
            checkEntryDetails(entryRulesOf(marathon), entryDetails, 'create').errors,
          ),
          createRegistration,
          {
            fields: [...REGISTRATION_FORM_FIELDS, ...entryFieldNames(marathon)],
            onDone: handleDone,
            onFailure: handleFailure,
            revalidate: false,
          },
        );
      }}
      className="space-y-2"
      noValidate
    >
      {joinsWaitlist && (
        <p role="note" className="alert alert-info">
          {M.waitlistNotice}
        </p>
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label={M.email} type="email" value={email} readOnly className="bg-base-200" />
        <FormField
          label={M.startDate}
          type="text"
          value={formatDateTime(marathon.startDate, marathon.timeZone)}
          readOnly
          className="bg-base-200"
        />
      </div>
      <FormField
        label={M.marathonTitle}
        type="text"
        value={marathon.title}
        readOnly
        className="bg-base-200"
      />
      <p className="text-base-content/75 text-sm">{ENTRY_FORM_MESSAGES.requiredNote}</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField
          label={L.firstName}
          type="text"
          autoComplete="given-name"
          // The first field to fill in: the read-only ones above it are facts of the race and the account.
          autoFocus
          required
          isRequired
          maxLength={REGISTRATION_LIMITS.name}
          {...bind('firstName')}
        />
        <FormField
          label={L.lastName}
          type="text"
          autoComplete="family-name"
          required
          isRequired
          maxLength={REGISTRATION_LIMITS.name}
          {...bind('lastName')}
        />
      </div>
      <FormField
        label={L.contact}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        isRequired
        maxLength={REGISTRATION_LIMITS.contactMax}
        {...bind('contact')}
      />
      <EntryFormFields
        race={marathon}
        values={entry}
        errors={errors}
        onChange={(next, field) => {
          setEntry(next);
          clearError(field);
        }}
      />
      <InfoField
        value={values.info}
        error={errors.info}
        onChange={(info) => setValues((current) => ({ ...current, info }))}
      />
      <FormError message={formError} />
      <SubmitButton isSubmitting={isSubmitting}>{joinsWaitlist ? M.submitWaitlist : M.submit}</SubmitButton>
    </form>
  );
}
