import { type SQL, and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type {
  CreateMarathon,
  Distance,
  Marathon,
  MarathonSearchSort,
  MarathonSort,
  UpdateMarathon,
} from '@stride/shared';
import { MARATHON_SEARCH_LIMITS } from '@stride/shared';
import { marathonSearchTerms, marathons, registrations, users } from '../../db/schema/index.js';
import { ownListPageStatement } from '../../db/own-list-page.js';
import { preparedStatement } from '../../db/prepared.js';
import type { Executor } from '../../db/transaction.js';
import { isoInstant } from '../../db/json-text.js';
import { defineShape } from '../../db/shape.js';
import { type JsonListRow, streamJsonArray } from '../../lib/json-array-stream.js';
import { RACE_FACTS } from '../../mail/fact-shapes.js';
import type { StoredEntryForm } from './entry-form.js';
import type { StoredPrices } from './prices.js';
import type { RaceFacts } from '../../mail/mail-payloads.js';

/**
 * A race as the API answers it (marathonSchema), from a marathons row aliased `race` joined with its
 * organizer, `creator` ({@link RACE_FROM}).
 */
export const RACE = defineShape<Marathon>({
  _id: sql`race.id`,
  title: sql`race.title`,
  startRegDate: isoInstant(sql`race.start_reg_date`),
  endRegDate: isoInstant(sql`race.end_reg_date`),
  startDate: isoInstant(sql`race.start_date`),
  createdAt: isoInstant(sql`race.created_at`),
  location: sql`race.location`,
  distance: sql`race.distance`,
  description: sql`race.description`,
  image: sql`race.image`,
  email: sql`creator.email`,
  totalRegistrationCount: sql`race.total_registration_count`,
  capacity: sql`race.capacity`,
  placesLeft: sql`race.capacity - race.total_registration_count - race.pending_count`,
  waitlistCount: sql`race.waitlist_count`,
  timeZone: sql`race.time_zone`,
  rankBy: sql`race.rank_by`,
  resultsPublished: sql`exists (select from race_result_sets result_set
    where result_set.marathon_id = race.id and result_set.published_at is not null)`,
  resultsUpdatedAt: sql`(select ${isoInstant(sql`result_set.updated_at`)} from race_result_sets result_set
    where result_set.marathon_id = race.id)`,
  registrationFields: sql`race.registration_fields`,
  tShirtSizes: sql`race.t_shirt_sizes`,
  questions: sql`race.questions`,
  retiredQuestions: sql`race.retired_questions`,
  waiver: sql`case when race.waiver_text is not null
    then json_build_object('text', race.waiver_text, 'version', race.waiver_version) end`,
  minimumAge: sql`race.minimum_age`,
  ageGroups: sql`race.age_groups`,
  entryFee: sql`race.entry_fee`,
  currency: sql`race.currency`,
  priceTiers: sql`race.price_tiers`,
  paymentMethods: sql`race.payment_methods`,
  refundPolicy: sql`json_build_object('percent', race.refund_percent, 'until', ${isoInstant(sql`race.refund_until`)})`,
  // Tiers are stored in order of their ends: the first still ahead is in force, and the one after it (or the
  // fee after the last) comes next.
  currentFee: sql`coalesce((select (tier.value ->> 'entryFee')::int from jsonb_array_elements(race.price_tiers) tier
    where (tier.value ->> 'until')::timestamptz > now() limit 1), race.entry_fee)`,
  nextFeeChange: sql`(select json_build_object('at', tier.value ->> 'until',
      'entryFee', coalesce((race.price_tiers -> tier.n::int ->> 'entryFee')::int, race.entry_fee))
    from jsonb_array_elements(race.price_tiers) with ordinality as tier(value, n)
    where (tier.value ->> 'until')::timestamptz > now() order by tier.n limit 1)`,
  pendingCount: sql`race.pending_count`,
  entryMode: sql`race.entry_mode`,
  ballotDrawAt: isoInstant(sql`race.ballot_draw_at`),
  ballotCount: sql`race.ballot_count`,
  ballotDrawnAt: isoInstant(sql`race.ballot_drawn_at`),
  transfersUntil: isoInstant(sql`race.transfers_until`),
});

/**
 * The body's entry-form and price fields are not columns: the stored form and prices are written from them
 * (entry-form.ts, prices.ts).
 */
function withoutFormInput<T extends UpdateMarathon>(values: T) {
  const {
    registrationFields: _fields,
    tShirtSizes: _sizes,
    questions: _questions,
    waiver: _waiver,
    minimumAge: _minimumAge,
    ageGroups: _ageGroups,
    entryFee: _entryFee,
    currency: _currency,
    priceTiers: _priceTiers,
    paymentMethods: _paymentMethods,
    refundPolicy: _refundPolicy,
    ...columns
  } = values;
  return columns;
}

const RACE_FROM = sql`${marathons} race join ${users} creator on creator.id = race.creator_id`;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** The public lists: all races by creation time either way, and the races not started yet, soonest first. */
export type MarathonList = MarathonSort | 'upcoming';

const LISTS = {
  newest: { sortColumn: marathons.createdAt, descending: true, upcomingOnly: false },
  oldest: { sortColumn: marathons.createdAt, descending: false, upcomingOnly: false },
  upcoming: { sortColumn: marathons.startDate, descending: false, upcomingOnly: true },
} as const;

/** The list's order over rows aliased `race`. */
function listOrderOfRace(list: MarathonList): SQL {
  const { sortColumn, descending } = LISTS[list];
  const direction = descending ? 'desc' : 'asc';
  return sql.raw(`race.${sortColumn.name} ${direction}, race.id ${direction}`);
}

/**
 * A race's place in a list: its sort key, with the timestamp as PostgreSQL's text so that no microseconds
 * are lost on the way through a JavaScript Date.
 */
export type ListKey = { sortAt: string; id: string };
export type ListAnchors = {
  total: number;
  anchors: ListKey[];
  /** The first race's sort key in milliseconds (for the upcoming list: when its soonest race starts). */
  firstSortAtMs: number | null;
};

function listQuery(list: MarathonList, now: Date) {
  const { sortColumn, descending, upcomingOnly } = LISTS[list];
  const direction = descending ? desc : asc;
  return {
    sortColumn,
    where: upcomingOnly ? gt(marathons.startDate, now) : undefined,
    order: [direction(sortColumn), direction(marathons.id)],
    /** Rows at or after `key` in the list's order: a row comparison, which the (sort column, id) index serves. */
    from: (key: ListKey) =>
      descending
        ? sql`(${sortColumn}, ${marathons.id}) <= (${key.sortAt}::timestamptz, ${key.id}::uuid)`
        : sql`(${sortColumn}, ${marathons.id}) >= (${key.sortAt}::timestamptz, ${key.id}::uuid)`,
  };
}

/** A search of the list (ADR 019); every part given narrows it. */
export type MarathonSearch = {
  /** The words of `q`, each of which a race must hold (in title or location, or its description). */
  words: string[];
  /** `q` as given: what relevance is measured against. */
  q: string | undefined;
  distances: Distance[];
  /** Start days, YYYY-MM-DD, inclusive, in the race's time zone. */
  from: string | undefined;
  to: string | undefined;
  /** Only races whose registration is open at this instant. */
  openAt: Date | undefined;
  sort: MarathonSearchSort;
};

/**
 * Accents count for nothing in a search, whichever side has them: the races' words, the dictionary and the
 * description's index hold them without (stride_unaccent, migration 0011), and so does every word looked up.
 */
const unaccented = (text: unknown) => sql`stride_unaccent(${text}::text)`;
/** The title and place, as relevance measures them against `q`. */
const TITLE_AND_LOCATION = unaccented(sql`${marathons.title} || ' ' || ${marathons.location}`);
/** The description's words, as `marathons_description_idx` holds them. */
const DESCRIPTION_WORDS = sql`to_tsvector('simple', stride_unaccent(${marathons.description}))`;

/**
 * The search with `q`'s words split as PostgreSQL's parser split the races' own (`marathon_search_words`), which
 * a pattern in JavaScript does not always agree with: "4e5f6a7b" is the words "4e5" and "f6a7b", "42.2k" is
 * "42.2" and "k". A word looked up whole where the races hold its parts would find nothing.
 */
async function wordsAsTheRacesHoldThem(db: Executor, search: MarathonSearch): Promise<MarathonSearch> {
  if (search.q === undefined || search.words.length === 0) return search;
  const [row] = rowsOf<{ words: string[] }>(
    await db.execute(sql`
      select coalesce(tsvector_to_array(to_tsvector('simple', stride_unaccent(${search.q}))), '{}')
        as words`),
  );
  return { ...search, words: row!.words.slice(0, MARATHON_SEARCH_LIMITS.maxWords) };
}

/** A search's values, or the placeholders of a prepared statement that stand for them. */
type SearchValues = {
  words: unknown[];
  distances: unknown;
  from: unknown;
  to: unknown;
  openAt: unknown;
};

function searchConditions({ words, distances, from, to, openAt }: SearchValues): SQL {
  return (
    and(
      // The dictionary's words at least pg_trgm.word_similarity_threshold (0.6) like the word (`%>`), so "lisbn"
      // finds "lisbon"; then the races holding one of them. A description's word outside the dictionary's 3–40
      // letters must match exactly (full text, any case).
      ...words.map(
        (word) =>
          sql`(${marathons.searchTerms} && (select coalesce(array_agg(${marathonSearchTerms.term}), '{}'::text[])
            from ${marathonSearchTerms} where ${marathonSearchTerms.term} %> ${unaccented(word)})
            or ${DESCRIPTION_WORDS} @@ plainto_tsquery('simple', ${unaccented(word)}))`,
      ),
      // One array parameter (drizzle would spread a bare array into a list of them).
      distances === undefined
        ? undefined
        : sql`${marathons.distance} = any(${Array.isArray(distances) ? sql.param(distances) : distances}::text[])`,
      // Days where each race is run (`start_day`), so a race at 23:00 on the 31st in Lisbon is in its month.
      from === undefined ? undefined : sql`${marathons.startDay} >= ${from}::date`,
      to === undefined ? undefined : sql`${marathons.startDay} <= ${to}::date`,
      openAt === undefined
        ? undefined
        : sql`${marathons.startRegDate} <= ${openAt}::timestamptz and ${marathons.endRegDate} >= ${openAt}::timestamptz`,
    ) ?? sql`true`
  );
}

/** The search's values as the statements take them (a part not asked for is undefined). */
const searchValues = ({ words, distances, from, to, openAt }: MarathonSearch) => ({
  words,
  distances: distances.length > 0 ? distances : undefined,
  from,
  to,
  openAt: openAt?.toISOString(),
});

/**
 * The search's order over the `matches` of findSearchPage, or over its `page` of them (each has `id`,
 * `created_at`, `start_date` and `relevance`). Relevance is how closely the title and place hold the words; a
 * race found by its description alone ranks after them (ranking by the description would rebuild each match's
 * tsvector: the index keeps no positions to rank by). Ties go to the sooner start.
 */
function searchOrder({ sort, q }: MarathonSearch, table: 'matches' | 'page'): SQL {
  const column = (name: string) => sql.raw(`${table}.${name}`);
  if (sort === 'relevance' && q)
    return sql`${column('relevance')} desc, ${column('start_date')}, ${column('id')}`;
  return sort === 'oldest'
    ? sql`${column('created_at')}, ${column('id')}`
    : sql`${column('created_at')} desc, ${column('id')} desc`;
}

/** Races by id (one array parameter), prepared: the race the service answers after creating or changing it. */
const racesByIds = preparedStatement<Marathon>(sql`
  select ${RACE.columns} from ${RACE_FROM} where race.id = any(${sql.placeholder('ids')}::uuid[])`);

/**
 * The statement of a search's page, one per shape (how many words, which filters, which order): prepared, so it
 * is planned once per connection. It gathers the matches' ids and sort keys in a materialised CTE, so the
 * planner picks the conditions' best indexes (`marathons_search_terms_idx` and `marathons_start_day_idx`
 * together for a word, a month and a distance) rather than the order's, which it would read whole for the total; then it counts
 * them, takes the page in order and joins the page's races and creators: one round trip for all of it.
 */
function searchPageStatement(search: MarathonSearch) {
  const values = searchValues(search);
  const placeholder = (name: string, value: unknown) =>
    value === undefined ? undefined : sql.placeholder(name);
  const ranked = search.sort === 'relevance' && search.q !== undefined;
  return preparedStatement<SearchPageRow>(sql`
    with matches as materialized (
      select ${marathons.id} as id, ${marathons.createdAt} as created_at, ${marathons.startDate} as start_date,
        ${ranked ? sql`word_similarity(${unaccented(sql.placeholder('q'))}, ${TITLE_AND_LOCATION})` : sql`0`} as relevance
      from ${marathons}
      where ${searchConditions({
        words: values.words.map((_, index) => sql.placeholder(`word${index}`)),
        distances: placeholder('distances', values.distances),
        from: placeholder('from', values.from),
        to: placeholder('to', values.to),
        openAt: placeholder('openAt', values.openAt),
      })}
    ), page as (
      select id, created_at, start_date, relevance from matches
      order by ${searchOrder(search, 'matches')} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
    )
    select (select count(*) from matches)::int as total, ${RACE.columns}
    from page
      join ${marathons} race on race.id = page.id
      join ${users} creator on creator.id = race.creator_id
    order by ${searchOrder(search, 'page')}`);
}

/** Races in a long list: read and sent a chunk at a time (see {@link streamJsonArray}). */
export const RACE_LIST_CHUNK = 500;

/** The organizer's races, newest first, the `limit` after a position (`marathons_creator_id_idx`). */
const organizerRacesJson = preparedStatement<JsonListRow>(sql`
  select race.created_at::text as after_at, race.id as after_id, ${RACE.json} as json
  from ${RACE_FROM}
  where race.creator_id = ${sql.placeholder('creatorId')}
    and (race.created_at, race.id) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)
  order by race.created_at desc, race.id desc
  limit ${sql.placeholder('limit')}`);

/** A page of the organizer's races and how many they have (`marathons_creator_id_idx`). */
const organizerRacePage = ownListPageStatement({
  owned: sql`select id, created_at from ${marathons} where creator_id = ${sql.placeholder('creatorId')}`,
  joins: sql`join ${marathons} race on race.id = page.id join ${users} creator on creator.id = race.creator_id`,
  rowJson: RACE.json,
});

/** Races by id (one array parameter) as the API's JSON: the race page's read when it is not in the read cache. */
const raceJsonByIds = preparedStatement<{ id: string; json: string }>(sql`
  select race.id, ${RACE.json} as json from ${RACE_FROM} where race.id = any(${sql.placeholder('ids')}::uuid[])`);

/** A row of a search's page: a race, and the count of every match. */
type SearchPageRow = Marathon & { total: number };

const searchPageStatements = new Map<string, ReturnType<typeof searchPageStatement>>();

function searchPage(search: MarathonSearch) {
  const { words, distances, from, to, openAt } = searchValues(search);
  const shape = JSON.stringify([
    words.length,
    distances !== undefined,
    from !== undefined,
    to !== undefined,
    openAt !== undefined,
    search.sort === 'relevance' && search.q !== undefined ? 'relevance' : search.sort,
  ]);
  let statement = searchPageStatements.get(shape);
  if (!statement) {
    statement = searchPageStatement(search);
    searchPageStatements.set(shape, statement);
  }
  return statement;
}

export function createMarathonsRepository(db: Executor) {
  return {
    /**
     * The list's length and the key of every `spacing`-th race (positions 0, spacing, 2·spacing…), from one
     * scan of the list's index. With them a deep page starts from the nearest key instead of skipping rows.
     */
    async findListAnchors(list: MarathonList, now: Date, spacing: number): Promise<ListAnchors> {
      const { sortColumn, where, order } = listQuery(list, now);
      const listed = db
        .select({
          sortAt: sql<Date>`${sortColumn}`.as('sort_at'),
          id: marathons.id,
          position: sql<number>`(row_number() over (order by ${sql.join(order, sql`, `)}) - 1)::int`.as(
            'position',
          ),
          total: sql<number>`(count(*) over ())::int`.as('total'),
        })
        .from(marathons)
        .where(where)
        .as('listed');
      const rows = await db
        .select({
          sortAt: sql<string>`${listed.sortAt}::text`,
          sortAtMs: sql<number>`(extract(epoch from ${listed.sortAt}) * 1000)::float8`,
          id: listed.id,
          total: listed.total,
        })
        .from(listed)
        .where(sql`${listed.position} % ${spacing} = 0`)
        .orderBy(listed.position);
      return {
        total: rows[0]?.total ?? 0,
        anchors: rows.map(({ sortAt, id }) => ({ sortAt, id })),
        firstSortAtMs: rows[0] ? Number(rows[0].sortAtMs) : null,
      };
    },

    /**
     * A page in two steps: the ids from an index-only scan (from `start` on, skipping `skip` rows), then the
     * rows for just those ids. A plain OFFSET over the joined rows made PostgreSQL sort the whole table.
     */
    async findListPage(
      list: MarathonList,
      now: Date,
      { start, skip, limit }: { start: ListKey | null; skip: number; limit: number },
    ): Promise<Marathon[]> {
      const { where, order, from } = listQuery(list, now);
      const pageIds = db
        .select({ id: marathons.id })
        .from(marathons)
        .where(and(where, start ? from(start) : undefined))
        .orderBy(...order)
        .limit(limit)
        .offset(skip);
      return rowsOf<Marathon>(
        await db.execute(sql`
          select ${RACE.columns}
          from (${pageIds}) as page join ${RACE_FROM} on race.id = page.id
          order by ${listOrderOfRace(list)}`),
      );
    },

    /** A page of the races that match the search, in its order, and how many match in all. */
    async findSearchPage(
      typed: MarathonSearch,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ items: Marathon[]; total: number | null }> {
      const search = await wordsAsTheRacesHoldThem(db, typed);
      const { words, ...values } = searchValues(search);
      const page = await searchPage(search)(db, {
        ...Object.fromEntries(words.map((word, index) => [`word${index}`, word])),
        ...values,
        q: search.q,
        limit,
        offset,
      });
      if (page.length === 0) return { items: [], total: null };
      return { items: page.map(({ total: _total, ...race }) => race), total: page[0]!.total };
    },

    async countSearch(typed: MarathonSearch): Promise<number> {
      const search = await wordsAsTheRacesHoldThem(db, typed);
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(marathons)
        .where(searchConditions(searchValues(search)));
      return row!.count;
    },

    async findById(id: string): Promise<Marathon | null> {
      const [row] = await racesByIds(db, { ids: [id] });
      return row ?? null;
    },

    /** The races of these ids as the API's JSON, in their order; null for an id no race has. */
    async findJsonByIds(ids: string[]): Promise<Array<string | null>> {
      const rows = await raceJsonByIds(db, { ids });
      const byId = new Map(rows.map((row) => [row.id, row.json]));
      return ids.map((id) => byId.get(id) ?? null);
    },

    /** Locks the row for the rest of the transaction: its owner, dates and place stay as read. */
    async findForUpdate(id: string) {
      const [row] = await db
        .select({
          creatorId: marathons.creatorId,
          startRegDate: marathons.startRegDate,
          endRegDate: marathons.endRegDate,
          startDate: marathons.startDate,
          location: marathons.location,
          totalRegistrationCount: marathons.totalRegistrationCount,
          pendingCount: marathons.pendingCount,
          registrationFields: marathons.registrationFields,
          tShirtSizes: marathons.tShirtSizes,
          questions: marathons.questions,
          retiredQuestions: marathons.retiredQuestions,
          waiverText: marathons.waiverText,
          waiverVersion: marathons.waiverVersion,
          minimumAge: marathons.minimumAge,
          ageGroups: marathons.ageGroups,
          entryFee: marathons.entryFee,
          currency: marathons.currency,
          priceTiers: marathons.priceTiers,
          paymentMethods: marathons.paymentMethods,
          refundPercent: marathons.refundPercent,
          refundUntil: marathons.refundUntil,
          entryMode: marathons.entryMode,
          ballotDrawAt: marathons.ballotDrawAt,
          ballotDrawnAt: marathons.ballotDrawnAt,
          transfersUntil: marathons.transfersUntil,
          hasEntries: sql<boolean>`exists (select from ${registrations} where marathon_id = ${id})`,
        })
        .from(marathons)
        .where(eq(marathons.id, id))
        .for('update');
      return row ?? null;
    },

    /** Races not started yet with the most registrations, then the soonest. */
    async findFeatured(now: Date, limit: number): Promise<Marathon[]> {
      return rowsOf<Marathon>(
        await db.execute(sql`
          select ${RACE.columns} from ${RACE_FROM}
          where race.start_date > ${now.toISOString()}::timestamptz
          order by race.total_registration_count desc, race.start_date, race.id
          limit ${limit}`),
      );
    },

    /** The organizer's races, newest first: all of them, or a page (`marathons_creator_id_idx` serves both). */
    /** The organizer's whole list as a JSON array, newest first, streamed as it is read. */
    streamByCreator: (creatorId: string) =>
      streamJsonArray(
        (after) =>
          organizerRacesJson(db, { creatorId, afterAt: after.at, afterId: after.id, limit: RACE_LIST_CHUNK }),
        RACE_LIST_CHUNK,
      ),

    /** A page of the organizer's races as JSON texts, newest first, and how many races they have. */
    async pageByCreator(creatorId: string, page: { limit: number; offset: number }) {
      return organizerRacePage(db, { creatorId, ...page });
    },

    /** Every race of the organizer, newest first (the account's export). */
    async findAllByCreator(creatorId: string): Promise<Marathon[]> {
      return rowsOf<Marathon>(
        await db.execute(sql`
          select ${RACE.columns} from ${RACE_FROM} where race.creator_id = ${creatorId}
          order by race.created_at desc, race.id desc`),
      );
    },

    /**
     * The organizer's races not started at `now`, soonest first (at most `limit`), how many such races there are
     * and how many races they have in all (the dashboard).
     */
    async findUpcomingByCreator(creatorId: string, now: Date, limit: number) {
      const races = rowsOf<Marathon>(
        await db.execute(sql`
          select ${RACE.columns} from ${RACE_FROM}
          where race.creator_id = ${creatorId} and race.start_date > ${now.toISOString()}::timestamptz
          order by race.start_date, race.id
          limit ${limit}`),
      );
      const [counts] = await db
        .select({
          upcoming: sql<number>`(count(*) filter (where ${marathons.startDate} > ${now.toISOString()}::timestamptz))::int`,
          all: sql<number>`count(*)::int`,
        })
        .from(marathons)
        .where(eq(marathons.creatorId, creatorId));
      return { races, upcoming: counts!.upcoming, all: counts!.all };
    },

    async create(
      values: CreateMarathon & { creatorId: string },
      form: StoredEntryForm,
      prices: StoredPrices,
    ): Promise<string> {
      const [row] = await db
        .insert(marathons)
        .values({ ...withoutFormInput(values), ...form, ...prices })
        .returning({ id: marathons.id });
      return row!.id;
    },

    /**
     * `newCalendarRevision`: the start or place moved, so calendars must replace their entry (SEQUENCE). `form`:
     * the entry form, when it changed. The race's revision goes up either way.
     */
    async update(
      id: string,
      changes: UpdateMarathon,
      {
        newCalendarRevision = false,
        form,
        prices,
      }: { newCalendarRevision?: boolean; form?: StoredEntryForm; prices?: StoredPrices } = {},
    ): Promise<void> {
      await db
        .update(marathons)
        .set({
          ...withoutFormInput(changes),
          ...(newCalendarRevision && { calendarSequence: sql`${marathons.calendarSequence} + 1` }),
          ...form,
          ...prices,
          // Every change: entries checked against the race as it was are checked again (ADR 031).
          formRevision: sql`${marathons.formRevision} + 1`,
        })
        .where(eq(marathons.id, id));
    },

    /**
     * How many of the race's entries answered the question with each of `options` (all answers when null):
     * what a change of the question would leave without a valid choice.
     */
    async countAnswers(id: string, questionId: string, options: string[] | null) {
      const rows = rowsOf<{ answer: string; count: number }>(
        await db.execute(sql`
          select answers ->> ${questionId} as answer, count(*)::int as count from ${registrations}
          where marathon_id = ${id} and answers ? ${questionId}
            ${options === null ? sql`` : sql`and answers ->> ${questionId} = any(${sql.param(options)}::text[])`}
          group by 1`),
      );
      return rows;
    },

    /** The race's calendar facts, as stored now. */
    async findCalendarFacts(id: string) {
      const [row] = rowsOf<RaceFacts>(
        await db.execute(sql`select ${RACE_FACTS.columns} from ${marathons} race where race.id = ${id}`),
      );
      return row ?? null;
    },

    /**
     * The race's money not yet settled on site: fees collected there and not refunded, refunds owed. A race with
     * some cannot be deleted (its refunds would be lost with it).
     */
    async hasOnSiteMoney(id: string): Promise<boolean> {
      const [row] = rowsOf<{ held: boolean }>(
        await db.execute(sql`
          select exists (select 1 from ${registrations} where marathon_id = ${id} and payment_method = 'on_site'
            and (amount_paid - amount_refunded > 0 or refund_due > 0)) as held`),
      );
      return row!.held;
    },

    /** True when any entry of the race has money on it, owed or paid: its currency is then fixed. */
    async hasMoney(id: string): Promise<boolean> {
      const [row] = rowsOf<{ held: boolean }>(
        await db.execute(sql`
          select exists (select 1 from ${registrations} where marathon_id = ${id} and amount_due > 0) as held`),
      );
      return row!.held;
    },

    /** The runners registered for the race: whose lists show its title and date. */
    async findRegistrantIds(id: string): Promise<string[]> {
      const rows = await db
        .select({ userId: registrations.userId })
        .from(registrations)
        .where(eq(registrations.marathonId, id));
      return rows.map((row) => row.userId);
    },

    /** Deletes the race's registrations, then the race; returns the runners whose registrations went with it. */
    async remove(id: string): Promise<{ registrationsDeleted: number; runnerIds: string[] }> {
      const deleted = await db
        .delete(registrations)
        .where(eq(registrations.marathonId, id))
        .returning({ userId: registrations.userId });
      await db.delete(marathons).where(eq(marathons.id, id));
      return { registrationsDeleted: deleted.length, runnerIds: deleted.map((row) => row.userId) };
    },
  };
}

export type MarathonsRepository = ReturnType<typeof createMarathonsRepository>;
