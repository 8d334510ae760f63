import { useEffect, useRef, type RefObject } from 'react';
import { useEditSession } from '../../lib/use-edit-session';

/** How long typing pauses before the search runs. */
const TYPING_PAUSE_MS = 300;

type SearchBoxProps = {
  /**
   * The search the URL holds. When it changes for another reason than typing (Back, a link), the box shows
   * it.
   */
  value: string;
  /** The box's accessible name. */
  label: string;
  placeholder: string;
  maxLength: number;
  /** Classes of the search form around the box, e.g. its width. */
  className?: string;
  /** The box itself, for a screen that moves focus to it. */
  inputRef?: RefObject<HTMLInputElement | null>;
  /**
   * Runs a search that differs from `value`: after a pause in typing, or at once on Enter. `isRefinement`
   * says an earlier search of the same edit (since the box gained focus) came before it, so a screen can
   * replace that history entry instead of adding one per pause.
   */
  onSearch: (text: string, edit: { isRefinement: boolean }) => void;
};

/** A search box that searches as the user types, without a request per keystroke. */
export function SearchBox({
  value,
  label,
  placeholder,
  maxLength,
  className,
  inputRef,
  onSearch,
}: SearchBoxProps) {
  const ownRef = useRef<HTMLInputElement>(null);
  const boxRef = inputRef ?? ownRef;
  const pending = useRef<number | undefined>(undefined);
  const edit = useEditSession();

  useEffect(() => {
    const box = boxRef.current;
    // While typing, the URL lags behind the box: leave the box alone.
    if (box && pending.current === undefined && box.value.trim() !== value) {
      box.value = value;
      // What the box shows now came from elsewhere: the next search is a new edit.
      edit.begin();
    }
  }, [value, boxRef, edit]);

  useEffect(() => {
    const timer = pending;
    return () => window.clearTimeout(timer.current);
  }, []);

  function search() {
    window.clearTimeout(pending.current);
    pending.current = undefined;
    const text = (boxRef.current?.value ?? '').trim();
    if (text !== value) onSearch(text, { isRefinement: edit.isContinuing() });
  }

  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        search();
      }}
    >
      <input
        ref={boxRef}
        type="search"
        className="input w-full"
        aria-label={label}
        placeholder={placeholder}
        maxLength={maxLength}
        defaultValue={value}
        onFocus={edit.begin}
        onChange={() => {
          window.clearTimeout(pending.current);
          pending.current = window.setTimeout(search, TYPING_PAUSE_MS);
        }}
      />
    </form>
  );
}
