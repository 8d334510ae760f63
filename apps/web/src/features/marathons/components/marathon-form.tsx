import { useState } from 'react';
import {
  CAPACITY_LIMITS,
  MARATHON_FIELD_LABELS as LABELS,
  MARATHON_LIMITS,
  type CreateMarathonInput,
} from '@stride/shared';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField } from '../../../components/ui/form-field';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { LabelledControl } from '../../../components/ui/labelled-control';
import { PosterImage } from '../../../components/ui/pictures';
import { previewableImageUrl } from '../../../lib/upload-image';
import { useSubmission, type SubmitOptions } from '../../../lib/use-submission';
import { MARATHON_DASHBOARD_MESSAGES } from '../dashboard-messages';
import { DISTANCE_CHOICES } from '../distance-choices';
import { draftFieldNames, type EntryFormDraft } from '../entry-form-draft';
import { priceFieldNames, type PriceDraft } from '../price-draft';
import {
  MARATHON_DATE_FIELDS,
  checkMarathonInput,
  formValuesToInput,
  getBrowserTimeZone,
  getRaceStart,
  getTimeZoneHint,
  newMarathonFormValues,
  type MarathonFormValues,
} from '../marathon-form-values';
import { DateTimeField } from './date-time-field';
import { EntryFormBuilder } from './entry-form-builder';
import { PlacesFields } from './places-fields';
import { PriceFields } from './price-fields';
import { TimeZoneField } from './time-zone-field';

type MarathonFormProps<R> = {
  /** Prefilled values (the update modal); the add form starts empty, in the organizer's own time zone. */
  initialValues?: MarathonFormValues;
  submitLabel: string;
  /** Sends a body that passed `createMarathonSchema` (a create or an update). */
  send: (input: CreateMarathonInput) => Promise<R>;
  /** What happens once the server has answered; fields it refused (a 400) are shown beside them. */
  options: Omit<SubmitOptions<R>, 'fields'>;
  /** When given, a 'Cancel' button sits beside the submit button. */
  onCancel?: () => void;
  cancelLabel?: string | undefined;
  /** The level of the section headings inside: 2 under the page's title, 3 under a dialog's. */
  headingLevel?: 2 | 3;
};

const MARATHON_FORM_FIELDS = Object.keys(LABELS);

/**
 * The add and update form of docs/SPEC.md §2 (Add New Marathon, Update Marathon), checked by the shared schema. The
 * dates are picked as the clocks read them in the race's time zone (ADR 019), whatever the organizer's.
 */
export function MarathonForm<R>({
  initialValues,
  submitLabel,
  send,
  options,
  onCancel,
  cancelLabel,
  headingLevel = 2,
}: MarathonFormProps<R>) {
  const [values, setValues] = useState(() => initialValues ?? newMarathonFormValues(getBrowserTimeZone()));
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();
  // An upload in progress holds the submit button: its address is not in the form yet.
  const [isUploading, setUploading] = useState(false);

  function setField<K extends keyof MarathonFormValues>(field: K, value: MarathonFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  function setEntryForm(change: Partial<EntryFormDraft>, fields: readonly string[]) {
    setValues((current) => ({ ...current, entryForm: { ...current.entryForm, ...change } }));
    fields.forEach(clearError);
  }

  function setPrices(change: Partial<PriceDraft>, fields: readonly string[]) {
    setValues((current) => ({ ...current, prices: { ...current.prices, ...change } }));
    fields.forEach(clearError);
  }

  function setPlaces(change: Partial<MarathonFormValues>) {
    setValues((current) => ({ ...current, ...change }));
    Object.keys(change).forEach(clearError);
  }

  const input = formValuesToInput(values);
  const posterPreview = previewableImageUrl(values.image);
  // Text fields share everything but their name, label and input type.
  const textField = (field: 'title' | 'location' | 'image', props: { type?: string; maxLength?: number }) => (
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
      className="grid gap-x-4 gap-y-1 md:grid-cols-2"
      onSubmit={(event) =>
        void submit(event, checkMarathonInput(input), () => send(input), {
          ...options,
          fields: [
            ...MARATHON_FORM_FIELDS,
            ...draftFieldNames(values.entryForm),
            ...priceFieldNames(values.prices),
          ],
        })
      }
    >
      <div className="md:col-span-2">{textField('title', { maxLength: MARATHON_LIMITS.title })}</div>
      <div className="md:col-span-2">
        <TimeZoneField
          label={LABELS.timeZone}
          value={values.timeZone}
          error={errors.timeZone}
          hint={getTimeZoneHint(values)}
          onChange={(timeZone) => setField('timeZone', timeZone)}
        />
      </div>
      {MARATHON_DATE_FIELDS.map((field) => (
        <DateTimeField
          key={field}
          label={LABELS[field]}
          name={field}
          value={values[field]}
          error={errors[field]}
          onChange={(wallClock) => setField(field, wallClock)}
        />
      ))}
      {textField('location', { maxLength: MARATHON_LIMITS.location })}
      <LabelledControl label={LABELS.distance} error={errors.distance}>
        {(control) => (
          <select
            {...control}
            name="distance"
            className="select w-full"
            value={values.distance}
            onChange={(event) => setField('distance', event.target.value as MarathonFormValues['distance'])}
          >
            {DISTANCE_CHOICES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
      <FormField
        label={LABELS.capacity}
        name="capacity"
        type="number"
        inputMode="numeric"
        min={CAPACITY_LIMITS.min}
        max={CAPACITY_LIMITS.max}
        step={1}
        value={values.capacity}
        error={errors.capacity}
        hint={MARATHON_DASHBOARD_MESSAGES.capacityHint}
        onChange={(event) => setField('capacity', event.target.value)}
      />
      <div className="md:col-span-2">
        <LabelledControl label={LABELS.description} error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              name="description"
              required
              rows={4}
              maxLength={MARATHON_LIMITS.description}
              className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
              value={values.description}
              onChange={(event) => setField('description', event.target.value)}
            />
          )}
        </LabelledControl>
      </div>
      <div className="md:col-span-2">
        <ImageUploadField
          label={MARATHON_DASHBOARD_MESSAGES.uploadPoster}
          preview={
            posterPreview && (
              <PosterImage
                src={posterPreview}
                title={values.title.trim() || MARATHON_DASHBOARD_MESSAGES.untitledRace}
                className="rounded-box aspect-video w-full object-cover"
                sizes="12rem"
              />
            )
          }
          onUploaded={(url) => setField('image', url)}
          onBusyChange={setUploading}
        />
        {textField('image', { type: 'url' })}
      </div>
      <div className="min-w-0 md:col-span-2">
        <PlacesFields values={values} errors={errors} headingLevel={headingLevel} onChange={setPlaces} />
      </div>
      <div className="min-w-0 md:col-span-2">
        <EntryFormBuilder
          values={values.entryForm}
          errors={errors}
          headingLevel={headingLevel}
          raceStart={getRaceStart(values)}
          onChange={setEntryForm}
        />
      </div>
      <div className="min-w-0 md:col-span-2">
        <PriceFields
          values={values.prices}
          errors={errors}
          headingLevel={headingLevel}
          onChange={setPrices}
        />
      </div>

      <div className="mt-4 md:col-span-2">
        <FormActions
          submitLabel={submitLabel}
          isSubmitting={isSubmitting || isUploading}
          onCancel={onCancel}
          cancelLabel={cancelLabel}
        />
      </div>
    </form>
  );
}
