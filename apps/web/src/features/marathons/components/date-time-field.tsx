import DatePicker from 'react-datepicker';
import { LabelledControl } from '../../../components/ui/labelled-control';
import { pickerDateToWallClock, wallClockToPickerDate } from '../picker-dates';
// The picker's styles load with this module, i.e. only on the dashboard screens that have the marathon form.
import 'react-datepicker/dist/react-datepicker.css';
import './date-picker-theme.css';

/** docs/SPEC.md §5, §9: month/day/year, with a time chosen in 30-minute steps. */
export const DATE_TIME_FORMAT = 'MM/dd/yyyy h:mm aa';
const TIME_INTERVAL_MINUTES = 30;

type DateTimeFieldProps = {
  label: string;
  name: string;
  /** A wall-clock time in the race's zone, YYYY-MM-DDTHH:mm; '' while empty. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Below the field, read out with it. */
  hint?: string | undefined;
  /** False for a date that may be left empty (a refund deadline). */
  required?: boolean;
};

/**
 * A labelled date-and-time picker of a wall-clock time, in the race's zone rather than the browser's; its text
 * input can also be typed into (e.g. 12/05/2027 9:00 AM).
 */
export function DateTimeField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  required = true,
}: DateTimeFieldProps) {
  return (
    <LabelledControl label={label} error={error} hint={hint}>
      {(control) => (
        <DatePicker
          id={control.id}
          name={name}
          selected={wallClockToPickerDate(value)}
          onChange={(date: Date | null) => onChange(pickerDateToWallClock(date))}
          showTimeSelect
          timeIntervals={TIME_INTERVAL_MINUTES}
          dateFormat={DATE_TIME_FORMAT}
          placeholderText="MM/DD/YYYY h:mm AM"
          required={required}
          autoComplete="off"
          ariaInvalid={control['aria-invalid'] ? 'true' : undefined}
          ariaDescribedBy={control['aria-describedby']}
          className={`input w-full ${error ? 'input-error' : ''}`}
          wrapperClassName="w-full"
          // Fixed positioning lets the calendar overflow a scrolling modal instead of being cut off by it.
          popperProps={{ strategy: 'fixed' }}
          popperClassName="stride-date-picker"
        />
      )}
    </LabelledControl>
  );
}
