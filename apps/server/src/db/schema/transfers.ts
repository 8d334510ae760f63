import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TRANSFER_STATUSES } from '@stride/shared';
import { users } from './auth.js';
import { marathons } from './marathons.js';
import { registrations } from './registrations.js';

/**
 * A runner's offer to hand their place to someone by e-mail (issue 35), and, once accepted, the entry's history:
 * who held it before and when it changed hands.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    marathonId: uuid('marathon_id')
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    /** The sender's account, and their name and address as they were: the history outlives the account. */
    fromUserId: text('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromName: text('from_name').notNull(),
    fromEmail: text('from_email').notNull(),
    /** Lower case. */
    toEmail: text('to_email').notNull(),
    toUserId: text('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The lowercase hex SHA-256 of the mailed token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** offered, accepted or withdrawn; an offer past `expires_at` reads as expired. */
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('offered'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('transfers_token_hash_unique').on(table.tokenHash),
    // One open offer per entry.
    uniqueIndex('transfers_open_unique')
      .on(table.registrationId)
      .where(sql`${table.status} = 'offered'`),
    index('transfers_registration_idx').on(table.registrationId, table.createdAt),
  ],
);
