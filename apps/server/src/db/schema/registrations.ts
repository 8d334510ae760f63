import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { GENDERS, REGISTRATION_STATUSES } from '@stride/shared';
import { users } from './auth.js';
import { timestamps } from './columns.js';
import { marathons } from './marathons.js';

/**
 * The order runners join waitlists in. Taken while the race's row is locked, so within a race it follows the
 * order in which entries were accepted; a runner's place in line is their rank among the race's waitlisted.
 */
export const waitlistSequence = pgSequence('registrations_waitlist_seq');

/**
 * A runner's entry in a race (docs/SPEC.md §3). The registrant's email and the race's
 * title and start date are joined in from users and marathons, so they never go stale.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    marathonId: uuid('marathon_id')
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    contact: text('contact').notNull(),
    info: text('info').notNull().default(''),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull().default('registered'),
    /** The runner's number in the race, given when they get a place; null while waitlisted. */
    bib: integer('bib'),
    /** The runner's turn in the race's waitlist (from {@link waitlistSequence}); null once registered. */
    waitlistSeq: bigint('waitlist_seq', { mode: 'number' }),
    /**
     * What the organizer's search looks in: "first last email", lower case. Kept by the database (triggers of
     * migration 0004 on this table and on users' email), never written by the app.
     */
    searchText: text('search_text').notNull().default(''),
    // The entry form's answers (issue 31): null where the race does not ask or the runner left it blank.
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender', { enum: GENDERS }),
    tShirtSize: text('t_shirt_size'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    /** The answers to the race's questions by question id (text, or a checkbox's true/false). */
    answers: jsonb('answers').$type<Record<string, string | boolean>>().notNull().default({}),
    waiverVersion: integer('waiver_version'),
    waiverAcceptedAt: timestamp('waiver_accepted_at', { withTimezone: true }),
    // created_at is docs/SPEC.md's `timestamp`: when the runner registered.
    ...timestamps,
  },
  (table) => [
    unique('registrations_marathon_user_unique').on(table.marathonId, table.userId),
    index('registrations_user_id_idx').on(table.userId, table.createdAt, table.id),
    unique('registrations_marathon_bib_unique').on(table.marathonId, table.bib),
    // The race's line in order: who is next, and a runner's place in it (a count of the entries before theirs).
    index('registrations_waitlist_idx')
      .on(table.marathonId, table.waitlistSeq)
      .where(sql`${table.status} = 'waitlisted'`),
    // The organizer's participant list (modules/registrations/participants.repository.ts): one index per order it offers, each ending in the
    // columns a page of ids or a day count reads, so those are index-only scans of the race's entries.
    // Registered by bib, then the line in order ('registered' sorts before 'waitlisted').
    index('registrations_line_idx').on(
      table.marathonId,
      table.status,
      table.bib,
      table.waitlistSeq,
      table.id,
    ),
    index('registrations_name_idx').on(
      table.marathonId,
      table.lastName,
      table.firstName,
      table.id,
      table.status,
    ),
    index('registrations_created_idx').on(table.marathonId, table.createdAt, table.id, table.status),
    // The organizer's search within a race: trigrams of search_text beside the race (btree_gin), so a rare term
    // is found from its trigrams and a common one costs at most a pass over the race's entries.
    index('registrations_search_idx').using('gin', table.marathonId, table.searchText.op('gin_trgm_ops')),
    // The desk's gender and age-group filters within a race (an age group is a range of days of birth): one index,
    // as each more is written by every entry; an age group alone reads the race's part of it.
    index('registrations_gender_idx').on(table.marathonId, table.gender, table.dateOfBirth),
    check(
      'registrations_gender_check',
      sql`${table.gender} in (${sql.raw(GENDERS.map((g) => `'${g}'`).join(', '))})`,
    ),
    check(
      'registrations_status_check',
      sql`(${table.status} = 'registered' and ${table.bib} is not null and ${table.waitlistSeq} is null)
        or (${table.status} = 'waitlisted' and ${table.bib} is null and ${table.waitlistSeq} is not null)`,
    ),
  ],
);
