import { mailLinks } from '../mail-links.js';
import { MailLayout, MailLink, Paragraph } from './layout.js';
import { CalendarNote, EntryFactList, type RegistrationMailProps } from './race-details.js';

/** To the runner who offered their place: the receiver took it, and the entry is theirs no more. */
export function TransferCompletedMail({
  race,
  registration,
  toName,
  publicUrl,
}: RegistrationMailProps & { toName: string }) {
  const racePage = mailLinks.racePage(publicUrl, race.id);
  return (
    <MailLayout
      preview={`Your place in ${race.title} went to ${toName}.`}
      heading="Your place was transferred"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        Your entry in {race.title} now belongs to {toName}: they accepted the place you offered.
      </Paragraph>
      {(registration.payment?.amountPaid ?? 0) > 0 && (
        <Paragraph>The place was transferred as paid, so there is no refund of your entry fee.</Paragraph>
      )}
      <EntryFactList race={race} registration={registration} />
      <CalendarNote effect="removes the race from your calendar" />
      <Paragraph>
        The race page: <MailLink href={racePage}>{racePage}</MailLink>
      </Paragraph>
    </MailLayout>
  );
}
