import {
  PARTICIPANTS_CSV_CHECKIN_HEADER,
  PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
  PARTICIPANTS_CSV_HEADER,
  PARTICIPANTS_CSV_PAYMENT_HEADER,
  type Participant,
  type Question,
  RETIRED_QUESTION_SUFFIX,
  formatIsoInZone,
  minorUnitDigits,
} from '@stride/shared';
import { BYTE_ORDER_MARK, csvLine, slugify } from '../../lib/csv.js';

/** What of the race the file's columns follow: its zone, and its questions asked and retired. */
export type CsvRace = { timeZone: string; questions: Question[]; retiredQuestions: Question[] };

/** The file's start: the byte order mark and the header row, a column per question (asked, then retired). */
export function participantsCsvStart({ questions, retiredQuestions }: CsvRace): string {
  return (
    BYTE_ORDER_MARK +
    csvLine([
      ...PARTICIPANTS_CSV_HEADER,
      ...PARTICIPANTS_CSV_ENTRY_FORM_HEADER,
      ...PARTICIPANTS_CSV_PAYMENT_HEADER,
      ...PARTICIPANTS_CSV_CHECKIN_HEADER,
      ...questions.map((question) => question.label),
      ...retiredQuestions.map((question) => question.label + RETIRED_QUESTION_SUFFIX),
    ])
  );
}

/**
 * An amount in minor units as a decimal number in the currency's major unit, with as many decimals as its minor
 * unit has (4500 EUR → 45.00, 4500 JPY → 4500), as spreadsheets read numbers; empty without a currency. Written
 * from the digits, never through a float.
 */
export function amountCell(amount: number, currency: string | null): string | null {
  if (currency === null) return null;
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(amount);
  const padded = String(amount).padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const answerCell = (answer: string | boolean | undefined) =>
  answer === undefined ? null : typeof answer === 'boolean' ? (answer ? 'yes' : 'no') : answer;

/**
 * A participant as a CSV line, in the order of {@link participantsCsvStart}'s header. Times ("Registered At",
 * "Waiver Accepted At") are ISO 8601 with the race zone's offset (2027-03-14T09:00:00+01:00): the time as read
 * where the race is, still one exact instant; "Checked In At" is ISO 8601 in UTC (2027-03-14T07:42:00.000Z). Amounts are decimals in the currency's major unit ({@link amountCell}).
 * A checkbox's answer is yes or no; a question unanswered is empty.
 */
export function participantCsvLine(participant: Participant, race: CsvRace): string {
  const { timeZone } = race;
  const { answers } = participant;
  return csvLine([
    participant.bib,
    participant.status,
    participant.waitlistPosition,
    participant.firstName,
    participant.lastName,
    participant.email,
    participant.contact,
    participant.info,
    formatIsoInZone(participant.timestamp, timeZone),
    participant.dateOfBirth,
    participant.ageOnRaceDay,
    participant.ageGroup,
    participant.gender,
    participant.tShirtSize,
    participant.emergencyContact?.name ?? null,
    participant.emergencyContact?.phone ?? null,
    participant.waiverVersion,
    participant.waiverAcceptedAt === null ? null : formatIsoInZone(participant.waiverAcceptedAt, timeZone),
    participant.paymentStatus,
    amountCell(participant.amountDue, participant.currency),
    amountCell(participant.amountPaid, participant.currency),
    amountCell(participant.amountRefunded, participant.currency),
    participant.currency,
    participant.discountCode,
    participant.receiptNumber,
    participant.checkedInAt,
    ...race.questions.map((question) => answerCell(answers[question.id])),
    ...race.retiredQuestions.map((question) => answerCell(answers[question.id])),
  ]);
}

export const participantsCsvFilename = (raceTitle: string) => `${slugify(raceTitle)}-participants.csv`;
