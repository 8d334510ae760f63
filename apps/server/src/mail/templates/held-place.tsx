import { formatMoney } from '@stride/shared';
import { mailLinks } from '../mail-links.js';
import type { PaymentFacts } from '../mail-payloads.js';
import { FactList, MailLink, Paragraph } from './layout.js';

/** What to pay for a place held for the runner, where to pay, and what happens if they don't in time. */
export function HeldPlacePayment({
  raceId,
  payment,
  publicUrl,
}: {
  raceId: string;
  payment?: PaymentFacts | null | undefined;
  publicUrl: string;
}) {
  return (
    <>
      {payment && <FactList facts={[['Amount to pay', formatMoney(payment.amountDue, payment.currency)]]} />}
      <Paragraph>
        <MailLink href={mailLinks.racePage(publicUrl, raceId)}>Pay now</MailLink>
      </Paragraph>
      <Paragraph>If it is not paid by then, the place goes to the next runner in line.</Paragraph>
    </>
  );
}
