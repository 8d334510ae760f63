import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` and `updated_at` (timestamptz), the latter refreshed by every Drizzle update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
