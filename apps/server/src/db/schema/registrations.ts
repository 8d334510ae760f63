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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  GENDERS,
  LIVE_REGISTRATION_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REGISTRATION_STATUSES,
} from '@stride/shared';
import { users } from './auth.js';
import { CURRENT_TRANSACTION, timestamps } from './columns.js';
import { marathons } from './marathons.js';

/**
 * The order runners join waitlists in. Taken while the race's row is locked, so within a race it follows the
 * order in which entries were accepted; a runner's place in line is their rank among the race's waitlisted.
 */
/** The live statuses as an SQL list, `('registered', …)`: `status in ${LIVE_STATUSES}`. */
export const LIVE_STATUSES = sql.raw(
  `(${LIVE_REGISTRATION_STATUSES.map((status) => `'${status}'`).join(', ')})`,
);

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
    // The payment (issue 32, ADR 032). Amounts in the race's currency's minor units.
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('free'),
    /** The fee this entry pays after any discount, fixed when it is made. */
    amountDue: integer('amount_due').notNull().default(0),
    amountPaid: integer('amount_paid').notNull().default(0),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** An on-site refund owed and not yet recorded as paid back. */
    refundDue: integer('refund_due').notNull().default(0),
    currency: text('currency'),
    discountCodeId: uuid('discount_code_id'),
    /** The code as it was used (it outlives a removed code). */
    discountCode: text('discount_code'),
    receiptNumber: text('receipt_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** While the place is held for payment: when it is released. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The hold's Checkout Session, and how many were made (each attempt has its own idempotency key). */
    checkoutSessionId: text('checkout_session_id'),
    checkoutSessionUrl: text('checkout_session_url'),
    checkoutSessionExpiresAt: timestamp('checkout_session_expires_at', { withTimezone: true }),
    checkoutAttempts: integer('checkout_attempts').notNull().default(0),
    paymentIntent: text('payment_intent'),
    // Race day (issue 33).
    /**
     * What the race pass's QR code holds: 122 random bits (a v4 UUID's, as 32 hex digits), unique, never reused.
     * Only a registered entry's is shown, to its runner; check-in phones get its hash. Given by a trigger
     * (migration 0022) when the entry first gets a place: an entry that never had one has none, so the draw's
     * losers and the line cost its index nothing.
     */
    checkinCode: text('checkin_code'),
    /** The lowercase hex SHA-256 of the check-in code: what the roster sends (the code is hex, so ::bytea is its bytes). */
    checkinCodeHash: text('checkin_code_hash').generatedAlwaysAs(
      sql`encode(sha256(checkin_code::bytea), 'hex')`,
    ),
    /**
     * The transaction that last changed what a check-in phone keeps of the entry (kept by migration 0015's trigger;
     * an undone check-in stamps it too): a roster's delta is the entries changed by transactions from its cursor on.
     */
    rosterVersion: bigint('roster_version', { mode: 'number' }).notNull().default(CURRENT_TRANSACTION),
    /** Where the entry came out of its race's ballot (issue 35): its 1-based position in the drawn order. */
    ballotPosition: integer('ballot_position'),
    // created_at is docs/SPEC.md's `timestamp`: when the runner registered.
    ...timestamps,
  },
  (table) => [
    // One live entry per runner and race; entries kept without a place (cancelled with money, expired holds) may
    // be many.
    uniqueIndex('registrations_marathon_user_unique')
      .on(table.marathonId, table.userId)
      .where(sql`${table.status} in ${LIVE_STATUSES}`),
    unique('registrations_marathon_receipt_unique').on(table.marathonId, table.receiptNumber),
    // Holds to release, soonest first (the sweeper's scan).
    index('registrations_hold_idx')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'pending_payment'`),
    index('registrations_checkout_session_idx').on(table.checkoutSessionId),
    uniqueIndex('registrations_checkin_code_unique').on(table.checkinCode),
    // A roster's delta: the race's entries changed from a cursor on.
    index('registrations_roster_idx').on(table.marathonId, table.rosterVersion),
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
        or (${table.status} = 'waitlisted' and ${table.bib} is null and ${table.waitlistSeq} is not null)
        or (${table.status} = 'pending_payment' and ${table.bib} is null and ${table.waitlistSeq} is null
          and ${table.holdExpiresAt} is not null)
        or (${table.status} = 'ballot' and ${table.bib} is null and ${table.waitlistSeq} is null
          and ${table.holdExpiresAt} is null)
        or (${table.status} in ('cancelled', 'expired') and ${table.bib} is null and ${table.waitlistSeq} is null)`,
    ),
    check(
      'registrations_amounts_check',
      sql`${table.amountDue} >= 0 and ${table.amountPaid} >= 0 and ${table.refundDue} >= 0
        and ${table.amountRefunded} >= 0 and ${table.amountRefunded} + ${table.refundDue} <= ${table.amountPaid}`,
    ),
  ],
);

/**
 * What the organizer's search looks in, a row per entry: "first last email", lower case, without accents. Kept by
 * the database (migration 0023's triggers on registrations and on users' email), never written by the app. Apart
 * from the entry, so that a change of its status (a draw moves 100,000 at once) does not write its trigram index.
 */
export const registrationSearch = pgTable(
  'registration_search',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    marathonId: uuid('marathon_id').notNull(),
    searchText: text('search_text').notNull(),
  },
  (table) => [
    // The search within a race: trigrams of search_text beside the race (btree_gin), so a rare term is found from
    // its trigrams and a common one costs at most a pass over the race's entries.
    index('registration_search_idx').using('gin', table.marathonId, table.searchText.op('gin_trgm_ops')),
  ],
);
