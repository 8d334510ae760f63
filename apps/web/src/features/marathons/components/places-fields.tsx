import { useId } from 'react';
import { ENTRY_MODES, MARATHON_FIELD_LABELS as LABELS, type EntryMode } from '@stride/shared';
import type { FieldErrors } from '../../../lib/form-errors';
import type { MarathonFormValues } from '../marathon-form-values';
import { PLACES_FIELDS_MESSAGES as M } from '../places-fields-messages';
import { DateTimeField } from './date-time-field';
import { ChoiceFieldset } from '../../../components/ui/choice-fieldset';

type PlacesValues = Pick<MarathonFormValues, 'entryMode' | 'ballotDrawAt' | 'transfersUntil'>;

type PlacesFieldsProps = {
  values: PlacesValues;
  errors: FieldErrors;
  /** The section's heading level under the page's (Add Marathon) or the dialog's (Update Marathon) title. */
  headingLevel: 2 | 3;
  /** A change: each field changed answers its own error. */
  onChange: (change: Partial<PlacesValues>) => void;
};

/**
 * The add/update form's Places section (issue 35): the Entry Mode (first come, or by ballot with its draw date)
 * and the optional Transfer Deadline, dates as the race's clocks read them.
 */
export function PlacesFields({ values, errors, headingLevel, onChange }: PlacesFieldsProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId} className="border-base-300 mt-6 space-y-2 border-t pt-4">
      <Heading id={headingId} className="text-xl font-bold">
        {M.heading}
      </Heading>
      <p className="text-base-content/75 text-sm">{M.intro}</p>
      <EntryModeChoice
        value={values.entryMode}
        error={errors.entryMode}
        onChange={(entryMode) => onChange({ entryMode })}
      />
      <div className="grid gap-x-4 md:grid-cols-2">
        {values.entryMode === 'ballot' && (
          <DateTimeField
            label={LABELS.ballotDrawAt}
            name="ballotDrawAt"
            value={values.ballotDrawAt}
            error={errors.ballotDrawAt}
            hint={M.ballotDrawAtHint}
            onChange={(ballotDrawAt) => onChange({ ballotDrawAt })}
          />
        )}
        <DateTimeField
          label={LABELS.transfersUntil}
          name="transfersUntil"
          required={false}
          value={values.transfersUntil}
          error={errors.transfersUntil}
          hint={M.transfersUntilHint}
          onChange={(transfersUntil) => onChange({ transfersUntil })}
        />
      </div>
    </section>
  );
}

/** First come (the default) or by ballot, as radio buttons. */
function EntryModeChoice({
  value,
  error,
  onChange,
}: {
  value: EntryMode;
  error: string | undefined;
  onChange: (entryMode: EntryMode) => void;
}) {
  return (
    <ChoiceFieldset legend={LABELS.entryMode} error={error} hint={M.entryModeHint}>
      {(invalid) =>
        ENTRY_MODES.map((entryMode) => (
          <label key={entryMode} className="label text-base-content cursor-pointer gap-2">
            <input
              type="radio"
              name="entryMode"
              value={entryMode}
              className={`radio ${invalid ? 'radio-error' : ''}`}
              aria-invalid={invalid ? true : undefined}
              checked={value === entryMode}
              onChange={() => onChange(entryMode)}
            />
            {M.entryModes[entryMode]}
          </label>
        ))
      }
    </ChoiceFieldset>
  );
}
