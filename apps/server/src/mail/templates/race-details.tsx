import { DEFAULT_TIME_ZONE, DISTANCE_LABELS, formatDateTimeInZone, formatMoney } from '@stride/shared';
import { RACE_CALENDAR_FILENAME } from '../calendar.js';
import { mailLinks } from '../mail-links.js';
import type { PaymentFacts, RaceFacts, RegistrationFacts } from '../mail-payloads.js';
import { FactList, MailLink, Paragraph, SectionHeading } from './layout.js';

/** What every mail about one registration is written from. */
export type RegistrationMailProps = { race: RaceFacts; registration: RegistrationFacts; publicUrl: string };

/** "Sat 1 May 2027, 09:00 WEST": an instant (the start, the end of a hold) as the clocks read it where the race is run. */
export function formatRaceTime(isoDate: string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatDateTimeInZone(isoDate, timeZone);
}

export function RaceFactList({ race }: { race: RaceFacts }) {
  return (
    <FactList
      facts={[
        ['Race', race.title],
        ['Date', formatRaceTime(race.startDate, race.timeZone)],
        ['Location', race.location],
        ['Distance', DISTANCE_LABELS[race.distance]],
      ]}
    />
  );
}

export function RegistrationFactList({ registration }: { registration: RegistrationFacts }) {
  return (
    <>
      <SectionHeading>Your registration</SectionHeading>
      <FactList
        facts={[
          ...(registration.bib != null ? [['Bib number', String(registration.bib)] as [string, string]] : []),
          ['Name', `${registration.firstName} ${registration.lastName}`],
          ['Contact', registration.contact],
          ['Additional info', registration.info || '(none)'],
          ['Registration id', registration.id],
        ]}
      />
    </>
  );
}

/** The race and the entry in brief, for mails about an entry that holds no place. */
export function EntryFactList({ race, registration }: Omit<RegistrationMailProps, 'publicUrl'>) {
  return (
    <FactList
      facts={[
        ['Race', race.title],
        ['Date', formatRaceTime(race.startDate, race.timeZone)],
        ['Registration id', registration.id],
      ]}
    />
  );
}

/** What a runner with a place paid, or still owes on site; nothing for a free entry. */
export function PaymentFactList({ payment }: { payment?: PaymentFacts | null | undefined }) {
  const facts = payment ? paymentFacts(payment) : [];
  if (facts.length === 0) return null;
  return (
    <>
      <SectionHeading>Payment</SectionHeading>
      <FactList facts={facts} />
    </>
  );
}

function paymentFacts({ currency, amountDue, amountPaid, paymentStatus, receiptNumber }: PaymentFacts) {
  const facts: Array<[label: string, value: string]> = [];
  if (amountPaid > 0) {
    facts.push(['Amount paid', formatMoney(amountPaid, currency)]);
    if (receiptNumber) facts.push(['Receipt', receiptNumber]);
  } else if (paymentStatus === 'due') {
    facts.push(['Entry fee', `${formatMoney(amountDue, currency)}, to pay on site`]);
  }
  return facts;
}

/** Said wherever money goes back to a card. */
export function CardRefundNote() {
  return <Paragraph>It may take 5–10 days to appear on your statement.</Paragraph>;
}

export function RaceLinks({ raceId, publicUrl }: { raceId: string; publicUrl: string }) {
  const myApplies = mailLinks.myApplies(publicUrl);
  const racePage = mailLinks.racePage(publicUrl, raceId);
  return (
    <Paragraph>
      My Apply List, to see, change or cancel your registration:{' '}
      <MailLink href={myApplies}>{myApplies}</MailLink>
      <br />
      The race page: <MailLink href={racePage}>{racePage}</MailLink>
    </Paragraph>
  );
}

/** The line about the calendar file a registration mail carries; `effect` says what opening it does. */
export function CalendarNote({ effect }: { effect: string }) {
  return (
    <Paragraph>
      The attached calendar file ({RACE_CALENDAR_FILENAME}) {effect}.
    </Paragraph>
  );
}
