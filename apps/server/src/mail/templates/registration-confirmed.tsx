import { MailLayout, Paragraph } from './layout.js';
import {
  CalendarNote,
  PaymentFactList,
  RaceFactList,
  RaceLinks,
  RegistrationFactList,
  type RegistrationMailProps,
} from './race-details.js';
import { type RacePass, RacePassSection } from './race-pass.js';

/** `pass`: the entry's race pass, when it holds a place (issue 33). */
export function RegistrationConfirmedMail({
  race,
  registration,
  pass,
  publicUrl,
}: RegistrationMailProps & { pass?: RacePass | undefined }) {
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
      {pass && <RacePassSection pass={pass} registrationId={registration.id} publicUrl={publicUrl} />}
      <CalendarNote effect="adds the race to your calendar" />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}
