import { LabelledControl } from './labelled-control';

/** A list filter's select: its label, "All" (no filter) first, then its choices; null when "All" is chosen. */
export function FilterSelect({
  label,
  allLabel,
  value,
  choices,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  value: string | null;
  choices: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string | null) => void;
  /** The select's box in its row of filters. */
  className: string;
}) {
  return (
    <div className={className}>
      <LabelledControl label={label}>
        {(control) => (
          <select
            {...control}
            className="select select-sm w-full"
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value || null)}
          >
            <option value="">{allLabel}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
    </div>
  );
}
