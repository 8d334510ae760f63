import { mailLinks } from '../mail-links.js';
import type { RaceFacts } from '../mail-payloads.js';
import { MailLayout, MailLink, Paragraph } from './layout.js';
import { formatRaceTime, RaceFactList } from './race-details.js';

type TransferOfferedMailProps = {
  race: RaceFacts;
  fromName: string;
  token: string;
  expiresAt: string;
  publicUrl: string;
};

/** A runner offers their place to this address; the link shows the offer to the receiver signed in with it. */
export function TransferOfferedMail({
  race,
  fromName,
  token,
  expiresAt,
  publicUrl,
}: TransferOfferedMailProps) {
  const openUntil = formatRaceTime(expiresAt, race.timeZone);
  return (
    <MailLayout
      preview={`${fromName} offers you their place in ${race.title}, until ${openUntil}.`}
      heading="A runner offers you their place"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {fromName} offers you their place in {race.title}. The offer is open until {openUntil}.
      </Paragraph>
      <RaceFactList race={race} />
      <Paragraph>
        <MailLink href={mailLinks.transfer(publicUrl, token)}>Accept the place</MailLink>
      </Paragraph>
      <Paragraph>
        Sign in to Stride with this e-mail address (or sign up with it) to accept. If you do not want the
        place, ignore this mail: nothing changes.
      </Paragraph>
    </MailLayout>
  );
}
