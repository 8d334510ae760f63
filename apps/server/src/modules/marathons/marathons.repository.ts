import { type SQL, and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type {
  CreateMarathon,
  Distance,
  Marathon,
  MarathonSearchSort,
  MarathonSort,
  UpdateMarathon,
} from '@stride/shared';
import { marathonSearchTerms, marathons, registrations, users } from '../../db/schema/index.js';
import { ownListPageStatement } from '../../db/own-list-page.js';
import { preparedStatement } from '../../db/prepared.js';
import type { Executor } from '../../db/transaction.js';
import { isoInstant } from '../../db/json-text.js';
import { type JsonListRow, streamJsonArray } from '../../lib/json-array-stream.js';
import type { RaceFacts } from '../../mail/mail-payloads.js';

/** What a calendar entry or a mail says of a race. */
const calendarFactColumns = {
  id: marathons.id,
  title: marathons.title,
  startDate: marathons.startDate,
  location: marathons.location,
  distance: marathons.distance,
  timeZone: marathons.timeZone,
  calendarSequence: marathons.calendarSequence,
};

/** A race as mails and calendar files describe it (`calendarFactColumns`, the start as ISO 8601). */
export function toRaceFacts(race: {
  [K in keyof typeof calendarFactColumns]: (typeof calendarFactColumns)[K]['_']['data'];
}): RaceFacts {
  const { id, title, startDate, location, distance, timeZone, calendarSequence } = race;
  return { id, title, startDate: startDate.toISOString(), location, distance, timeZone, calendarSequence };
}

const marathonColumns = {
  id: marathons.id,
  title: marathons.title,
  startRegDate: marathons.startRegDate,
  endRegDate: marathons.endRegDate,
  startDate: marathons.startDate,
  createdAt: marathons.createdAt,
  location: marathons.location,
  distance: marathons.distance,
  description: marathons.description,
  image: marathons.image,
  creatorId: marathons.creatorId,
  email: users.email,
  totalRegistrationCount: marathons.totalRegistrationCount,
  capacity: marathons.capacity,
  waitlistCount: marathons.waitlistCount,
  timeZone: marathons.timeZone,
};

type MarathonRow = {
  [K in Exclude<keyof typeof marathonColumns, 'capacity'>]: (typeof marathonColumns)[K]['_']['data'];
} & { capacity: number | null };

/** A row in the API's shape (SPEC.md §3): `_id`, ISO dates, the creator's email. */
export function toMarathon(row: MarathonRow): Marathon {
  return {
    _id: row.id,
    title: row.title,
    startRegDate: row.startRegDate.toISOString(),
    endRegDate: row.endRegDate.toISOString(),
    startDate: row.startDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    location: row.location,
    distance: row.distance,
    description: row.description,
    image: row.image,
    email: row.email,
    totalRegistrationCount: row.totalRegistrationCount,
    capacity: row.capacity,
    placesLeft: row.capacity === null ? null : row.capacity - row.totalRegistrationCount,
    waitlistCount: row.waitlistCount,
    timeZone: row.timeZone,
  };
}

/** The public lists: all races by creation time either way, and the races not started yet, soonest first. */
export type MarathonList = MarathonSort | 'upcoming';

const LISTS = {
  newest: { sortColumn: marathons.createdAt, descending: true, upcomingOnly: false },
  oldest: { sortColumn: marathons.createdAt, descending: false, upcomingOnly: false },
  upcoming: { sortColumn: marathons.startDate, descending: false, upcomingOnly: true },
} as const;

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

/** A search of the list (issue 14); every part given narrows it. */
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

/** The title and place, as relevance measures them against `q`. */
const TITLE_AND_LOCATION = sql`(${marathons.title} || ' ' || ${marathons.location})`;
const DESCRIPTION_WORDS = sql`to_tsvector('simple', ${marathons.description})`;

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
            from ${marathonSearchTerms} where ${marathonSearchTerms.term} %> ${word})
            or ${DESCRIPTION_WORDS} @@ plainto_tsquery('simple', ${word}))`,
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

/** What a read of races selects from `race` (marathons) joined with its `creator` (users): a RaceRow. */
const RACE_ROW_COLUMNS = sql.raw(
  'race.id, race.title, race.start_reg_date, race.end_reg_date, race.start_date, race.created_at, ' +
    'race.location, race.distance, race.description, race.image, race.creator_id, creator.email, ' +
    'race.total_registration_count, race.capacity, race.waitlist_count, race.time_zone',
);

/** Races by id (one array parameter), prepared: the race the service answers after creating or changing it. */
const racesByIds = preparedStatement<RaceRow>(sql`
  select ${RACE_ROW_COLUMNS}
  from ${marathons} race join ${users} creator on creator.id = race.creator_id
  where race.id = any(${sql.placeholder('ids')}::uuid[])`);

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
        ${ranked ? sql`word_similarity(${sql.placeholder('q')}, ${TITLE_AND_LOCATION})` : sql`0`} as relevance
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
    select (select count(*) from matches)::int as total, ${RACE_ROW_COLUMNS}
    from page
      join ${marathons} race on race.id = page.id
      join ${users} creator on creator.id = race.creator_id
    order by ${searchOrder(search, 'page')}`);
}

/** Races in a long list: read and sent a chunk at a time (see {@link streamJsonArray}). */
export const RACE_LIST_CHUNK = 500;

/**
 * A race (`race`, joined with its `creator`) as the API's JSON, written by PostgreSQL itself (marathonSchema's
 * keys, in its order): an organizer's list goes out as it is read, without a row object, a Date or a serialiser
 * in between. The own-lists tests hold it to the schema's answer field for field.
 */
const RACE_JSON = sql`(select row_to_json(item) from (select
    race.id as "_id", race.title, ${isoInstant(sql`race.start_reg_date`)} as "startRegDate",
    ${isoInstant(sql`race.end_reg_date`)} as "endRegDate", ${isoInstant(sql`race.start_date`)} as "startDate",
    ${isoInstant(sql`race.created_at`)} as "createdAt", race.location, race.distance, race.description,
    race.image, creator.email, race.total_registration_count as "totalRegistrationCount", race.capacity,
    race.capacity - race.total_registration_count as "placesLeft", race.waitlist_count as "waitlistCount",
    race.time_zone as "timeZone"
  ) as item)::text`;

/** The organizer's races, newest first, the `limit` after a position (`marathons_creator_id_idx`). */
const organizerRacesJson = preparedStatement<JsonListRow>(sql`
  select race.created_at::text as after_at, race.id as after_id, ${RACE_JSON} as json
  from ${marathons} race join ${users} creator on creator.id = race.creator_id
  where race.creator_id = ${sql.placeholder('creatorId')}
    and (race.created_at, race.id) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)
  order by race.created_at desc, race.id desc
  limit ${sql.placeholder('limit')}`);

/** A page of the organizer's races and how many they have (`marathons_creator_id_idx`). */
const organizerRacePage = ownListPageStatement({
  owned: sql`select id, created_at from ${marathons} where creator_id = ${sql.placeholder('creatorId')}`,
  joins: sql`join ${marathons} race on race.id = page.id join ${users} creator on creator.id = race.creator_id`,
  rowJson: RACE_JSON,
});

/** Races by id (one array parameter) as the API's JSON: the race page's read when it is not in the read cache. */
const raceJsonByIds = preparedStatement<{ id: string; json: string }>(sql`
  select race.id, ${RACE_JSON} as json
  from ${marathons} race join ${users} creator on creator.id = race.creator_id
  where race.id = any(${sql.placeholder('ids')}::uuid[])`);

/** A race's columns as PostgreSQL names them, from `race` joined with its `creator` (RACE_ROW_COLUMNS). */
type RaceRow = {
  id: string;
  title: string;
  start_reg_date: Date | string;
  end_reg_date: Date | string;
  start_date: Date | string;
  created_at: Date | string;
  location: string;
  distance: Distance;
  description: string;
  image: string;
  creator_id: string;
  email: string;
  total_registration_count: number;
  capacity: number | null;
  waitlist_count: number;
  time_zone: string;
};

/** A row of a search's page: a race, and the count of every match. */
type SearchPageRow = RaceRow & { total: number };

const fromRaceRow = (row: RaceRow): Marathon =>
  toMarathon({
    id: row.id,
    title: row.title,
    startRegDate: new Date(row.start_reg_date),
    endRegDate: new Date(row.end_reg_date),
    startDate: new Date(row.start_date),
    createdAt: new Date(row.created_at),
    location: row.location,
    distance: row.distance,
    description: row.description,
    image: row.image,
    creatorId: row.creator_id,
    email: row.email,
    totalRegistrationCount: row.total_registration_count,
    capacity: row.capacity,
    waitlistCount: row.waitlist_count,
    timeZone: row.time_zone,
  });

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
  const selectMarathons = () =>
    db.select(marathonColumns).from(marathons).innerJoin(users, eq(users.id, marathons.creatorId));

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
        .offset(skip)
        .as('page_ids');
      const rows = await db
        .select(marathonColumns)
        .from(pageIds)
        .innerJoin(marathons, eq(marathons.id, pageIds.id))
        .innerJoin(users, eq(users.id, marathons.creatorId))
        .orderBy(...order);
      return rows.map(toMarathon);
    },

    /** A page of the races that match the search, in its order, and how many match in all. */
    async findSearchPage(
      search: MarathonSearch,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ items: Marathon[]; total: number | null }> {
      const { words, ...values } = searchValues(search);
      const page = await searchPage(search)(db, {
        ...Object.fromEntries(words.map((word, index) => [`word${index}`, word])),
        ...values,
        q: search.q,
        limit,
        offset,
      });
      if (page.length === 0) return { items: [], total: null };
      return { items: page.map(fromRaceRow), total: page[0]!.total };
    },

    async countSearch(search: MarathonSearch): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(marathons)
        .where(searchConditions(searchValues(search)));
      return row!.count;
    },

    async findById(id: string): Promise<Marathon | null> {
      const [row] = await racesByIds(db, { ids: [id] });
      return row ? fromRaceRow(row) : null;
    },

    /** The races of these ids as the API's JSON, in their order; null for an id no race has. */
    async findJsonByIds(ids: string[]): Promise<Array<string | null>> {
      const rows = await raceJsonByIds(db, { ids });
      const byId = new Map(rows.map((row) => [row.id, row.json]));
      return ids.map((id) => byId.get(id) ?? null);
    },

    /** Locks the row for the rest of the transaction: its owner, dates, title and place stay as read. */
    async findForUpdate(id: string) {
      const [row] = await db
        .select({
          ...calendarFactColumns,
          creatorId: marathons.creatorId,
          startRegDate: marathons.startRegDate,
          endRegDate: marathons.endRegDate,
          totalRegistrationCount: marathons.totalRegistrationCount,
        })
        .from(marathons)
        .where(eq(marathons.id, id))
        .for('update');
      return row ?? null;
    },

    /** Races not started yet with the most registrations, then the soonest. */
    async findFeatured(now: Date, limit: number): Promise<Marathon[]> {
      const rows = await selectMarathons()
        .where(gt(marathons.startDate, now))
        .orderBy(desc(marathons.totalRegistrationCount), asc(marathons.startDate), asc(marathons.id))
        .limit(limit);
      return rows.map(toMarathon);
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

    async create(values: CreateMarathon & { creatorId: string }): Promise<string> {
      const [row] = await db.insert(marathons).values(values).returning({ id: marathons.id });
      return row!.id;
    },

    /** `newCalendarRevision`: the start or place moved, so calendars must replace their entry (SEQUENCE). */
    async update(id: string, changes: UpdateMarathon, { newCalendarRevision = false } = {}): Promise<void> {
      await db
        .update(marathons)
        .set({
          ...changes,
          ...(newCalendarRevision && { calendarSequence: sql`${marathons.calendarSequence} + 1` }),
        })
        .where(eq(marathons.id, id));
    },

    /** The race's calendar facts, as stored now. */
    async findCalendarFacts(id: string) {
      const [row] = await db.select(calendarFactColumns).from(marathons).where(eq(marathons.id, id));
      return row ? toRaceFacts(row) : null;
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
