import { useEffect, useId, useRef } from 'react';

type TextListFieldProps = {
  legend: string;
  /** A group of its own (T-shirt sizes) has a larger legend than a part of one (a question's options). */
  isGroup?: boolean;
  items: string[];
  /** Names each text box: 'Size 3'. */
  itemLabel: (position: number) => string;
  /** Names each remove button: 'Remove size M'. */
  removeLabel: (position: number, item: string) => string;
  addLabel: string;
  min: number;
  max: number;
  maxLength: number;
  /** 'inline': short labels side by side (sizes); 'stacked': one per line (a question's options). */
  layout: 'inline' | 'stacked';
  /** The list's own error (too few, too many). */
  error?: string | undefined;
  /** Each item's error by its index. */
  itemError: (index: number) => string | undefined;
  hint?: string | undefined;
  onChange: (items: string[]) => void;
};

/**
 * An editable list of short texts (T-shirt sizes, a question's options): a text box per item with its remove
 * button, and an add button. Focus follows the edit: to the new box on add, to the box now in the removed
 * one's place on remove.
 */
export function TextListField({
  legend,
  isGroup = false,
  items,
  itemLabel,
  removeLabel,
  addLabel,
  min,
  max,
  maxLength,
  layout,
  error,
  itemError,
  hint,
  onChange,
}: TextListFieldProps) {
  const id = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    if (focusIndex.current === null) return;
    inputs.current[Math.min(focusIndex.current, items.length - 1)]?.focus();
    focusIndex.current = null;
  });

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const itemErrorId = (index: number) => `${id}-${index}-error`;
  const isInline = layout === 'inline';
  const itemErrors = items.map((_, index) => itemError(index));

  return (
    <fieldset className="fieldset min-w-0" aria-describedby={hint && hintId}>
      <legend className={`fieldset-legend ${isGroup ? 'text-base' : ''}`}>{legend}</legend>
      <ul className={isInline ? 'flex flex-wrap gap-2' : 'space-y-2'}>
        {items.map((item, index) => {
          const message = itemErrors[index];
          return (
            <li key={index} className={isInline ? '' : 'space-y-1'}>
              <div className={`join ${isInline ? '' : 'w-full'}`}>
                <input
                  ref={(element) => {
                    inputs.current[index] = element;
                  }}
                  type="text"
                  aria-label={itemLabel(index + 1)}
                  // The list's own error is every item's: focus lands on the first, which reads it out.
                  aria-invalid={message || error ? true : undefined}
                  aria-describedby={
                    [message && itemErrorId(index), error && errorId].filter(Boolean).join(' ') || undefined
                  }
                  maxLength={maxLength}
                  className={`input join-item ${isInline ? 'w-20' : 'min-w-0 flex-1'} ${message ? 'input-error' : ''}`}
                  value={item}
                  onChange={(event) =>
                    onChange(items.map((other, at) => (at === index ? event.target.value : other)))
                  }
                />
                <button
                  type="button"
                  className="btn join-item btn-square"
                  disabled={items.length <= min}
                  onClick={() => {
                    focusIndex.current = index;
                    onChange(items.filter((_, at) => at !== index));
                  }}
                >
                  <span aria-hidden>×</span>
                  <span className="sr-only">{removeLabel(index + 1, item)}</span>
                </button>
              </div>
              {!isInline && message && (
                <p id={itemErrorId(index)} className="text-error text-sm">
                  {message}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {isInline &&
        itemErrors.map(
          (message, index) =>
            message && (
              <p key={index} id={itemErrorId(index)} className="text-error text-sm">
                {message}
              </p>
            ),
        )}
      <div>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={items.length >= max}
          onClick={() => {
            focusIndex.current = items.length;
            onChange([...items, '']);
          }}
        >
          {addLabel}
        </button>
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
