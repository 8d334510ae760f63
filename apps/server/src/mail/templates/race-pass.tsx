import { mailLinks } from '../mail-links.js';
import { FactList, MailLink, Paragraph, SectionHeading } from './layout.js';

/** The QR code's size in the mail, in CSS pixels: large enough to scan from a phone held at arm's length. */
export const RACE_PASS_IMAGE_SIZE = 240;

/** The race pass a mail shows: its check-in code, and the Content-ID of the QR code's image attached to the mail. */
export type RacePass = { checkinCode: string; cid: string };

/** The Content-ID of a registration's race pass image: unique to the entry, as a Content-ID must be within a mail. */
export const racePassCid = (registrationId: string) => `race-pass-${registrationId}@stride`;

/** The race pass: its QR code (an inline image of the mail, `cid:`), the code as text and the pass page's link. */
export function RacePassSection({
  pass,
  registrationId,
  publicUrl,
}: {
  pass: RacePass;
  registrationId: string;
  publicUrl: string;
}) {
  const passPage = mailLinks.racePass(publicUrl, registrationId);
  return (
    <>
      <SectionHeading>Your race pass</SectionHeading>
      <Paragraph>Show this QR code at check-in on race day.</Paragraph>
      <img
        src={`cid:${pass.cid}`}
        alt="Race pass QR code"
        width={RACE_PASS_IMAGE_SIZE}
        height={RACE_PASS_IMAGE_SIZE}
        // A QR code stays dark on light in a dark-mode mail program: the image carries its own white margin.
        style={{ display: 'block', width: RACE_PASS_IMAGE_SIZE, height: RACE_PASS_IMAGE_SIZE, border: 0 }}
      />
      <FactList facts={[['Check-in code', pass.checkinCode]]} />
      <Paragraph>
        Your race pass, also offline once opened: <MailLink href={passPage}>{passPage}</MailLink>
      </Paragraph>
    </>
  );
}
