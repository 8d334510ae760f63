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
import { CURRENT_TRANSACTION } from './columns.js';
import { marathons } from './marathons.js';
import { registrations } from './registrations.js';

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

/**
 * Runners checked in (issue 33), one row each: the first check-in wins (the primary key), an undo deletes it. Kept
 * apart from registrations so that a race morning's thirty thousand check-ins write one narrow row each, not a
 * new version of a wide row and of its dozen indexes.
 */
export const checkins = pgTable(
  'checkins',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    marathonId: uuid('marathon_id').notNull(),
    /** The scan's time as the phone gave it (within the last day), else the server's. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    /** Who checked the runner in (their name when it was done), on which device, and when the server learnt of it. */
    checkedInBy: text('checked_in_by').notNull(),
    checkedInByUserId: text('checked_in_by_user_id'),
    device: text('device'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The transaction that checked the runner in: a roster's delta lists the entries checked in from its cursor on. */
    rosterVersion: bigint('roster_version', { mode: 'number' }).notNull().default(CURRENT_TRANSACTION),
  },
  (table) => [index('checkins_roster_idx').on(table.marathonId, table.rosterVersion)],
);
