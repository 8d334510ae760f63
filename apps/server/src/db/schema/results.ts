import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GENDERS, RESULT_STATUSES, type ResultsSummary } from '@stride/shared';
import { marathons } from './marathons.js';
import { registrations } from './registrations.js';

/**
 * A race's results as a whole (issue 34): when they last changed and were published, and their summary under
 * each ranking (kept with the rows, so a results page reads it at once).
 */
export const raceResultSets = pgTable('race_result_sets', {
  marathonId: uuid('marathon_id')
    .primaryKey()
    .references(() => marathons.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null while unpublished. */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  /** The first publication, which mailed the finishers: set once. */
  firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
  summaries: jsonb('summaries').$type<{ chip: ResultsSummary; gun: ResultsSummary }>().notNull(),
  /**
   * How many results each filter of gender, age group and status (and each pair, and all three) matches, by
   * `filterKey` (places.ts): a page's total without counting rows.
   */
  filterCounts: jsonb('filter_counts').$type<Record<string, number>>().notNull().default({}),
});

/**
 * A registered runner's result, as the last import gave it, with its places under either ranking (chip or gun
 * time first), so that changing the race's `rankBy` changes no row. `ordinal_*` is the row's position in the
 * results' order (finishers by place, then DNF, DNS, DQ), what pages are read by. The runner's name, gender and
 * age group are those at the import.
 */
export const raceResults = pgTable(
  'race_results',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    marathonId: uuid('marathon_id').notNull(),
    bib: integer('bib').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** "first last" in lower case without accents (searchTextOf): what `q` looks in. */
    searchText: text('search_text').notNull(),
    gender: text('gender', { enum: GENDERS }),
    ageGroup: text('age_group'),
    chipMs: integer('chip_ms'),
    gunMs: integer('gun_ms'),
    status: text('status', { enum: RESULT_STATUSES }).notNull(),
    chipPlace: integer('chip_place'),
    chipGenderPlace: integer('chip_gender_place'),
    chipAgeGroupPlace: integer('chip_age_group_place'),
    chipOrdinal: integer('chip_ordinal').notNull(),
    gunPlace: integer('gun_place'),
    gunGenderPlace: integer('gun_gender_place'),
    gunAgeGroupPlace: integer('gun_age_group_place'),
    gunOrdinal: integer('gun_ordinal').notNull(),
  },
  (table) => [
    index('race_results_chip_idx').on(table.marathonId, table.chipOrdinal),
    index('race_results_gun_idx').on(table.marathonId, table.gunOrdinal),
    // A gender's, an age group's or a division's page: a range of its index in the ranking's order.
    index('race_results_gender_chip_idx').on(table.marathonId, table.gender, table.chipOrdinal),
    index('race_results_age_group_chip_idx').on(table.marathonId, table.ageGroup, table.chipOrdinal),
    index('race_results_division_chip_idx').on(
      table.marathonId,
      table.gender,
      table.ageGroup,
      table.chipOrdinal,
    ),
    index('race_results_gender_gun_idx').on(table.marathonId, table.gender, table.gunOrdinal),
    index('race_results_age_group_gun_idx').on(table.marathonId, table.ageGroup, table.gunOrdinal),
    index('race_results_division_gun_idx').on(
      table.marathonId,
      table.gender,
      table.ageGroup,
      table.gunOrdinal,
    ),
    index('race_results_bib_idx').on(table.marathonId, table.bib),
    // A search by name: trigrams of search_text beside the race (btree_gin), as the desk's.
    index('race_results_search_idx').using('gin', table.marathonId, table.searchText.op('gin_trgm_ops')),
  ],
);
