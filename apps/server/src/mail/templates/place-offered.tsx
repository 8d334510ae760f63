import { HeldPlacePayment } from './held-place.js';
import { MailLayout, Paragraph } from './layout.js';
import { formatRaceTime, RaceFactList, type RegistrationMailProps } from './race-details.js';

/** A place held for a runner from the waitlist of a paid race, until they pay or the hold ends. */
export function PlaceOfferedMail({
  race,
  registration,
  holdExpiresAt,
  publicUrl,
}: RegistrationMailProps & { holdExpiresAt: string }) {
  const heldUntil = formatRaceTime(holdExpiresAt, race.timeZone);
  return (
    <MailLayout
      preview={`A place opened up in ${race.title}: pay by ${heldUntil} to take it.`}
      heading="A place opened up for you"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        A place opened up in {race.title} and it goes to you from the waitlist: it is held for you until{' '}
        {heldUntil}.
      </Paragraph>
      <HeldPlacePayment raceId={race.id} payment={registration.payment} publicUrl={publicUrl} />
      <RaceFactList race={race} />
    </MailLayout>
  );
}
