import { DISTANCE_LABELS } from '@stride/shared';
import type { RaceFacts } from '../mail-payloads.js';
import { FactList, MailLayout, Paragraph, SectionHeading } from './layout.js';
import { CalendarNote, formatRaceTime, RaceLinks, type RegistrationMailProps } from './race-details.js';

type RaceChangedMailProps = RegistrationMailProps & { previous: Pick<RaceFacts, 'startDate' | 'location'> };

type BeforeAndAfterProps = { label: string; before: string; after: string };

/** One value that changed, before and now. */
function BeforeAndAfter({ label, before, after }: BeforeAndAfterProps) {
  return (
    <>
      <SectionHeading>{label}</SectionHeading>
      <FactList
        facts={[
          ['Before', before],
          ['Now', after],
        ]}
      />
    </>
  );
}

/** The race moved: what changed (its start, its place, or both), and nothing else. */
export function RaceChangedMail({ race, previous, registration, publicUrl }: RaceChangedMailProps) {
  const isStartChanged = Date.parse(previous.startDate) !== Date.parse(race.startDate);
  const isLocationChanged = previous.location !== race.location;
  return (
    <MailLayout preview={`${race.title} has changed.`} heading="Race changed" publicUrl={publicUrl}>
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        The organizer of {race.title}, {DISTANCE_LABELS[race.distance]}, has changed the race. Your
        registration stays as it is.
      </Paragraph>
      {isStartChanged && (
        <BeforeAndAfter
          label="Start"
          before={formatRaceTime(previous.startDate, race.timeZone)}
          after={formatRaceTime(race.startDate, race.timeZone)}
        />
      )}
      {isLocationChanged && (
        <BeforeAndAfter label="Location" before={previous.location} after={race.location} />
      )}
      <CalendarNote effect="updates the race in your calendar, if you added it from an earlier mail" />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}
