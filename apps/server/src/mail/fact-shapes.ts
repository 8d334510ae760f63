import { sql } from 'drizzle-orm';
import { isoInstant } from '../db/json-text.js';
import { defineShape } from '../db/shape.js';
import type { RaceFacts, RegistrationFacts } from './mail-payloads.js';

/** A race as mails and calendar files describe it, from a marathons row aliased `race`. */
export const RACE_FACTS = defineShape<RaceFacts>({
  id: sql`race.id`,
  title: sql`race.title`,
  startDate: isoInstant(sql`race.start_date`),
  location: sql`race.location`,
  distance: sql`race.distance`,
  timeZone: sql`race.time_zone`,
  calendarSequence: sql`race.calendar_sequence`,
});

/** What a runner entered, as their mails repeat it, from a registrations row aliased `registration`. */
const REGISTRATION_FACT_FIELDS = {
  id: sql`registration.id`,
  firstName: sql`registration.first_name`,
  lastName: sql`registration.last_name`,
  contact: sql`registration.contact`,
  info: sql`registration.info`,
  bib: sql`registration.bib`,
  // Null for a free entry, so its mails read as they did before entry fees.
  payment: sql`case when registration.amount_due = 0 and registration.amount_paid = 0 then null
    else json_build_object('currency', registration.currency, 'amountDue', registration.amount_due,
      'amountPaid', registration.amount_paid, 'paymentStatus', registration.payment_status,
      'receiptNumber', registration.receipt_number) end`,
};
export const REGISTRATION_FACTS =
  defineShape<Omit<RegistrationFacts, 'checkinCode'>>(REGISTRATION_FACT_FIELDS);

/**
 * {@link REGISTRATION_FACTS} with the race pass's code while the entry holds a place (issue 33): the facts of the
 * mails that carry the pass, a confirmation and a place from the waitlist.
 */
export const PASS_REGISTRATION_FACTS = defineShape<RegistrationFacts>({
  ...REGISTRATION_FACT_FIELDS,
  checkinCode: sql`case when registration.status = 'registered' then registration.checkin_code end`,
});
