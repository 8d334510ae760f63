import { useId } from 'react';
import type { Marathon } from '@stride/shared';
import { CalendarIcon, ExternalLinkIcon } from '../../../components/ui/link-icons';
import { paths } from '../../../config/paths';
import { getMarathonCalendarPath } from '../api/marathons-api';
import { getGoogleCalendarUrl } from '../calendar-links';
import { DETAILS_MESSAGES } from '../details-messages';

/**
 * The race for a calendar: its iCalendar file to download (any calendar program) and Google Calendar's
 * new-event page filled in with it, in a new tab, linking back to `pagePath` (the details page unless given).
 */
export function AddToCalendar({
  marathon,
  pagePath = paths.marathonDetails.href(marathon._id),
}: {
  marathon: Pick<Marathon, '_id' | 'title' | 'startDate' | 'location' | 'distance' | 'timeZone'>;
  pagePath?: string;
}) {
  const newTabNoteId = useId();
  const raceUrl = new URL(pagePath, window.location.origin).href;
  const googleUrl = getGoogleCalendarUrl(marathon, raceUrl);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={getMarathonCalendarPath(marathon._id)} download className="btn btn-outline btn-sm">
        <CalendarIcon width={16} height={16} />
        {DETAILS_MESSAGES.addToCalendar}
      </a>
      {googleUrl && (
        <>
          <a
            href={googleUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={newTabNoteId}
            className="btn btn-ghost btn-sm"
          >
            {DETAILS_MESSAGES.googleCalendar}
            <ExternalLinkIcon width={16} height={16} />
          </a>
          <span id={newTabNoteId} hidden>
            {DETAILS_MESSAGES.opensInNewTab}
          </span>
        </>
      )}
    </div>
  );
}
