import type { Marathon } from '@stride/shared';
import { formatDateTime } from '../../../lib/dates';
import { DETAILS_MESSAGES } from '../details-messages';

type DateFields = Pick<Marathon, 'startRegDate' | 'endRegDate' | 'startDate'>;
type DatedRace = DateFields & Pick<Marathon, 'timeZone'>;

const BADGES: Array<{ label: string; field: keyof DateFields }> = [
  { label: DETAILS_MESSAGES.registrationStart, field: 'startRegDate' },
  { label: DETAILS_MESSAGES.registrationEnd, field: 'endRegDate' },
  { label: DETAILS_MESSAGES.marathonStart, field: 'startDate' },
];

/**
 * The three dates of a race (docs/SPEC.md §2) in its time zone: 'N/A' when missing, 'Invalid date' when unreadable.
 */
export function DateBadges({ marathon }: { marathon: DatedRace }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {BADGES.map(({ label, field }) => {
        const text = formatDateTime(marathon[field], marathon.timeZone);
        const isDate = text !== 'N/A' && text !== 'Invalid date';
        return (
          <li
            key={field}
            className="border-base-300 bg-base-200 rounded-box border px-3 py-1.5 text-sm leading-snug"
          >
            <span className="font-semibold">{label}:</span>{' '}
            {isDate ? <time dateTime={marathon[field]}>{text}</time> : text}
          </li>
        );
      })}
    </ul>
  );
}
