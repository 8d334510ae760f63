import type { CalendarFile } from '../lib/calendar-reply.js';
import { buildRaceCalendar, buildRegistrationCalendar, raceCalendarUid } from './calendar.js';
import { mailLinks } from './mail-links.js';
import type { RaceFacts, RegistrationFacts } from './mail-payloads.js';

/** A file name made of the race's title: ASCII letters and digits, for every browser and mail program. */
function calendarFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${slug || 'race'}.ics`;
}

/** The downloadable calendar entries: the race's own, and a runner's for their registration (its own UID). */
export function createCalendarFiles(publicUrl: string) {
  return {
    race: (race: RaceFacts): CalendarFile => ({
      filename: calendarFilename(race.title),
      content: buildRaceCalendar({
        race,
        uid: raceCalendarUid(race.id, publicUrl),
        method: 'PUBLISH',
        raceUrl: mailLinks.racePage(publicUrl, race.id),
      }),
    }),
    registration: (race: RaceFacts, registration: RegistrationFacts): CalendarFile => ({
      filename: calendarFilename(race.title),
      content: buildRegistrationCalendar({ race, registration }, 'PUBLISH', publicUrl),
    }),
  };
}

export type CalendarFiles = ReturnType<typeof createCalendarFiles>;
