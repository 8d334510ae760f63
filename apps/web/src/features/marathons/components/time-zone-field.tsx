import { useId } from 'react';
import { listTimeZones } from '@stride/shared';
import { LabelledControl } from '../../../components/ui/labelled-control';

type TimeZoneFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
};

/**
 * A race's time zone: a text box that suggests the IANA names as they are typed, its list kept and worked by
 * keyboard by the browser itself (`<input list>` and `<datalist>`).
 */
export function TimeZoneField({ label, value, onChange, error, hint }: TimeZoneFieldProps) {
  const listId = useId();
  return (
    <LabelledControl label={label} error={error} hint={hint}>
      {(control) => (
        <>
          <input
            {...control}
            name="timeZone"
            type="text"
            list={listId}
            required
            autoComplete="off"
            spellCheck={false}
            className={`input w-full ${error ? 'input-error' : ''}`}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          <datalist id={listId}>
            {listTimeZones().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )}
    </LabelledControl>
  );
}
