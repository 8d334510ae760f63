import { DEFAULT_TIME_ZONE, DISTANCE_LABELS, formatDateTimeInZone } from '@stride/shared';
import { RACE_CALENDAR_FILENAME } from '../calendar.js';
import { mailLinks } from '../mail-links.js';
import type { RaceFacts, RegistrationFacts } from '../mail-payloads.js';
import { FactList, MailLink, Paragraph, SectionHeading } from './layout.js';

/** What every mail about one registration is written from. */
export type RegistrationMailProps = { race: RaceFacts; registration: RegistrationFacts; publicUrl: string };

/** "Sat 1 May 2027, 09:00 WEST": the start as the clocks read it where the race is run. */
export function formatRaceStart(isoDate: string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatDateTimeInZone(isoDate, timeZone);
}

export function RaceFactList({ race }: { race: RaceFacts }) {
  return (
    <FactList
      facts={[
        ['Race', race.title],
        ['Date', formatRaceStart(race.startDate, race.timeZone)],
        ['Location', race.location],
        ['Distance', DISTANCE_LABELS[race.distance]],
      ]}
    />
  );
}

export function RegistrationFactList({ registration }: { registration: RegistrationFacts }) {
  return (
    <>
      <SectionHeading>Your registration</SectionHeading>
      <FactList
        facts={[
          ...(registration.bib != null ? [['Bib number', String(registration.bib)] as [string, string]] : []),
          ['Name', `${registration.firstName} ${registration.lastName}`],
          ['Contact', registration.contact],
          ['Additional info', registration.info || '(none)'],
          ['Registration id', registration.id],
        ]}
      />
    </>
  );
}

export function RaceLinks({ raceId, publicUrl }: { raceId: string; publicUrl: string }) {
  const myApplies = mailLinks.myApplies(publicUrl);
  const racePage = mailLinks.racePage(publicUrl, raceId);
  return (
    <Paragraph>
      My Apply List, to see, change or cancel your registration:{' '}
      <MailLink href={myApplies}>{myApplies}</MailLink>
      <br />
      The race page: <MailLink href={racePage}>{racePage}</MailLink>
    </Paragraph>
  );
}

/** The line about the calendar file a registration mail carries; `effect` says what opening it does. */
export function CalendarNote({ effect }: { effect: string }) {
  return (
    <Paragraph>
      The attached calendar file ({RACE_CALENDAR_FILENAME}) {effect}.
    </Paragraph>
  );
}
