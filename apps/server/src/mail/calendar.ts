import { TZDate } from '@date-fns/tz';
import {
  DEFAULT_TIME_ZONE,
  DISTANCE_LABELS,
  formatUtcOffset,
  getRaceEndDate,
  timeZoneOffsetMinutes,
  timeZoneShortName,
} from '@stride/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { mailLinks } from './mail-links.js';
import type { MailAttachment, RaceFacts, RegistrationFacts } from './mail-payloads.js';

export type CalendarMethod = 'PUBLISH' | 'CANCEL';

const uidDomain = (publicUrl: string) => new URL(publicUrl).hostname;

/** The UID of the race's own calendar entry (the public download). */
export function raceCalendarUid(raceId: string, publicUrl: string): string {
  return `race-${raceId}@${uidDomain(publicUrl)}`;
}

/** The UID of one runner's entry for a race: their mails update or remove it without touching the race's own. */
export function registrationCalendarUid(registrationId: string, publicUrl: string): string {
  return `registration-${registrationId}@${uidDomain(publicUrl)}`;
}

export type RaceCalendarInput = {
  race: RaceFacts;
  uid: string;
  method: CalendarMethod;
  raceUrl: string;
  description?: string;
};

/**
 * The VTIMEZONE RFC 5545 asks for beside a TZID: one observance, the zone's offset when the race starts (a
 * race's hours never span a change of clocks that matters to a calendar; apps that know the IANA name use
 * their own rules for it anyway).
 */
function singleObservanceTimeZone(timeZone: string, at: Date): string {
  const offset = formatUtcOffset(timeZoneOffsetMinutes(at, timeZone), '');
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${timeZoneShortName(at, timeZone)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/**
 * An iCalendar file with the race as its one event, its times in the race's own zone (TZID); the library
 * escapes and folds every value.
 */
export function buildRaceCalendar({ race, uid, method, raceUrl, description }: RaceCalendarInput): string {
  // A UTC race keeps UTC's own form (…Z), which needs no VTIMEZONE.
  const timeZone = race.timeZone && race.timeZone !== DEFAULT_TIME_ZONE ? race.timeZone : null;
  const start = timeZone ? new TZDate(race.startDate, timeZone) : new Date(race.startDate);
  const end = getRaceEndDate(start, race.distance);
  const isCancellation = method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'Stride', product: 'Stride', language: 'EN' },
    method: ICalCalendarMethod[method],
    // The zone stays the event's alone: a calendar-wide zone would also write DTSTAMP in local time, where
    // RFC 5545 §3.8.7.2 requires UTC. The generator still writes the VTIMEZONE the event's TZID needs.
    timezone: timeZone && { name: null, generator: (name) => singleObservanceTimeZone(name, start) },
  });
  calendar.createEvent({
    timezone: timeZone,
    id: uid,
    // A cancellation is a revision of its own (RFC 5545 §3.8.7.4): a calendar that already holds this
    // revision of the event may ignore a CANCEL that does not raise SEQUENCE.
    sequence: isCancellation ? race.calendarSequence + 1 : race.calendarSequence,
    start,
    end: timeZone ? new TZDate(end, timeZone) : end,
    summary: race.title,
    location: race.location,
    url: raceUrl,
    description: description ?? null,
    status: isCancellation ? ICalEventStatus.CANCELLED : null,
  });
  return calendar.toString();
}

/**
 * The runner's own entry for the race, one UID per registration: every mail about the registration and the My
 * Apply List download publish or remove the same entry.
 */
export function buildRegistrationCalendar(
  { race, registration }: { race: RaceFacts; registration: RegistrationFacts },
  method: CalendarMethod,
  publicUrl: string,
): string {
  return buildRaceCalendar({
    race,
    uid: registrationCalendarUid(registration.id, publicUrl),
    method,
    raceUrl: mailLinks.racePage(publicUrl, race.id),
    description: `Distance: ${DISTANCE_LABELS[race.distance]}. Registered as ${registration.firstName} ${registration.lastName} (registration ${registration.id}).`,
  });
}

export const RACE_CALENDAR_FILENAME = 'race.ics';

export function calendarAttachment(
  calendar: string,
  method: CalendarMethod,
  filename = RACE_CALENDAR_FILENAME,
): MailAttachment {
  return { filename, content: calendar, contentType: `text/calendar; charset=utf-8; method=${method}` };
}
