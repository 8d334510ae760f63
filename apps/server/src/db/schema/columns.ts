import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` and `updated_at` (timestamptz), the latter refreshed by every Drizzle update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * The transaction that last changed a row, as a number (`pg_current_xact_id()`): what a check-in roster's cursor
 * compares. A cursor is the oldest transaction still running when a roster was read (its snapshot's xmin), so a
 * change committed after that read always has a larger number, whatever order transactions commit in.
 */
export const CURRENT_TRANSACTION = sql`(pg_current_xact_id()::text)::bigint`;
