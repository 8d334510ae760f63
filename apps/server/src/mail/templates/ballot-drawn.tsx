import { MailLayout, FactList, Paragraph } from './layout.js';
import { HeldPlacePayment } from './held-place.js';
import {
  CalendarNote,
  formatRaceTime,
  PaymentFactList,
  RaceFactList,
  RaceLinks,
  RegistrationFactList,
  type RegistrationMailProps,
} from './race-details.js';
import { type RacePass, RacePassSection } from './race-pass.js';

/** Where the entry came out of the ballot's draw: `position` (1-based) of `entries`. */
export type BallotDraw = { position: number; entries: number };

const drawnPosition = ({ position, entries }: BallotDraw) =>
  `${position.toLocaleString('en-US')} of ${entries.toLocaleString('en-US')}`;

/** A ballot winner, registered with a bib; `pass`: the entry's race pass. */
export function BallotWonMail({
  race,
  registration,
  draw,
  pass,
  publicUrl,
}: RegistrationMailProps & { draw: BallotDraw; pass?: RacePass | undefined }) {
  return (
    <MailLayout
      preview={`You won a place in the ballot for ${race.title}: you're registered.`}
      heading="You won a place: you're registered"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        You won a place in the ballot for {race.title}: you are registered
        {registration.bib != null && <>, with bib number {registration.bib}</>}. See you at the start line!
      </Paragraph>
      <FactList facts={[['Drawn position', drawnPosition(draw)]]} />
      <RaceFactList race={race} />
      <RegistrationFactList registration={registration} />
      <PaymentFactList payment={registration.payment} />
      {pass && <RacePassSection pass={pass} registrationId={registration.id} publicUrl={publicUrl} />}
      <CalendarNote effect="adds the race to your calendar" />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}

/** A ballot winner of a paid race: the place is held until `holdExpiresAt` for them to pay online. */
export function BallotWonToPayMail({
  race,
  registration,
  draw,
  holdExpiresAt,
  publicUrl,
}: RegistrationMailProps & { draw: BallotDraw; holdExpiresAt: string }) {
  const heldUntil = formatRaceTime(holdExpiresAt, race.timeZone);
  return (
    <MailLayout
      preview={`You won a place in the ballot for ${race.title}: pay by ${heldUntil} to take it.`}
      heading="You won a place in the ballot"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        You won a place in the ballot for {race.title}: it is held for you until {heldUntil}.
      </Paragraph>
      <FactList facts={[['Drawn position', drawnPosition(draw)]]} />
      <HeldPlacePayment raceId={race.id} payment={registration.payment} publicUrl={publicUrl} />
      <RaceFactList race={race} />
    </MailLayout>
  );
}

/** An entrant not drawn for a place: in line for one at `waitlistPosition` (1 = next). */
export function BallotWaitlistedMail({
  race,
  registration,
  draw,
  waitlistPosition,
  publicUrl,
}: RegistrationMailProps & { draw: BallotDraw; waitlistPosition: number | null }) {
  return (
    <MailLayout
      preview={`You were not drawn for a place in ${race.title}: you're on the waitlist.`}
      heading="Ballot result: you're on the waitlist"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>
        You were not drawn for a place in {race.title} this time, so you are on the waitlist. Places that open
        up go to the runners on it in order; we will write to you the moment it is you.
      </Paragraph>
      <FactList
        facts={[
          ['Drawn position', drawnPosition(draw)],
          ...(waitlistPosition != null
            ? [['Waitlist position', waitlistPosition.toLocaleString('en-US')] as const]
            : []),
        ]}
      />
      <RaceFactList race={race} />
      <RegistrationFactList registration={registration} />
      <RaceLinks raceId={race.id} publicUrl={publicUrl} />
    </MailLayout>
  );
}
