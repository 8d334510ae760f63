import { REGISTRATION_FIELD_LABELS as L, REGISTRATION_LIMITS, type Marathon } from '@stride/shared';
import { EntryFormFields } from '../../../components/entry-form/entry-form-fields';
import { ENTRY_FORM_MESSAGES } from '../../../components/entry-form/entry-form-messages';
import type { EntryFormValues } from '../../../components/entry-form/entry-form-values';
import { FormField } from '../../../components/ui/form-field';
import type { FieldErrors } from '../../../lib/form-errors';
import type { RegistrationField } from '../registration-failure';
import { InfoField } from './info-field';

/** The runner's own fields as typed: names, contact, the optional note. */
export type RunnerValues = Record<RegistrationField, string>;

export const EMPTY_RUNNER_VALUES: RunnerValues = { firstName: '', lastName: '', contact: '', info: '' };

/**
 * What a runner fills in to enter a race, inside the caller's <form>: their name and contact, what the race's
 * entry form asks (issue 31), and an optional note; each error beside its field. The registration form and the
 * form that accepts a transferred place (issue 35) both ask it.
 */
export function RunnerDetailsFields({
  race,
  values,
  entry,
  errors,
  onChange,
  onEntryChange,
}: {
  race: Marathon;
  values: RunnerValues;
  entry: EntryFormValues;
  errors: FieldErrors;
  onChange: (field: RegistrationField, value: string) => void;
  /** The entry form's values after a change, and the field changed (as errors name it). */
  onEntryChange: (entry: EntryFormValues, field: string) => void;
}) {
  const bind = (field: RegistrationField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <>
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
      <EntryFormFields race={race} values={entry} errors={errors} onChange={onEntryChange} />
      <InfoField value={values.info} error={errors.info} onChange={(info) => onChange('info', info)} />
    </>
  );
}
