import { mailLinks } from '../mail-links.js';
import type { CancelledBy } from '../mail-payloads.js';
import { MailLayout, MailLink, Paragraph } from './layout.js';
import { CalendarNote, EntryFactList, type RegistrationMailProps } from './race-details.js';

export function RegistrationCancelledMail({
  race,
  registration,
  cancelledBy,
  publicUrl,
}: RegistrationMailProps & { cancelledBy?: CancelledBy | undefined }) {
  const racePage = mailLinks.racePage(publicUrl, race.id);
  return (
    <MailLayout
      preview={`Your registration for ${race.title} is cancelled.`}
      heading="Registration cancelled"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        {cancelledBy === 'organizer'
          ? `The organizer of ${race.title} cancelled your registration.`
          : 'Your registration for this race is cancelled:'}
      </Paragraph>
      <EntryFactList race={race} registration={registration} />
      <CalendarNote effect="removes the race from your calendar" />
      <Paragraph>
        The race page: <MailLink href={racePage}>{racePage}</MailLink>
      </Paragraph>
    </MailLayout>
  );
}
