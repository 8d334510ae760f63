import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { marathons } from './marathons.js';

/**
 * A ballot race's seed and draw (issue 35, ADR 035): the seed chosen when the race becomes a ballot, kept secret
 * until the draw; its commitment public once the entry window closes; then the draw's public record.
 */
export const ballotSeeds = pgTable('ballot_seeds', {
  marathonId: uuid('marathon_id')
    .primaryKey()
    .references(() => marathons.id, { onDelete: 'cascade' }),
  /** 32 random bytes as 64 lower-case hex digits. */
  seed: text('seed').notNull(),
  /** The hex SHA-256 of the seed's bytes. */
  seedCommitment: text('seed_commitment').notNull(),
  /** Winners at the draw: the first `winners` of `drawnOrder` won, the others went to the line. Null before it. */
  winners: integer('winners'),
  /**
   * The draw's public record: every entry's id in drawn order, kept as drawn (an entry withdrawn, handed on or
   * deleted later keeps its line). One value, not a row per entry: the draw writes it once.
   */
  drawnOrder: uuid('drawn_order').array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
