import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  MONEY_LIMITS,
  DEFAULT_RANK_BY,
  RANK_BY,
  PAYMENT_METHODS,
  CAPACITY_LIMITS,
  DEFAULT_T_SHIRT_SIZES,
  DEFAULT_TIME_ZONE,
  DISTANCES,
  ENTRY_MODES,
  NO_REGISTRATION_FIELDS,
  type Question,
  type RegistrationFields,
} from '@stride/shared';
import { users } from './auth.js';
import { timestamps } from './columns.js';

/** A race (docs/SPEC.md §3). The creator's email is read through `creatorId`, never copied. */
export const marathons = pgTable(
  'marathons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    startRegDate: timestamp('start_reg_date', { withTimezone: true }).notNull(),
    endRegDate: timestamp('end_reg_date', { withTimezone: true }).notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    /** Where the race is run (an IANA name): its dates are instants, shown as the clocks there read them. */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** The day the race starts on where it is run: what the list's `from` and `to` compare. */
    startDay: date('start_day', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`(start_date at time zone time_zone)::date`),
    /**
     * The words of the title and place, and those of 3–40 letters of the description, lower case and without
     * accents: what the list's search matches a word of `q` against (the SQL function is migration 0009's, its
     * accents gone in 0011).
     */
    searchTerms: text('search_terms')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`marathon_search_words(title, location, description)`),
    location: text('location').notNull(),
    distance: text('distance', { enum: DISTANCES }).notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Registered runners: those holding a place (and a bib). */
    totalRegistrationCount: integer('total_registration_count').notNull().default(0),
    /** The field limit, or null for none. */
    capacity: integer('capacity'),
    /** Runners in line for a place. */
    waitlistCount: integer('waitlist_count').notNull().default(0),
    /** The last bib number given in this race: the next runner to get a place gets this + 1, never a used one. */
    bibsIssued: integer('bibs_issued').notNull().default(0),
    /** Raised when the start date or location changes: the SEQUENCE of the race's calendar entries. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    // The entry form (issue 31, ADR 031).
    registrationFields: jsonb('registration_fields')
      .$type<RegistrationFields>()
      .notNull()
      .default(NO_REGISTRATION_FIELDS),
    tShirtSizes: text('t_shirt_sizes').array().notNull().default(DEFAULT_T_SHIRT_SIZES),
    /** The questions asked, in form order. */
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    /** Questions no longer asked, whose answers are kept. */
    retiredQuestions: jsonb('retired_questions').$type<Question[]>().notNull().default([]),
    /** The waiver runners accept, or null for none. */
    waiverText: text('waiver_text'),
    /** The waiver's last version (0: never had one): raised by one whenever its text changes. */
    waiverVersion: integer('waiver_version').notNull().default(0),
    minimumAge: integer('minimum_age'),
    /** Age groups' lower bounds, ascending; null for none. */
    ageGroups: integer('age_groups').array(),
    /**
     * Raised with every change of the race (its form, its dates): an entry checked against one revision is
     * refused by the entry statement when the organizer changed the race meanwhile (it is checked again).
     */
    formRevision: integer('form_revision').notNull().default(0),
    // The prices (issue 32, ADR 032): part of what the entry statement checks by form_revision.
    /** The fee after the last tier, in the currency's minor units; 0 = free. */
    entryFee: integer('entry_fee').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    /** `{ until, entryFee }` ascending by `until`: before a tier's end its fee applies. */
    priceTiers: jsonb('price_tiers')
      .$type<Array<{ until: string; entryFee: number }>>()
      .notNull()
      .default([]),
    paymentMethods: text('payment_methods', { enum: PAYMENT_METHODS }).array().notNull().default(['on_site']),
    refundPercent: integer('refund_percent').notNull().default(0),
    /** Withdrawals before it are refunded `refund_percent` %; null: any time before the race starts. */
    refundUntil: timestamp('refund_until', { withTimezone: true }),
    /** Places held while their runners pay: they count against the capacity like registered ones. */
    pendingCount: integer('pending_count').notNull().default(0),
    /** The last receipt number given in this race. */
    receiptsIssued: integer('receipts_issued').notNull().default(0),
    /** Which time ranks the results (issue 34): a finisher without it is ranked by the other. */
    rankBy: text('rank_by', { enum: RANK_BY }).notNull().default(DEFAULT_RANK_BY),
    // The ballot and transfers (issue 35, ADR 035).
    entryMode: text('entry_mode', { enum: ENTRY_MODES }).notNull().default('first_come'),
    /** When the ballot draws itself; null for a first-come race. */
    ballotDrawAt: timestamp('ballot_draw_at', { withTimezone: true }),
    /** When it was drawn: entries after it are first come. */
    ballotDrawnAt: timestamp('ballot_drawn_at', { withTimezone: true }),
    /** Entries in the ballot, before and after the draw (those withdrawn before it are not). */
    ballotCount: integer('ballot_count').notNull().default(0),
    /** Until when runners may hand their places on; null: no transfers. */
    transfersUntil: timestamp('transfers_until', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // Columns are NOT NULL, so ascending indexes also serve the descending orders (scanned backwards).
    index('marathons_created_at_idx').on(table.createdAt, table.id),
    index('marathons_start_date_idx').on(table.startDate, table.id),
    index('marathons_creator_id_idx').on(table.creatorId, table.createdAt, table.id),
    // Matches ORDER BY total_registration_count DESC, start_date, id exactly (DESC defaults to NULLS FIRST).
    index('marathons_featured_idx').on(
      table.totalRegistrationCount.desc().nullsFirst(),
      table.startDate,
      table.id,
    ),
    // The list's search (ADR 019): a word of `q` is first matched, typos forgiven, against the dictionary of
    // every race's words (marathonSearchTerms); the races holding one of those words come from this index. The
    // description's words outside 3–40 letters are matched exactly (full text, 'simple': no language's stemming).
    index('marathons_search_terms_idx').using('gin', table.searchTerms),
    // The list's day range, and a distance within it, from one index (the range leads: it is what every
    // search by date has; a distance alone is a fifth of the races, no use for an index).
    index('marathons_start_day_idx').on(table.startDay, table.distance),
    // Accents count for nothing (stride_unaccent, migration 0011), as in the search terms.
    index('marathons_description_idx').using(
      'gin',
      sql`to_tsvector('simple', stride_unaccent(${table.description}))`,
    ),
    check(
      'marathons_distance_check',
      sql`${table.distance} in (${sql.raw(DISTANCES.map((d) => `'${d}'`).join(', '))})`,
    ),
    check('marathons_registration_count_check', sql`${table.totalRegistrationCount} >= 0`),
    check('marathons_waitlist_count_check', sql`${table.waitlistCount} >= 0`),
    check('marathons_pending_count_check', sql`${table.pendingCount} >= 0`),
    check('marathons_ballot_count_check', sql`${table.ballotCount} >= 0`),
    check(
      'marathons_entry_mode_check',
      sql`${table.entryMode} in (${sql.raw(ENTRY_MODES.map((mode) => `'${mode}'`).join(', '))})`,
    ),
    // The ballot's due draws (the sweeper's scan).
    index('marathons_ballot_due_idx')
      .on(table.ballotDrawAt)
      .where(sql`${table.entryMode} = 'ballot' and ${table.ballotDrawnAt} is null`),
    check(
      'marathons_entry_fee_check',
      sql`${table.entryFee} between 0 and ${sql.raw(String(MONEY_LIMITS.maxFee))}`,
    ),
    check('marathons_refund_percent_check', sql`${table.refundPercent} between 0 and 100`),
    check(
      'marathons_capacity_check',
      sql`${table.capacity} between ${sql.raw(String(CAPACITY_LIMITS.min))} and ${sql.raw(String(CAPACITY_LIMITS.max))}`,
    ),
    check(
      'marathons_within_capacity_check',
      sql`${table.capacity} is null or ${table.totalRegistrationCount} + ${table.pendingCount} <= ${table.capacity}`,
    ),
  ],
);

/**
 * Every word of every race's search terms (title, place, description), once (kept by the database: triggers on
 * marathons, migrations 0007 and 0009). A word of a search is looked up here with pg_trgm's word similarity, so "lisbn" finds "lisbon" among a
 * few thousand words rather than among every race; the races are then found by the exact words.
 */
export const marathonSearchTerms = pgTable(
  'marathon_search_terms',
  { term: text('term').primaryKey() },
  (table) => [index('marathon_search_terms_trgm_idx').using('gin', sql`${table.term} gin_trgm_ops`)],
);
