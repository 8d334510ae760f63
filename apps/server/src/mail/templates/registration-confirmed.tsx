import { MailLayout, Paragraph } from './layout.js';
import {
  CalendarNote,
  PaymentFactList,
  RaceFactList,
  RaceLinks,
  RegistrationFactList,
  type RegistrationMailProps,
} from './race-details.js';

export function RegistrationConfirmedMail({ race, registration, publicUrl }: RegistrationMailProps) {
  return (
    <MailLayout
      preview={`You're registered for ${race.title}.`}
      heading="You're registered"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>Your registration for this race is confirmed. See you at the start line!</Paragraph>
      <RaceFactList race={race} />
      <RegistrationFactList registration={registration} />
      <PaymentFactList payment={registration.payment} />
      <CalendarNote effect="adds the race to your calendar" />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}
