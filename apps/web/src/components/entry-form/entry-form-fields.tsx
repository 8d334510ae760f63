import { useId, type ReactNode } from 'react';
import {
  ENTRY_FIELD_LABELS as L,
  ENTRY_FORM_LIMITS,
  ENTRY_MESSAGES,
  GENDERS,
  REGISTRATION_LIMITS,
  type FieldCollection,
  yearsBefore,
} from '@stride/shared';
import { FormField } from '../ui/form-field';
import { LabelledControl, RequiredMark } from '../ui/labelled-control';
import type { FieldErrors } from '../../lib/form-errors';
import { ENTRY_FORM_MESSAGES as M } from './entry-form-messages';
import {
  dateOfBirthCollection,
  EMPTY_ENTRY_FORM_VALUES,
  raceDayOf,
  tooYoungMessage,
  type EntryFormLayout,
  type EntryFormValues,
} from './entry-form-values';

type EntryFormFieldsProps = {
  /** The race's form: a race from the API, or the organizer's draft for the preview. */
  race: EntryFormLayout;
  values?: EntryFormValues | undefined;
  /** The values after a change, and the field changed (as errors name it, e.g. `answers.q1x2`). */
  onChange?: ((values: EntryFormValues, field: string) => void) | undefined;
  /** By field as the API names them: `dateOfBirth`, `emergencyContact.phone`, `answers.{id}`, `waiverAccepted`. */
  errors?: FieldErrors | undefined;
  /** Read-only and nameless, as the organizer's form builder shows what runners will see. */
  preview?: boolean | undefined;
  /** Whether the waiver is shown to accept: by default when the race has one (the Update dialog: a newer one). */
  asksWaiver?: boolean | undefined;
};

/** Today in this browser, YYYY-MM-DD: the latest day of birth the picker offers. */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The entry form of issue 31 as a runner fills it in: exactly what the race collects, grouped (about you,
 * emergency contact, the organizer's questions, the waiver), required fields marked, each error beside its
 * field. A date of birth too young for the race says so at once. Placed inside the caller's <form>.
 */
export function EntryFormFields({
  race,
  values = EMPTY_ENTRY_FORM_VALUES,
  onChange,
  errors = {},
  preview = false,
  asksWaiver = race.waiver !== null,
}: EntryFormFieldsProps) {
  const fields = race.registrationFields;
  const dateOfBirth = dateOfBirthCollection(race);
  const collects = (collection: FieldCollection) => collection !== 'off';
  const isRequired = (collection: FieldCollection) => collection === 'required';
  const set = (field: string, change: Partial<EntryFormValues>) =>
    onChange?.({ ...values, ...change }, field);
  const setAnswer = (id: string, answer: string | boolean) =>
    set(`answers.${id}`, { answers: { ...values.answers, [id]: answer } });
  /** A preview's controls are shown, not used; a real form's carry their field's name. */
  const use = (name: string) => (preview ? { disabled: true } : { name });

  const today = localToday();
  const raceDay = raceDayOf(race);
  const tooYoung = preview ? null : tooYoungMessage(race, values.dateOfBirth);
  const hasAboutYou = [dateOfBirth, fields.gender, fields.tShirtSize].some(collects);
  const contact = fields.emergencyContact;

  return (
    <>
      {hasAboutYou && (
        <Group legend={M.groups.aboutYou}>
          {collects(dateOfBirth) && (
            <FormField
              label={L.dateOfBirth}
              type="date"
              autoComplete="bday"
              min={yearsBefore(today, ENTRY_FORM_LIMITS.maxAgeYears)}
              max={today}
              required={isRequired(dateOfBirth)}
              isRequired={isRequired(dateOfBirth)}
              value={values.dateOfBirth}
              onChange={(event) => set('dateOfBirth', { dateOfBirth: event.target.value })}
              error={errors.dateOfBirth ?? tooYoung ?? undefined}
              announcesError={!preview}
              hint={race.minimumAge === null ? undefined : M.minimumAgeHint(race.minimumAge, raceDay)}
              {...use('dateOfBirth')}
            />
          )}
          {collects(fields.gender) && (
            <SelectField
              label={L.gender}
              collection={fields.gender}
              choices={GENDERS.map((gender) => ({ value: gender, label: M.genders[gender] }))}
              value={values.gender}
              error={errors.gender}
              autoComplete="sex"
              onChange={(gender) => set('gender', { gender })}
              {...use('gender')}
            />
          )}
          {collects(fields.tShirtSize) && (
            <SelectField
              label={L.tShirtSize}
              collection={fields.tShirtSize}
              choices={race.tShirtSizes.map((size) => ({ value: size, label: size }))}
              value={values.tShirtSize}
              error={errors.tShirtSize}
              onChange={(tShirtSize) => set('tShirtSize', { tShirtSize })}
              {...use('tShirtSize')}
            />
          )}
        </Group>
      )}

      {collects(contact) && (
        <Group legend={M.groups.emergencyContact}>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <FormField
              label={L.emergencyContactName}
              type="text"
              autoComplete="off"
              maxLength={ENTRY_FORM_LIMITS.emergencyContactName}
              required={isRequired(contact)}
              isRequired={isRequired(contact)}
              value={values.emergencyContact.name}
              error={errors['emergencyContact.name']}
              onChange={(event) =>
                set('emergencyContact.name', {
                  emergencyContact: { ...values.emergencyContact, name: event.target.value },
                })
              }
              {...use('emergencyContact.name')}
            />
            <FormField
              label={L.emergencyContactPhone}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={REGISTRATION_LIMITS.contactMax}
              required={isRequired(contact)}
              isRequired={isRequired(contact)}
              value={values.emergencyContact.phone}
              error={errors['emergencyContact.phone']}
              onChange={(event) =>
                set('emergencyContact.phone', {
                  emergencyContact: { ...values.emergencyContact, phone: event.target.value },
                })
              }
              {...use('emergencyContact.phone')}
            />
          </div>
        </Group>
      )}

      {race.questions.length > 0 && (
        <Group legend={M.groups.questions}>
          {race.questions.map((question, index) => {
            const id = question.id ?? '';
            const field = `answers.${id}`;
            const answer = values.answers[id];
            const key = question.id ?? `new-${index}`;
            const error = errors[field];
            if (question.type === 'checkbox') {
              return (
                <CheckboxField
                  key={key}
                  label={question.label}
                  isRequired={question.required}
                  checked={answer === true}
                  error={error}
                  onChange={(checked) => setAnswer(id, checked)}
                  {...use(field)}
                />
              );
            }
            if (question.type === 'select') {
              return (
                <SelectField
                  key={key}
                  label={question.label}
                  collection={question.required ? 'required' : 'optional'}
                  choices={question.options.map((option) => ({ value: option, label: option }))}
                  value={typeof answer === 'string' ? answer : ''}
                  error={error}
                  onChange={(chosen) => setAnswer(id, chosen)}
                  {...use(field)}
                />
              );
            }
            return (
              <FormField
                key={key}
                label={question.label}
                type="text"
                maxLength={ENTRY_FORM_LIMITS.answerText}
                required={question.required}
                isRequired={question.required}
                value={typeof answer === 'string' ? answer : ''}
                error={error}
                onChange={(event) => setAnswer(id, event.target.value)}
                {...use(field)}
              />
            );
          })}
        </Group>
      )}

      {race.waiver && asksWaiver && (
        <Group legend={M.groups.waiver}>
          {race.waiver.version !== undefined && (
            <p className="text-base-content/75 text-sm">{M.waiverVersion(race.waiver.version)}</p>
          )}
          {/* Focusable, so a keyboard can scroll a long waiver. */}
          <div
            role="region"
            aria-label={M.waiverRegion}
            tabIndex={0}
            className="bg-base-200 rounded-box max-h-60 overflow-y-auto p-3 text-sm break-words whitespace-pre-wrap"
          >
            {race.waiver.text}
          </div>
          <CheckboxField
            label={ENTRY_MESSAGES.acceptWaiver}
            isRequired
            checked={values.waiverAccepted}
            error={errors.waiverAccepted}
            onChange={(waiverAccepted) => set('waiverAccepted', { waiverAccepted })}
            {...use('waiverAccepted')}
          />
        </Group>
      )}
    </>
  );
}

/** A titled group of the form's fields. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset border-base-300 rounded-box min-w-0 border p-4">
      <legend className="fieldset-legend px-1 text-base">{legend}</legend>
      {children}
    </fieldset>
  );
}

type ControlUse = { name?: string; disabled?: boolean };

/** A select of the race's choices; its empty first choice is "nothing chosen" (none, for an optional one). */
function SelectField({
  label,
  collection,
  choices,
  value,
  error,
  autoComplete,
  onChange,
  ...use
}: ControlUse & {
  label: string;
  collection: FieldCollection;
  choices: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  error: string | undefined;
  autoComplete?: string;
  onChange: (value: string) => void;
}) {
  const required = collection === 'required';
  return (
    <LabelledControl label={label} error={error} isRequired={required}>
      {(control) => (
        <select
          {...control}
          {...use}
          required={required}
          autoComplete={autoComplete}
          className={`select w-full ${error ? 'select-error' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{M.choose}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  );
}

/** A checkbox with its label beside it and its error below. */
function CheckboxField({
  label,
  isRequired,
  checked,
  error,
  onChange,
  ...use
}: ControlUse & {
  label: string;
  isRequired: boolean;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="py-1">
      <div className="flex items-start gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className={`checkbox checkbox-sm mt-0.5 ${error ? 'checkbox-error' : ''}`}
          required={isRequired}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
          {...use}
        />
        <label htmlFor={id} className="cursor-pointer">
          {label}
        </label>
        {isRequired && <RequiredMark />}
      </div>
      {error && (
        <p id={errorId} className="text-error mt-1 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
