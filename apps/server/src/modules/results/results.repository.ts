import { type SQL, sql } from 'drizzle-orm';
import type { Distance, Gender, RankBy, Result, ResultStatus, ResultsSummary } from '@stride/shared';
import { isoInstant } from '../../db/json-text.js';
import { RESULT } from '../../db/result-shape.js';
import { preparedStatement } from '../../db/prepared.js';
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

/** A name as `q` is matched with it: lower case, accents folded ("Zoë García" → "zoe garcia"). */
export const searchTextOf = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** A `q` that is all digits is a bib (or part of a name); else words of the runner's name, in order, anywhere. */
function matching(raceId: string, { q, gender, ageGroup, status }: ResultFilters): SQL {
  const parts: SQL[] = [sql`result.marathon_id = ${raceId}`];
  const search = searchOf(q);
  if (search) {
    const byName = sql`result.search_text like ${search.pattern}`;
    parts.push(search.bib === null ? byName : sql`(result.bib = ${search.bib} or ${byName})`);
  }
  if (gender !== undefined) parts.push(sql`result.gender = ${gender}`);
  if (ageGroup !== undefined) parts.push(sql`result.age_group = ${ageGroup}`);
  if (status !== undefined) parts.push(sql`result.status = ${status}`);
  return sql.join(parts, sql` and `);
}

const FROM_RESULTS = sql`race_results result join marathons race on race.id = result.marathon_id`;

/** The results' order under a ranking: a column of its own, each with its index (race_results_chip_idx, _gun_idx). */
const ordinalOf = (rankBy: RankBy) => sql.raw(`result.${rankBy === 'gun' ? 'gun' : 'chip'}_ordinal`);

/** A search's LIKE pattern (words in order, anywhere) and, for one that is all digits, the bib it may be. */
function searchOf(q: string | undefined) {
  if (q === undefined) return null;
  const words = searchTextOf(q.trim()).replace(/[\\%_]/g, (char) => `\\${char}`);
  const pattern = `%${words.split(/\s+/).join('%')}%`;
  return /^\d{1,9}$/.test(q.trim())
    ? { kind: 'bib' as const, pattern, bib: Number(q.trim()) }
    : { kind: 'name' as const, pattern, bib: null };
}

/**
 * What a page statement is made for: its ranking, its filters, whether its rows are a range of ordinals (no
 * gender, age group or search), and whether it counts its matches (a search's total is not stored).
 */
type PageShape = {
  rankBy: RankBy;
  search: 'name' | 'bib' | null;
  gender: boolean;
  ageGroup: boolean;
  status: boolean;
  range: boolean;
  count: boolean;
};

const placeholder = (name: string) => sql.placeholder(name);

/** A page's statement, prepared once per shape: planning it would cost as much as running it. */
const pageStatements = new Map<
  string,
  ReturnType<typeof preparedStatement<{ json: string; total: number | null }>>
>();
function pageStatement(shape: PageShape) {
  const key = JSON.stringify(shape);
  let statement = pageStatements.get(key);
  if (!statement) {
    statement = preparedStatement(pageStatementSql(shape));
    pageStatements.set(key, statement);
  }
  return statement;
}

function pageStatementSql({ rankBy, search, gender, ageGroup, status, range, count }: PageShape): SQL {
  const ordinal = ordinalOf(rankBy);
  const byName = sql`result.search_text like ${placeholder('pattern')}::text`;
  const where = sql.join(
    [
      sql`result.marathon_id = ${placeholder('raceId')}::uuid`,
      search === 'name' ? byName : undefined,
      search === 'bib' ? sql`(result.bib = ${placeholder('bib')}::int or ${byName})` : undefined,
      gender ? sql`result.gender = ${placeholder('gender')}::text` : undefined,
      ageGroup ? sql`result.age_group = ${placeholder('ageGroup')}::text` : undefined,
      status ? sql`result.status = ${placeholder('status')}::text` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const asJson = (order: SQL) =>
    sql`coalesce(jsonb_agg(${RESULT.jsonb} order by ${order}), '[]'::jsonb)::text`;
  if (range) {
    return sql`
      select ${asJson(ordinal)} as json, null::int as total from ${FROM_RESULTS}
      where ${where} and ${ordinal} between ${placeholder('from')}::int and ${placeholder('to')}::int`;
  }
  // The matches' ordinals first (from the view's index alone; counted when asked), then only the page's rows
  // written out.
  return sql`
    with matched as (select ${ordinal} as ordinal from race_results result where ${where}),
    page_ids as (
      select * from matched order by ordinal limit ${placeholder('limit')}::int offset ${placeholder('offset')}::int
    )
    select (
      select ${asJson(sql`page_ids.ordinal`)} from page_ids
        join race_results result
          on result.marathon_id = ${placeholder('raceId')}::uuid and ${ordinal} = page_ids.ordinal
        join marathons race on race.id = result.marathon_id
    ) as json, ${count ? sql`(select count(*)::int from matched)` : sql`null::int`} as total`;
}

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

    /** The race and its results as a whole (null before any import), in one statement: what every read starts with. */
    async findRaceWithResults(raceId: string): Promise<{ race: ResultsRace; set: ResultSet | null } | null> {
      const [row] = rowsOf<ResultsRace & { set: ResultSet | null }>(
        await db.execute(sql`
          select race.id, race.creator_id as "creatorId", race.title, race.distance,
            to_char(race.start_day, 'YYYY-MM-DD') as "raceDay", race.age_groups as "ageGroups", race.rank_by as "rankBy",
            case when result_set.marathon_id is not null then json_build_object(
              'updatedAt', ${isoInstant(sql`result_set.updated_at`)},
              'publishedAt', ${isoInstant(sql`result_set.published_at`)},
              'summaries', result_set.summaries, 'filterCounts', result_set.filter_counts) end as set
          from marathons race left join race_result_sets result_set on result_set.marathon_id = race.id
          where race.id = ${raceId}`),
      );
      if (!row) return null;
      const { set, ...race } = row;
      return { race, set };
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
        search_text: searchTextOf(`${result.firstName} ${result.lastName}`),
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
     * A page of the race's results in their order under its ranking, as a JSON array PostgreSQL writes (sent as it
     * is), and how many match: one prepared statement per kind of page ({@link pageStatement}).
     */
    async findPage(
      raceId: string,
      rankBy: RankBy,
      filters: ResultFilters,
      page: { limit: number; offset: number },
      known: { total: number; from: number | null } | null,
    ): Promise<{ json: string; total: number }> {
      const search = searchOf(filters.q);
      const shape: PageShape = {
        rankBy,
        search: search?.kind ?? null,
        gender: filters.gender !== undefined,
        ageGroup: filters.ageGroup !== undefined,
        status: filters.status !== undefined,
        range: known?.from != null,
        count: known === null,
      };
      const from = (known?.from ?? 1) + page.offset;
      const [row] = await pageStatement(shape)(db, {
        raceId,
        pattern: search?.pattern ?? null,
        bib: search?.bib ?? null,
        gender: filters.gender ?? null,
        ageGroup: filters.ageGroup ?? null,
        status: filters.status ?? null,
        from,
        to: from + page.limit - 1,
        limit: page.limit,
        offset: page.offset,
      });
      return { json: row!.json, total: known?.total ?? row!.total! };
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
