import { mailLinks } from '../mail-links.js';
import { MailLayout, MailLink, Paragraph } from './layout.js';
import { EntryFactList, type RegistrationMailProps } from './race-details.js';

/** The place held while the runner paid went back: the payment was not completed in time. */
export function HoldReleasedMail({ race, registration, publicUrl }: RegistrationMailProps) {
  const racePage = mailLinks.racePage(publicUrl, race.id);
  return (
    <MailLayout
      preview={`The place held for you in ${race.title} was released.`}
      heading="Your place was released"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        The place held for you in {race.title} while you paid was released, because the payment was not
        completed in time.
      </Paragraph>
      <EntryFactList race={race} registration={registration} />
      <Paragraph>
        If places are left, you can enter again on the race page:{' '}
        <MailLink href={racePage}>{racePage}</MailLink>
      </Paragraph>
    </MailLayout>
  );
}
