import { InfoField } from './info-field';
import { useState } from 'react';
import {
  REGISTRATION_FIELD_LABELS as LABELS,
  REGISTRATION_LIMITS,
  updateRegistrationSchema,
  type Registration,
  type UpdateRegistration,
} from '@stride/shared';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField } from '../../../components/ui/form-field';
import { formatDay } from '../../../lib/dates';
import type { FieldErrors } from '../../../lib/form-errors';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { APPLY_LIST_MESSAGES as M } from '../apply-list-messages';

export type RegistrationChanges = Pick<Registration, 'firstName' | 'lastName' | 'contact' | 'info'>;

type RegistrationEditFormProps = {
  registration: Registration;
  /** Called with the checked (trimmed) changes; resolves with the fields the server refused, or nothing. */
  onSubmit: (changes: RegistrationChanges) => Promise<FieldErrors | void>;
  onCancel: () => void;
};

/** SPEC.md §2 Update Registration: the race is shown read-only; the runner's own details can change. */
export function RegistrationEditForm({ registration, onSubmit, onCancel }: RegistrationEditFormProps) {
  const [values, setValues] = useState<RegistrationChanges>({
    firstName: registration.firstName,
    lastName: registration.lastName,
    contact: registration.contact,
    info: registration.info,
  });
  const { formRef, errors, isSubmitting, submit, clearError } = useFormSubmission();

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
      onSubmit={(event) =>
        void submit(event, updateRegistrationSchema.safeParse(values), (changes: UpdateRegistration) =>
          // The schema is partial, but every field was sent: the output has them all.
          onSubmit(changes as RegistrationChanges),
        )
      }
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
        value={formatDay(registration.marathonDate)}
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
