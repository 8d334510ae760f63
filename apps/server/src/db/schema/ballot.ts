import { integer, pgTable, primaryKey, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { BALLOT_OUTCOMES } from '@stride/shared';
import { marathons } from './marathons.js';

/**
 * A ballot race's seed (issue 35, ADR 035): chosen when the race becomes a ballot, kept secret until the draw;
 * its commitment is public once the entry window closes.
 */
export const ballotSeeds = pgTable('ballot_seeds', {
  marathonId: uuid('marathon_id')
    .primaryKey()
    .references(() => marathons.id, { onDelete: 'cascade' }),
  /** 32 random bytes as 64 lower-case hex digits. */
  seed: text('seed').notNull(),
  /** The hex SHA-256 of the seed's bytes. */
  seedCommitment: text('seed_commitment').notNull(),
  /** Winners at the draw; null before it. */
  winners: integer('winners'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The draw's public record: every entry in drawn order and what the draw gave it. Kept as drawn: an entry
 * withdrawn or handed on later keeps its line here (no foreign key to the entry).
 */
export const ballotEntries = pgTable(
  'ballot_entries',
  {
    marathonId: uuid('marathon_id')
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    /** 1-based drawn position. */
    position: integer('position').notNull(),
    registrationId: uuid('registration_id').notNull(),
    outcome: text('outcome', { enum: BALLOT_OUTCOMES }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.marathonId, table.position] }),
    index('ballot_entries_registration_idx').on(table.registrationId),
  ],
);
