import { MailLayout, Paragraph } from './layout.js';
import { RaceFactList, RaceLinks, RegistrationFactList, type RegistrationMailProps } from './race-details.js';

export function WaitlistJoinedMail({
  race,
  registration,
  waitlistPosition,
  publicUrl,
}: RegistrationMailProps & { waitlistPosition: number }) {
  return (
    <MailLayout
      preview={`${race.title} is full: you're on the waitlist, number ${waitlistPosition}.`}
      heading={`You're on the waitlist: number ${waitlistPosition}`}
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        This race is full, so you are in line for a place: number {waitlistPosition} when you joined. When a
        runner withdraws or the organizer adds places, the next in line is registered and gets a bib number;
        we will write to you the moment it is you.
      </Paragraph>
      <RaceFactList race={race} />
      <RegistrationFactList registration={registration} />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}
