import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

// The rate limits several server processes share (rate-limits/postgres-rate-limit-store.ts, docs/decisions/022). Times
// are epoch milliseconds from the processes' clocks. The migration creates both tables UNLOGGED: losing them in
// a crash only restarts the windows, and their writes then need no WAL flush.

/** Hits per key in a fixed window (API writes per user, better-auth's limits). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: bigint('resets_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
);

/** The latest events per key (failed sign-ins), for sliding windows. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    key: text('key').primaryKey(),
    times: bigint('times', { mode: 'number' }).array().notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('rate_limit_events_expires_at_idx').on(table.expiresAt)],
);
