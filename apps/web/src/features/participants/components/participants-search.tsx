import { useEffect, useRef } from 'react';
import { PARTICIPANT_SEARCH_MAX } from '@stride/shared/constants';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';

const L = PARTICIPANTS_MESSAGES.list;
/** How long typing pauses before the list is searched. */
const TYPING_PAUSE_MS = 300;

/**
 * The search box: searches as the organizer types (after a pause) or at once on Enter. `value` is the URL's
 * search; when it changes for another reason (back, forward, a link), the box shows it.
 */
export function ParticipantsSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = useRef<number | undefined>(undefined);

  useEffect(() => {
    const input = inputRef.current;
    // While typing, the URL lags behind the box: leave the box alone.
    if (input && pending.current === undefined && input.value.trim() !== value) input.value = value;
  }, [value]);

  useEffect(() => {
    const timer = pending;
    return () => window.clearTimeout(timer.current);
  }, []);

  function search() {
    window.clearTimeout(pending.current);
    pending.current = undefined;
    onSearch(inputRef.current?.value ?? '');
  }

  return (
    <form
      role="search"
      className="w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        search();
      }}
    >
      <input
        ref={inputRef}
        type="search"
        className="input w-full"
        aria-label={L.searchLabel}
        placeholder={L.searchPlaceholder}
        maxLength={PARTICIPANT_SEARCH_MAX}
        defaultValue={value}
        onChange={() => {
          window.clearTimeout(pending.current);
          pending.current = window.setTimeout(search, TYPING_PAUSE_MS);
        }}
      />
    </form>
  );
}
