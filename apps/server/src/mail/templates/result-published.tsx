import { type Result, placeLine } from '@stride/shared';
import { mailLinks } from '../mail-links.js';
import type { RaceFacts } from '../mail-payloads.js';
import { MailLayout, MailLink, Paragraph } from './layout.js';
import { RaceFactList } from './race-details.js';

type ResultPublishedMailProps = { race: RaceFacts; result: Result; finishers: number; publicUrl: string };

/** A finisher's result, sent once when the race's results are first published. */
export function ResultPublishedMail({ race, result, finishers, publicUrl }: ResultPublishedMailProps) {
  const time = result.chipTimeText ?? result.gunTimeText;
  const places = placeLine(result, finishers);
  return (
    <MailLayout
      preview={`${race.title}: ${time ?? result.status}${places ? `, ${places}` : ''}.`}
      heading="Your result"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {result.firstName},</Paragraph>
      <Paragraph>The results of {race.title} are out. Congratulations on finishing!</Paragraph>
      {result.chipTimeText && <Paragraph>{`Chip time: ${result.chipTimeText}`}</Paragraph>}
      {result.gunTimeText && <Paragraph>{`Gun time: ${result.gunTimeText}`}</Paragraph>}
      {places && <Paragraph>{`Place: ${places}`}</Paragraph>}
      {result.pacePerKm && <Paragraph>{`Pace: ${result.pacePerKm} /km`}</Paragraph>}
      <Paragraph>
        <MailLink href={mailLinks.resultCard(publicUrl, race.id, result.bib)}>
          See and share your result
        </MailLink>
      </Paragraph>
      <RaceFactList race={race} />
    </MailLayout>
  );
}
