import { PARTICIPANT_SEARCH_MAX } from '@stride/shared/constants';
import { SearchBox } from '../../../components/ui/search-box';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';

const L = PARTICIPANTS_MESSAGES.list;

/** The participant list's search box: searches as the organizer types (after a pause) or at once on Enter. */
export function ParticipantsSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  return (
    <SearchBox
      value={value}
      label={L.searchLabel}
      placeholder={L.searchPlaceholder}
      maxLength={PARTICIPANT_SEARCH_MAX}
      className="w-full sm:max-w-sm"
      onSearch={onSearch}
    />
  );
}
