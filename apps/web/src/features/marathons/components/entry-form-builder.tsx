import { useId } from 'react';
import {
  ENTRY_FORM_LIMITS,
  FIELD_COLLECTION,
  STANDARD_FIELDS,
  type FieldCollection,
  type StandardField,
} from '@stride/shared';
import { EntryFormFields } from '../../../components/entry-form/entry-form-fields';
import type { EntryFormLayout } from '../../../components/entry-form/entry-form-values';
import { FormField } from '../../../components/ui/form-field';
import { LabelledControl } from '../../../components/ui/labelled-control';
import type { FieldErrors } from '../../../lib/form-errors';
import { ENTRY_FORM_BUILDER_MESSAGES as M } from '../entry-form-builder-messages';
import {
  ageGroupPresetText,
  draftFieldNames,
  draftToPreview,
  getAgeGroupLabels,
  type EntryFormDraft,
} from '../entry-form-draft';
import { QuestionBuilder } from './question-builder';
import { TextListField } from './text-list-field';

type EntryFormBuilderProps = {
  values: EntryFormDraft;
  errors: FieldErrors;
  /** The section's heading level under the page's (Add Marathon) or the dialog's (Update Marathon) title. */
  headingLevel: 2 | 3;
  /** When the race starts, where: the preview counts a minimum age on that day. */
  raceStart: Pick<EntryFormLayout, 'startDate' | 'timeZone'>;
  /** A change, and the fields whose errors it answers. */
  onChange: (change: Partial<EntryFormDraft>, fields: readonly string[]) => void;
};

/**
 * The add/update form's Registration form section (issue 31): which standard fields runners fill in, the
 * T-shirt sizes, the organizer's own questions, the waiver, a minimum age and the age groups.
 */
export function EntryFormBuilder({
  values,
  errors,
  headingLevel,
  raceStart,
  onChange,
}: EntryFormBuilderProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const fieldsOf = (prefix: string) =>
    draftFieldNames(values).filter((field) => field === prefix || field.startsWith(`${prefix}.`));
  const ageGroupLabels = getAgeGroupLabels(values.ageGroups);

  return (
    <section aria-labelledby={headingId} className="border-base-300 mt-6 space-y-2 border-t pt-4">
      <Heading id={headingId} className="text-xl font-bold">
        {M.heading}
      </Heading>
      <p className="text-base-content/75 text-sm">{M.intro}</p>

      <fieldset className="fieldset min-w-0">
        <legend className="fieldset-legend text-base">{M.standardFieldsLegend}</legend>
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
          {STANDARD_FIELDS.map((field) => (
            <CollectionChoice
              key={field}
              field={field}
              value={values.registrationFields[field]}
              error={errors[`registrationFields.${field}`]}
              hint={
                field === 'dateOfBirth' && values.minimumAge.trim() !== ''
                  ? M.dateOfBirthByMinimumAge
                  : undefined
              }
              onChange={(collection) =>
                onChange({ registrationFields: { ...values.registrationFields, [field]: collection } }, [
                  `registrationFields.${field}`,
                ])
              }
            />
          ))}
        </div>
      </fieldset>

      <TextListField
        legend={M.sizesLegend}
        isGroup
        layout="inline"
        items={values.tShirtSizes}
        itemLabel={M.sizeLabel}
        removeLabel={(position, size) => M.removeSize(size.trim() || String(position))}
        addLabel={M.addSize}
        min={1}
        max={ENTRY_FORM_LIMITS.sizes}
        maxLength={ENTRY_FORM_LIMITS.sizeLabel}
        error={errors.tShirtSizes}
        itemError={(index) => errors[`tShirtSizes.${index}`]}
        hint={M.sizesHint}
        // An edit can answer any of the list's errors (two equal sizes).
        onChange={(tShirtSizes) => onChange({ tShirtSizes }, fieldsOf('tShirtSizes'))}
      />

      <QuestionBuilder
        questions={values.questions}
        retiredQuestions={values.retiredQuestions}
        errors={errors}
        onChange={(lists, changed) => onChange(lists, changed === 'all' ? fieldsOf('questions') : changed)}
      />

      <LabelledControl
        label={M.waiverLabel}
        error={errors['waiver.text'] ?? errors.waiver}
        hint={M.waiverHint}
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            maxLength={ENTRY_FORM_LIMITS.waiver}
            className={`textarea w-full ${control['aria-invalid'] ? 'textarea-error' : ''}`}
            value={values.waiver}
            onChange={(event) => onChange({ waiver: event.target.value }, ['waiver', 'waiver.text'])}
          />
        )}
      </LabelledControl>

      <div className="grid gap-x-4 md:grid-cols-2">
        <FormField
          label={M.minimumAgeLabel}
          type="number"
          inputMode="numeric"
          min={ENTRY_FORM_LIMITS.minimumAge.min}
          max={ENTRY_FORM_LIMITS.minimumAge.max}
          step={1}
          value={values.minimumAge}
          error={errors.minimumAge}
          hint={M.minimumAgeHint}
          onChange={(event) => onChange({ minimumAge: event.target.value }, ['minimumAge'])}
        />
        <div>
          <FormField
            label={M.ageGroupsLabel}
            inputMode="numeric"
            autoComplete="off"
            value={values.ageGroups}
            error={errors.ageGroups}
            hint={ageGroupLabels ? M.groups(ageGroupLabels) : M.ageGroupsHint}
            onChange={(event) => onChange({ ageGroups: event.target.value }, ['ageGroups'])}
          />
          <div role="group" aria-label={M.presetsLegend} className="flex flex-wrap items-center gap-2">
            <span aria-hidden className="text-sm">
              {M.presetsLegend}:
            </span>
            {(['tenYear', 'fiveYear'] as const).map((preset) => (
              <button
                key={preset}
                type="button"
                className="btn btn-xs btn-outline"
                onClick={() => onChange({ ageGroups: ageGroupPresetText(preset) }, ['ageGroups'])}
              >
                {M.presets[preset]}
              </button>
            ))}
          </div>
        </div>
      </div>

      <details className="border-base-300 rounded-box mt-4 border">
        <summary className="cursor-pointer p-3 font-semibold">{M.preview}</summary>
        <div className="space-y-3 p-3 pt-0">
          <p className="text-base-content/75 text-sm">{M.previewIntro}</p>
          <EntryFormFields race={draftToPreview(values, raceStart, M.questionLegend)} preview />
        </div>
      </details>
    </section>
  );
}

type CollectionChoiceProps = {
  field: StandardField;
  value: FieldCollection;
  error: string | undefined;
  hint: string | undefined;
  onChange: (value: FieldCollection) => void;
};

/** Off / Optional / Required for one standard field: a radio group drawn as a segmented control. */
function CollectionChoice({ field, value, error, hint, onChange }: CollectionChoiceProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  return (
    <fieldset
      className="fieldset min-w-0 py-1"
      aria-describedby={[error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined}
    >
      <legend className="fieldset-legend pb-1">{M.standardFields[field]}</legend>
      <div className="join">
        {FIELD_COLLECTION.map((collection) => {
          const isChecked = value === collection;
          return (
            <label
              key={collection}
              className={`join-item btn btn-sm has-[:focus-visible]:outline-base-content has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${isChecked ? 'btn-primary' : 'btn-outline'}`}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={collection}
                checked={isChecked}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(collection)}
              />
              {M.collection[collection]}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-base-content/75 text-sm">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
