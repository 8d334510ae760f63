import type { Marathon } from '@stride/shared';
import { getRaceEndDate } from '@stride/shared/rules';

/** A moment in iCalendar's UTC basic format, which Google Calendar's `dates` reads: `YYYYMMDDTHHMMSSZ`. */
export function toCalendarUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export const GOOGLE_CALENDAR_URL = 'https://calendar.google.com/calendar/render';

/**
 * Google Calendar's "create event" page, filled in with the race: title, start to expected end (UTC), the race's
 * time zone (`ctz`, so the event reads in race-local time), location and the race page's address (`raceUrl`,
 * absolute). Null when the start date cannot be read.
 */
export function getGoogleCalendarUrl(
  race: Pick<Marathon, 'title' | 'startDate' | 'location' | 'distance' | 'timeZone'>,
  raceUrl: string,
): string | null {
  const start = new Date(race.startDate);
  if (Number.isNaN(start.getTime())) return null;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: race.title,
    dates: `${toCalendarUtc(start)}/${toCalendarUtc(getRaceEndDate(start, race.distance))}`,
    ctz: race.timeZone,
    location: race.location,
    details: raceUrl,
  });
  return `${GOOGLE_CALENDAR_URL}?${params}`;
}
