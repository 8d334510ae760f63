import { formatMoney } from '@stride/shared';
import { MailLayout, Paragraph } from './layout.js';
import { CardRefundNote, EntryFactList, type RegistrationMailProps } from './race-details.js';

type PaymentRefundedFullMailProps = RegistrationMailProps & { amount: number; currency: string };

/** A payment that arrived after its hold was released, when no place was left: all of it goes back. */
export function PaymentRefundedFullMail({
  race,
  registration,
  amount,
  currency,
  publicUrl,
}: PaymentRefundedFullMailProps) {
  const money = formatMoney(amount, currency);
  return (
    <MailLayout
      preview={`${race.title} filled up before your payment arrived: ${money} is refunded.`}
      heading="Payment refunded"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        Your payment for {race.title} arrived after the place held for you had been released, and the race is
        now full, so there is no place for you. The full amount, {money}, is being refunded to your card.
      </Paragraph>
      <CardRefundNote />
      <EntryFactList race={race} registration={registration} />
    </MailLayout>
  );
}
