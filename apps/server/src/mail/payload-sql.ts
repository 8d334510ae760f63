import { type SQL, sql } from 'drizzle-orm';

/**
 * The JSON of a mail payload's facts built inside a statement, for mails queued by the statement that makes
 * the change (`mail-payloads.ts` gives their shape). `table` is the SQL alias of a marathons or registrations
 * row: a name from our own code, never input.
 */
export const raceFactsJson = (table: string): SQL =>
  sql.raw(
    `jsonb_build_object('id', ${table}.id, 'title', ${table}.title, 'startDate', ${table}.start_date, ` +
      `'location', ${table}.location, 'distance', ${table}.distance, ` +
      `'timeZone', ${table}.time_zone, 'calendarSequence', ${table}.calendar_sequence)`,
  );

export const registrationFactsJson = (table: string): SQL =>
  sql.raw(
    `jsonb_build_object('id', ${table}.id, 'firstName', ${table}.first_name, 'lastName', ${table}.last_name, ` +
      `'contact', ${table}.contact, 'info', ${table}.info, 'bib', ${table}.bib)`,
  );
