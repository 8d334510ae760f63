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
import { useSubmission, type SubmitOptions } from '../../../lib/use-submission';
import { APPLY_LIST_MESSAGES as M } from '../apply-list-messages';
import { REGISTRATION_FORM_FIELDS } from '../registration-failure';
import { InfoField } from './info-field';

export type RegistrationChanges = Pick<Registration, 'firstName' | 'lastName' | 'contact' | 'info'>;

type RegistrationEditFormProps<R> = {
  registration: Registration;
  /** Sends the checked (trimmed) changes. */
  send: (changes: RegistrationChanges) => Promise<R>;
  /** What happens once the server has answered; fields it refused (a 400) are shown beside them. */
  options: Omit<SubmitOptions<R>, 'fields'>;
  onCancel: () => void;
};

/** docs/SPEC.md §2 Update Registration: the race is shown read-only; the runner's own details can change. */
export function RegistrationEditForm<R>({
  registration,
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
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();

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
        void submit(
          event,
          updateRegistrationSchema.safeParse(values),
          // The schema is partial, but every field was sent: the output has them all.
          (changes: UpdateRegistration) => send(changes as RegistrationChanges),
          { ...options, fields: REGISTRATION_FORM_FIELDS },
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
