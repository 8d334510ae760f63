import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { timestamps } from './columns.js';
import { marathons } from './marathons.js';

/**
 * A runner's entry in a race (SPEC.md §3). The registrant's email and the race's
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
    // created_at is SPEC.md's `timestamp`: when the runner registered.
    ...timestamps,
  },
  (table) => [
    unique('registrations_marathon_user_unique').on(table.marathonId, table.userId),
    index('registrations_user_id_idx').on(table.userId, table.createdAt, table.id),
  ],
);
