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

/** The receiver of a transfer, registered in the sender's place; `pass`: the entry's new race pass. */
export function TransferReceivedMail({
  race,
  registration,
  fromName,
  pass,
  publicUrl,
}: RegistrationMailProps & { fromName: string; pass?: RacePass | undefined }) {
  return (
    <MailLayout
      preview={`You're registered for ${race.title}: ${fromName} handed their place on to you.`}
      heading="You're registered"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>{fromName} handed their place on to you.</Paragraph>
      <Paragraph>Your registration for this race is confirmed. See you at the start line!</Paragraph>
      <RaceFactList race={race} />
      <RegistrationFactList registration={registration} />
      {/* The sender's payment and receipt are theirs: the receiver only needs to know there is nothing to pay. */}
      {(registration.payment?.amountPaid ?? 0) > 0 ? (
        <Paragraph>The place is already paid for: there is nothing for you to pay.</Paragraph>
      ) : (
        <PaymentFactList payment={registration.payment} />
      )}
      {pass && <RacePassSection pass={pass} registrationId={registration.id} publicUrl={publicUrl} />}
      <CalendarNote effect="adds the race to your calendar" />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}
