import { REGISTRATION_FIELD_LABELS, REGISTRATION_LIMITS } from '@stride/shared';
import { LabelledControl } from '../../../components/ui/labelled-control';

/** The optional Info textarea of the registration and update forms. */
export function InfoField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <LabelledControl label={REGISTRATION_FIELD_LABELS.info} error={error}>
      {(control) => (
        <textarea
          {...control}
          name="info"
          rows={3}
          maxLength={REGISTRATION_LIMITS.info}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </LabelledControl>
  );
}
