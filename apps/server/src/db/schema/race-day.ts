import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { STAFF_ROLES, STAFF_STATUSES, type ScanResult } from '@stride/shared';
import { users } from './auth.js';
import { marathons } from './marathons.js';

/**
 * The transaction that last changed a row, as a number (`pg_current_xact_id()`): what a check-in roster's cursor
 * compares. A cursor is the oldest transaction still running when a roster was read (its snapshot's xmin), so a
 * change committed after that read always has a larger number, whatever order transactions commit in.
 */
export const CURRENT_TRANSACTION = sql`(pg_current_xact_id()::text)::bigint`;

/**
 * A race's team (issue 33): invited by email; once the invitee accepts (holding the mailed token), `user_id` is
 * theirs and `status` active.
 */
export const raceStaff = pgTable(
  'race_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    marathonId: uuid('marathon_id')
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('invited'),
    /** The lowercase hex SHA-256 of the mailed token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('race_staff_race_email_unique').on(table.marathonId, table.email),
    // Whether a user is on a race's team (every request of a member), and the races they help with.
    index('race_staff_user_idx')
      .on(table.userId, table.marathonId)
      .where(sql`${table.status} = 'active'`),
    index('race_staff_invited_email_idx')
      .on(table.email)
      .where(sql`${table.status} = 'invited'`),
  ],
);

/**
 * Scans already answered, by the id the phone gave them: a scan sent again (a phone retrying its queue) gets its
 * first answer back and changes nothing.
 */
export const checkinScans = pgTable(
  'checkin_scans',
  {
    marathonId: uuid('marathon_id')
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    scanId: uuid('scan_id').notNull(),
    result: jsonb('result').$type<ScanResult>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.marathonId, table.scanId] })],
);

/**
 * Registered entries deleted (a free entry withdrawn, an account deleted): written by a trigger on registrations
 * (migration 0015), so a roster's delta lists them in `removed`.
 */
export const rosterRemovals = pgTable(
  'roster_removals',
  {
    marathonId: uuid('marathon_id').notNull(),
    registrationId: uuid('registration_id').notNull(),
    rosterVersion: bigint('roster_version', { mode: 'number' }).notNull().default(CURRENT_TRANSACTION),
  },
  (table) => [index('roster_removals_race_idx').on(table.marathonId, table.rosterVersion)],
);
