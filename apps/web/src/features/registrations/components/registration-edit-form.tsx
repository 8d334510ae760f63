import { useState } from 'react';
import {
  checkEntryDetails,
  ENTRY_MESSAGES,
  REGISTRATION_FIELD_LABELS as LABELS,
  REGISTRATION_LIMITS,
  updateRegistrationSchema,
  type Marathon,
  type Registration,
  type UpdateRegistration,
} from '@stride/shared';
import { EntryFormFields } from '../../../components/entry-form/entry-form-fields';
import { ENTRY_FORM_MESSAGES } from '../../../components/entry-form/entry-form-messages';
import {
  changedEntryDetails,
  entryFieldNames,
  entryFormValuesOf,
  entryRulesOf,
  needsWaiverAcceptance,
  withEntryErrors,
  type EntryFormValues,
  type RaceEntryForm,
} from '../../../components/entry-form/entry-form-values';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField } from '../../../components/ui/form-field';
import { formatDay } from '../../../lib/dates';
import { useSubmission, type SubmitOptions } from '../../../lib/use-submission';
import { APPLY_LIST_MESSAGES as M } from '../apply-list-messages';
import { REGISTRATION_FORM_FIELDS } from '../registration-failure';
import { InfoField } from './info-field';

type RegistrationChanges = Pick<Registration, 'firstName' | 'lastName' | 'contact' | 'info'>;

/** The race of the registration as the dialog reads it: its entry form, and until when answers may change. */
export type EditedRace = RaceEntryForm & Pick<Marathon, 'endRegDate'>;

type RegistrationEditFormProps<R> = {
  registration: Registration;
  /**
   * The registration's race, fetched as the dialog opens: undefined while it loads, null when it could not be
   * (then only the runner's name, contact and info can change).
   */
  race: EditedRace | null | undefined;
  /** Sends the checked (trimmed) changes. */
  send: (changes: UpdateRegistration) => Promise<R>;
  /** What happens once the server has answered; fields it refused (a 400) are shown beside them. */
  options: Omit<SubmitOptions<R>, 'fields'>;
  onCancel: () => void;
};

/**
 * docs/SPEC.md §2 Update Registration: the race is shown read-only; the runner's own details can change, and
 * their answers to the race's entry form (issue 31) while its registration window has not closed: only the
 * answers changed are sent, and a newer waiver than the one accepted is to be accepted again.
 */
export function RegistrationEditForm<R>({
  registration,
  race,
  send,
  options,
  onCancel,
}: RegistrationEditFormProps<R>) {
  const [values, setValues] = useState<RegistrationChanges>({
    firstName: registration.firstName,
    lastName: registration.lastName,
    contact: registration.contact,
    info: registration.info,
  });
  const [entry, setEntry] = useState<EntryFormValues>(() => entryFormValuesOf(registration));
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();
  // When the dialog opened: the window may close while it is open (the server then says so).
  const [openedAt] = useState(() => Date.now());
  const isClosed = race != null && openedAt > Date.parse(race.endRegDate);
  const editsEntry = race != null && !isClosed;

  function setField(field: keyof RegistrationChanges, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  const textField = (
    field: 'firstName' | 'lastName' | 'contact',
    props: { autoComplete: string; maxLength: number; inputMode?: 'tel' },
  ) => (
    <FormField
      label={LABELS[field]}
      name={field}
      required
      isRequired
      value={values[field]}
      error={errors[field]}
      onChange={(event) => setField(field, event.target.value)}
      {...props}
    />
  );

  return (
    <form
      ref={formRef}
      noValidate
      className="grid gap-x-4 gap-y-1 sm:grid-cols-2"
      onSubmit={(event) => {
        const entryDetails = editsEntry ? changedEntryDetails(race, entry, registration) : {};
        void submit(
          event,
          withEntryErrors(
            updateRegistrationSchema.safeParse({ ...values, ...entryDetails }),
            editsEntry ? checkEntryDetails(entryRulesOf(race), entryDetails, 'update').errors : [],
          ),
          send,
          { ...options, fields: [...REGISTRATION_FORM_FIELDS, ...(race ? entryFieldNames(race) : [])] },
        );
      }}
    >
      <FormField
        label={M.columns.title}
        name="marathonTitle"
        value={registration.marathonTitle}
        readOnly
        className="bg-base-200"
      />
      <FormField
        label={M.columns.startDate}
        name="marathonDate"
        value={formatDay(registration.marathonDate, registration.marathonTimeZone)}
        readOnly
        className="bg-base-200"
      />
      {textField('firstName', { autoComplete: 'given-name', maxLength: REGISTRATION_LIMITS.name })}
      {textField('lastName', { autoComplete: 'family-name', maxLength: REGISTRATION_LIMITS.name })}
      <div className="sm:col-span-2">
        {textField('contact', {
          autoComplete: 'tel',
          maxLength: REGISTRATION_LIMITS.contactMax,
          inputMode: 'tel',
        })}
      </div>
      <div className="min-w-0 sm:col-span-2">
        <EntryFormPart
          race={race}
          isClosed={isClosed}
          needsWaiver={race != null && needsWaiverAcceptance(race, registration)}
          values={entry}
          errors={errors}
          onChange={(next, field) => {
            setEntry(next);
            clearError(field);
          }}
        />
      </div>
      <div className="sm:col-span-2">
        <InfoField value={values.info} error={errors.info} onChange={(info) => setField('info', info)} />
      </div>
      <div className="mt-4 sm:col-span-2">
        <FormActions
          submitLabel={M.updateSubmit}
          isSubmitting={isSubmitting}
          onCancel={onCancel}
          cancelLabel={M.cancel}
        />
      </div>
    </form>
  );
}

/** The entry form's part of the dialog: loading, not loaded, closed to changes (shown read-only), or to edit. */
function EntryFormPart({
  race,
  isClosed,
  needsWaiver,
  values,
  errors,
  onChange,
}: {
  race: EditedRace | null | undefined;
  isClosed: boolean;
  needsWaiver: boolean;
  values: EntryFormValues;
  errors: Partial<Record<string, string>>;
  onChange: (values: EntryFormValues, field: string) => void;
}) {
  if (race === undefined) {
    return (
      <p role="status" className="text-base-content/75 flex items-center gap-2 text-sm">
        <span className="loading loading-spinner loading-sm" aria-hidden />
        {ENTRY_FORM_MESSAGES.loading}
      </p>
    );
  }
  if (race === null) return <p className="text-base-content/75 text-sm">{ENTRY_FORM_MESSAGES.loadFailed}</p>;
  if (entryFieldNames(race).length === 0) return null;
  return (
    <>
      {isClosed && <p className="text-base-content/75 text-sm">{ENTRY_MESSAGES.closed}</p>}
      {!isClosed && needsWaiver && (
        <p className="alert alert-info text-sm">{ENTRY_FORM_MESSAGES.newWaiver}</p>
      )}
      <EntryFormFields
        race={race}
        values={values}
        errors={errors}
        onChange={onChange}
        preview={isClosed}
        asksWaiver={!isClosed && needsWaiver}
      />
    </>
  );
}
