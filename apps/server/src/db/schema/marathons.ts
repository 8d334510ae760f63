import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CAPACITY_LIMITS, DISTANCES } from '@stride/shared';
import { users } from './auth.js';
import { timestamps } from './columns.js';

/** A race (SPEC.md §3). The creator's email is read through `creatorId`, never copied. */
export const marathons = pgTable(
  'marathons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    startRegDate: timestamp('start_reg_date', { withTimezone: true }).notNull(),
    endRegDate: timestamp('end_reg_date', { withTimezone: true }).notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    location: text('location').notNull(),
    distance: text('distance', { enum: DISTANCES }).notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Registered runners: those holding a place (and a bib). */
    totalRegistrationCount: integer('total_registration_count').notNull().default(0),
    /** The field limit, or null for none. */
    capacity: integer('capacity'),
    /** Runners in line for a place. */
    waitlistCount: integer('waitlist_count').notNull().default(0),
    /** The last bib number given in this race: the next runner to get a place gets this + 1, never a used one. */
    bibsIssued: integer('bibs_issued').notNull().default(0),
    /** Raised when the start date or location changes: the SEQUENCE of the race's calendar entries. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    // Columns are NOT NULL, so ascending indexes also serve the descending orders (scanned backwards).
    index('marathons_created_at_idx').on(table.createdAt, table.id),
    index('marathons_start_date_idx').on(table.startDate, table.id),
    index('marathons_creator_id_idx').on(table.creatorId, table.createdAt, table.id),
    // Matches ORDER BY total_registration_count DESC, start_date, id exactly (DESC defaults to NULLS FIRST).
    index('marathons_featured_idx').on(
      table.totalRegistrationCount.desc().nullsFirst(),
      table.startDate,
      table.id,
    ),
    // The list's search (issue 14): typo-forgiving word matches in title and location (pg_trgm's word
    // similarity), and words of the description (full text, the 'simple' configuration: no language's stemming).
    index('marathons_search_idx').using(
      'gin',
      sql`(${table.title} || ' ' || ${table.location}) gin_trgm_ops`,
    ),
    index('marathons_description_idx').using('gin', sql`to_tsvector('simple', ${table.description})`),
    check(
      'marathons_distance_check',
      sql`${table.distance} in (${sql.raw(DISTANCES.map((d) => `'${d}'`).join(', '))})`,
    ),
    check('marathons_registration_count_check', sql`${table.totalRegistrationCount} >= 0`),
    check('marathons_waitlist_count_check', sql`${table.waitlistCount} >= 0`),
    check(
      'marathons_capacity_check',
      sql`${table.capacity} between ${sql.raw(String(CAPACITY_LIMITS.min))} and ${sql.raw(String(CAPACITY_LIMITS.max))}`,
    ),
    check(
      'marathons_within_capacity_check',
      sql`${table.capacity} is null or ${table.totalRegistrationCount} <= ${table.capacity}`,
    ),
  ],
);
