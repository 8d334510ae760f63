import { mailLinks } from '../mail-links.js';
import { MailLayout, MailLink, Paragraph } from './layout.js';
import {
  formatRaceTime,
  RaceFactList,
  RegistrationFactList,
  type RegistrationMailProps,
} from './race-details.js';

/** An entry in a race's ballot (issue 35): no place yet, only a chance at the draw. */
export function BallotEnteredMail({
  race,
  registration,
  ballotDrawAt,
  publicUrl,
}: RegistrationMailProps & { ballotDrawAt: string }) {
  const drawAt = formatRaceTime(ballotDrawAt, race.timeZone);
  const racePage = mailLinks.racePage(publicUrl, race.id);
  return (
    <MailLayout
      preview={`You're in the ballot for ${race.title}: the draw is on ${drawAt}.`}
      heading="You're in the ballot"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        You have entered the ballot for {race.title}. The draw is on {drawAt}, and everyone who entered gets a
        mail with the outcome.
      </Paragraph>
      <Paragraph>
        Until the draw, you can withdraw from the ballot on the race page:{' '}
        <MailLink href={racePage}>{racePage}</MailLink>
      </Paragraph>
      <RaceFactList race={race} />
      <RegistrationFactList registration={registration} />
    </MailLayout>
  );
}
