import { type SQL, sql } from 'drizzle-orm';
import type { Distance, Gender, RankBy, Result, ResultStatus, ResultsSummary } from '@stride/shared';
import { isoInstant } from '../../db/json-text.js';
import { RESULT } from '../../db/result-shape.js';
import type { Executor } from '../../db/transaction.js';
import { RACE_FACTS } from '../../mail/fact-shapes.js';
import type { RankedResult } from './places.js';

/** A race as its results need it. */
export type ResultsRace = {
  id: string;
  creatorId: string;
  title: string;
  distance: Distance;
  /** Its day where it is run, YYYY-MM-DD: ages are counted on it. */
  raceDay: string;
  ageGroups: number[] | null;
  rankBy: RankBy;
};

/** The race's results as a whole; null before any import. */
export type ResultSet = {
  updatedAt: string;
  publishedAt: string | null;
  summaries: Record<RankBy, ResultsSummary>;
  /** By `filterKey` (places.ts). */
  filterCounts: Record<string, number>;
};

/** A registered entry of the race that a row of the file names by its bib. */
export type BibEntry = {
  id: string;
  userId: string;
  bib: number;
  firstName: string;
  lastName: string;
  gender: Gender | null;
  dateOfBirth: string | null;
};

/** What a page of results is narrowed to. */
export type ResultFilters = {
  q?: string | undefined;
  gender?: Gender | undefined;
  ageGroup?: string | undefined;
  status?: ResultStatus | undefined;
};

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** A `q` that is all digits is a bib; else words of the runner's name, in order, anywhere. */
function matching(raceId: string, { q, gender, ageGroup, status }: ResultFilters): SQL {
  const parts: SQL[] = [sql`result.marathon_id = ${raceId}`];
  if (q !== undefined) {
    const words = q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
    const byName = sql`result.search_text like ${`%${words.split(/\s+/).join('%')}%`}`;
    parts.push(/^\d{1,9}$/.test(q) ? sql`(result.bib = ${Number(q)} or ${byName})` : byName);
  }
  if (gender !== undefined) parts.push(sql`result.gender = ${gender}`);
  if (ageGroup !== undefined) parts.push(sql`result.age_group = ${ageGroup}`);
  if (status !== undefined) parts.push(sql`result.status = ${status}`);
  return sql.join(parts, sql` and `);
}

const FROM_RESULTS = sql`race_results result join marathons race on race.id = result.marathon_id`;

/** The results' order under a ranking: a column of its own, each with its index (race_results_chip_idx, _gun_idx). */
const ordinalOf = (rankBy: RankBy) => sql.raw(`result.${rankBy === 'gun' ? 'gun' : 'chip'}_ordinal`);

/** Results (issue 34): the race, its entries by bib, the results stored, published and read. */
export function createResultsRepository(db: Executor) {
  return {
    async findRace(raceId: string): Promise<ResultsRace | null> {
      const [row] = rowsOf<ResultsRace>(
        await db.execute(sql`
          select id, creator_id as "creatorId", title, distance, to_char(start_day, 'YYYY-MM-DD') as "raceDay",
            age_groups as "ageGroups", rank_by as "rankBy"
          from marathons where id = ${raceId}`),
      );
      return row ?? null;
    },

    async findResultSet(raceId: string): Promise<ResultSet | null> {
      const [row] = rowsOf<ResultSet>(
        await db.execute(sql`
          select ${isoInstant(sql`updated_at`)} as "updatedAt", ${isoInstant(sql`published_at`)} as "publishedAt",
            summaries, filter_counts as "filterCounts"
          from race_result_sets where marathon_id = ${raceId}`),
      );
      return row ?? null;
    },

    /** The race's registered entries with these bibs. */
    async findRegisteredByBibs(raceId: string, bibs: readonly number[]): Promise<BibEntry[]> {
      if (bibs.length === 0) return [];
      return rowsOf<BibEntry>(
        await db.execute(sql`
          select id, user_id as "userId", bib, first_name as "firstName", last_name as "lastName", gender,
            to_char(date_of_birth, 'YYYY-MM-DD') as "dateOfBirth"
          from registrations
          where marathon_id = ${raceId} and status = 'registered'
            and bib in (select value::int from jsonb_array_elements_text(${JSON.stringify(bibs)}::jsonb))`),
      );
    },

    /** Holds the race's results for this transaction: imports and publications of one race take turns. */
    async lockResults(raceId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`race-results:${raceId}`}, 0))`);
    },

    /**
     * Makes the race's results these, in two statements: rows that differ are written (the others left as they
     * are), rows of runners no longer in the file deleted. Answers the ids of the runners whose result changed.
     */
    async replaceResults(raceId: string, ranked: readonly RankedResult[]): Promise<string[]> {
      const rows = ranked.map((result) => ({
        registration_id: result.registrationId,
        bib: result.bib,
        first_name: result.firstName,
        last_name: result.lastName,
        search_text: `${result.firstName} ${result.lastName}`.toLowerCase(),
        gender: result.gender,
        age_group: result.ageGroup,
        chip_ms: result.chipMs,
        gun_ms: result.gunMs,
        status: result.status,
        chip_place: result.chip.place,
        chip_gender_place: result.chip.genderPlace,
        chip_age_group_place: result.chip.ageGroupPlace,
        chip_ordinal: result.chip.ordinal,
        gun_place: result.gun.place,
        gun_gender_place: result.gun.genderPlace,
        gun_age_group_place: result.gun.ageGroupPlace,
        gun_ordinal: result.gun.ordinal,
      }));
      const columns = sql.raw(Object.keys(rows[0] ?? { registration_id: '' }).join(', '));
      const written =
        rows.length === 0
          ? []
          : rowsOf<{ id: string }>(
              await db.execute(sql`
                insert into race_results (marathon_id, ${columns})
                select ${raceId}, ${columns}
                from jsonb_populate_recordset(null::race_results, ${JSON.stringify(rows)}::jsonb)
                on conflict (registration_id) do update set (${columns}) = row(${sql.raw(
                  Object.keys(rows[0]!)
                    .map((column) => `excluded.${column}`)
                    .join(', '),
                )})
                where (race_results.*) is distinct from (excluded.*)
                returning registration_id::text as id`),
            );
      const kept = JSON.stringify(ranked.map((result) => result.registrationId));
      const deleted = rowsOf<{ id: string }>(
        await db.execute(sql`
          delete from race_results
          where marathon_id = ${raceId}
            and registration_id not in (select value::uuid from jsonb_array_elements_text(${kept}::jsonb))
          returning registration_id::text as id`),
      );
      return [...written, ...deleted].map((row) => row.id);
    },

    /** The runners (user ids) of the entries with a result in the race. */
    async findRunnerIds(raceId: string): Promise<string[]> {
      return rowsOf<{ id: string }>(
        await db.execute(sql`
          select registration.user_id as id from race_results result
            join registrations registration on registration.id = result.registration_id
          where result.marathon_id = ${raceId}`),
      ).map((row) => row.id);
    },

    /** The runners (user ids) of the given entries. */
    async findRunnerIdsOf(registrationIds: readonly string[]): Promise<string[]> {
      if (registrationIds.length === 0) return [];
      return rowsOf<{ id: string }>(
        await db.execute(sql`
          select user_id as id from registrations
          where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(registrationIds)}::jsonb))`),
      ).map((row) => row.id);
    },

    /** Stores the race's summaries and filter counts with `updated_at` now; answers that time. */
    async saveResultSet(
      raceId: string,
      summaries: Record<RankBy, ResultsSummary>,
      filterCounts: Record<string, number>,
    ): Promise<string> {
      const [row] = rowsOf<{ updatedAt: string }>(
        await db.execute(sql`
          insert into race_result_sets (marathon_id, summaries, filter_counts)
          values (${raceId}, ${JSON.stringify(summaries)}::jsonb, ${JSON.stringify(filterCounts)}::jsonb)
          on conflict (marathon_id) do update
            set summaries = excluded.summaries, filter_counts = excluded.filter_counts, updated_at = now()
          returning ${isoInstant(sql`updated_at`)} as "updatedAt"`),
      );
      return row!.updatedAt;
    },

    /**
     * Publishes or withdraws the results; null when there are none. `first`: this call published them for the
     * first time (set once, whatever comes after).
     */
    async setPublished(
      raceId: string,
      published: boolean,
    ): Promise<{ publishedAt: string | null; first: boolean } | null> {
      const [row] = rowsOf<{ publishedAt: string | null; first: boolean }>(
        await db.execute(sql`
          with before as (select first_published_at from race_result_sets where marathon_id = ${raceId})
          update race_result_sets set
            published_at = case when ${published} then coalesce(published_at, now()) end,
            first_published_at = case when ${published} then coalesce(first_published_at, now())
              else first_published_at end
          where marathon_id = ${raceId}
          returning ${isoInstant(sql`published_at`)} as "publishedAt",
            ${published} and (select first_published_at from before) is null as first`),
      );
      return row ?? null;
    },

    /**
     * Queues "Your result" for each finisher of the race, in one INSERT … SELECT (the runner's address, the race's
     * facts, the result under its ranking and the count of finishers). Answers how many.
     */
    async enqueueResultMails(raceId: string, finishers: number): Promise<number> {
      const [row] = rowsOf<{ count: number }>(
        await db.execute(sql`
          with queued as (
            insert into mail_outbox (recipient, payload)
            select runner.email, jsonb_build_object('kind', 'result-published', 'race', ${RACE_FACTS.jsonb},
              'result', ${RESULT.jsonb}, 'finishers', ${finishers}::int)
            from ${FROM_RESULTS}
              join registrations registration on registration.id = result.registration_id
              join users runner on runner.id = registration.user_id
            where result.marathon_id = ${raceId} and result.status = 'FIN'
            returning 1)
          select count(*)::int as count from queued`),
      );
      return row!.count;
    },

    /**
     * A page of the race's results in their order under its ranking: a range of ordinals where the page's rows are
     * consecutive in that order (`from`: the first ordinal of what it shows), else the matching rows' ids first
     * and only the page's rows written out. `total` counted only when not known.
     */
    async findPage(
      raceId: string,
      rankBy: RankBy,
      filters: ResultFilters,
      page: { limit: number; offset: number },
      known: { total: number; from: number | null } | null,
    ): Promise<{ results: Result[]; total: number }> {
      const where = matching(raceId, filters);
      const ordinal = ordinalOf(rankBy);
      const rows =
        known?.from != null
          ? db.execute(sql`
              select ${RESULT.columns} from ${FROM_RESULTS}
              where ${where} and ${ordinal} between ${known.from + page.offset} and ${known.from + page.offset + page.limit - 1}
              order by ${ordinal}`)
          : db.execute(sql`
              with page_ids as (
                select result.registration_id, ${ordinal} as ordinal from race_results result
                where ${where} order by ${ordinal} limit ${page.limit} offset ${page.offset}
              )
              select ${RESULT.columns} from page_ids
                join race_results result on result.registration_id = page_ids.registration_id
                join marathons race on race.id = result.marathon_id
              order by page_ids.ordinal`);
      const [results, total] = await Promise.all([
        rows.then((result) => rowsOf<Result>(result)),
        known
          ? known.total
          : db
              .execute(sql`select count(*)::int as total from race_results result where ${where}`)
              .then((result) => rowsOf<{ total: number }>(result)[0]!.total),
      ]);
      return { results, total };
    },

    /** One runner's result by bib, or null. */
    async findResult(raceId: string, bib: number): Promise<Result | null> {
      const [row] = rowsOf<Result>(
        await db.execute(sql`
          select ${RESULT.columns} from ${FROM_RESULTS} where result.marathon_id = ${raceId} and result.bib = ${bib}`),
      );
      return row ?? null;
    },

    /** The results of a file, in order (the CSV), `limit` after the `after`th. */
    async findChunk(
      raceId: string,
      rankBy: RankBy,
      filters: ResultFilters,
      after: number,
      limit: number,
    ): Promise<Array<Result & { ordinal: number }>> {
      return rowsOf<Result & { ordinal: number }>(
        await db.execute(sql`
          select ${RESULT.columns}, ${ordinalOf(rankBy)} as ordinal from ${FROM_RESULTS}
          where ${matching(raceId, filters)} and ${ordinalOf(rankBy)} > ${after}
          order by ${ordinalOf(rankBy)}
          limit ${limit}`),
      );
    },
  };
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
