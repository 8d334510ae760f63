import { formatMoney } from '@stride/shared';
import { mailLinks } from '../mail-links.js';
import { FactList, MailLayout, MailLink, Paragraph } from './layout.js';
import { formatRaceTime, RaceFactList, type RegistrationMailProps } from './race-details.js';

/** A place held for a runner from the waitlist of a paid race, until they pay or the hold ends. */
export function PlaceOfferedMail({
  race,
  registration,
  holdExpiresAt,
  publicUrl,
}: RegistrationMailProps & { holdExpiresAt: string }) {
  const heldUntil = formatRaceTime(holdExpiresAt, race.timeZone);
  const racePage = mailLinks.racePage(publicUrl, race.id);
  const { payment } = registration;
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
      {payment && <FactList facts={[['Amount to pay', formatMoney(payment.amountDue, payment.currency)]]} />}
      <Paragraph>
        <MailLink href={racePage}>Pay now</MailLink>
      </Paragraph>
      <Paragraph>If it is not paid by then, the place goes to the next runner in line.</Paragraph>
      <RaceFactList race={race} />
    </MailLayout>
  );
}
