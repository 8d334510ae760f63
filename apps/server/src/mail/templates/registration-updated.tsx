import { MailLayout, Paragraph } from './layout.js';
import {
  CalendarNote,
  RaceFactList,
  RaceLinks,
  RegistrationFactList,
  type RegistrationMailProps,
} from './race-details.js';

export function RegistrationUpdatedMail({ race, registration, publicUrl }: RegistrationMailProps) {
  return (
    <MailLayout
      preview={`Your registration for ${race.title} was updated.`}
      heading="Registration updated"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>Your registration was updated. These are its details now:</Paragraph>
      <RaceFactList race={race} />
      <RegistrationFactList registration={registration} />
      <CalendarNote effect="keeps the race in your calendar up to date" />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}
