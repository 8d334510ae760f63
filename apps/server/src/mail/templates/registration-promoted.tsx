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
export function RegistrationPromotedMail({
  race,
  registration,
  pass,
  publicUrl,
}: RegistrationMailProps & { pass?: RacePass | undefined }) {
  return (
    <MailLayout
      preview={`A place opened up in ${race.title}: you're registered.`}
      heading="A place opened up: you're registered"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        A place opened up in this race and it is yours: you have moved from the waitlist to the field
        {registration.bib != null && <>, with bib number {registration.bib}</>}. See you at the start line!
      </Paragraph>
      <RaceFactList race={race} />
      <RegistrationFactList registration={registration} />
      <PaymentFactList payment={registration.payment} />
      {pass && <RacePassSection pass={pass} registrationId={registration.id} publicUrl={publicUrl} />}
      <CalendarNote effect="adds the race to your calendar" />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}
