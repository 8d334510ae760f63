import { formatMoney } from '@stride/shared';
import { MailLayout, Paragraph } from './layout.js';
import { CardRefundNote, EntryFactList, type RegistrationMailProps } from './race-details.js';

type RefundMailProps = RegistrationMailProps & {
  amount: number;
  currency: string;
  onSite?: boolean | undefined;
};

/** Money given back for an entry: to the card, or by the organizer in person (`onSite`). */
export function RefundMail({ race, registration, amount, currency, onSite, publicUrl }: RefundMailProps) {
  const money = formatMoney(amount, currency);
  const refund = onSite
    ? `${money} will be paid back to you by the organizer for your entry in ${race.title}.`
    : `${money} is being refunded to your card for your entry in ${race.title}.`;
  return (
    <MailLayout preview={refund} heading="Refund" publicUrl={publicUrl}>
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>{refund}</Paragraph>
      {!onSite && <CardRefundNote />}
      <EntryFactList race={race} registration={registration} />
    </MailLayout>
  );
}
