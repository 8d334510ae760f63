import { type SQL, and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@stride/shared';
import { marathons, registrations, users } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';

/** Which entries the organizer asked for: one status or both, and a search. */
export type ParticipantFilters = { status?: RegistrationStatus | undefined; q?: string | undefined };

/** The participant list's orders: `line` is registered by bib, then the waitlist in line order. */
export type ParticipantOrder = { sort: 'line' | 'lastName' | 'timestamp'; descending: boolean };

/** An entry with its runner's details, before its place in line is known. */
export type ParticipantRow = {
  id: string;
  status: RegistrationStatus;
  bib: number | null;
  firstName: string;
  lastName: string;
  email: string;
  contact: string;
  info: string;
  createdAt: Date;
};

const participantColumns = {
  id: registrations.id,
  status: registrations.status,
  bib: registrations.bib,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  email: users.email,
  contact: registrations.contact,
  info: registrations.info,
  createdAt: registrations.createdAt,
};

/**
 * Each order's columns, ending in a unique one; each has its index (registrations_line_idx, _name_idx,
 * _created_idx), scanned backwards for the descending order. `line` needs no CASE: 'registered' sorts before
 * 'waitlisted', a registered entry's bib is unique in its race and a waitlisted one's waitlist_seq everywhere.
 */
const ORDER_COLUMNS: Record<ParticipantOrder['sort'], AnyPgColumn[]> = {
  line: [registrations.status, registrations.bib, registrations.waitlistSeq, registrations.id],
  lastName: [registrations.lastName, registrations.firstName, registrations.id],
  timestamp: [registrations.createdAt, registrations.id],
};

const orderBy = ({ sort, descending }: ParticipantOrder) =>
  ORDER_COLUMNS[sort].map((column) => (descending ? desc(column) : asc(column)));

/** A column of a keyset, with the SQL type its value is read back as (values travel as text). */
type KeyColumn = { column: AnyPgColumn; type: 'text' | 'uuid' | 'int' | 'bigint' | 'timestamptz' };

/**
 * A stretch of an order whose key columns are never null and unique together, so that the next rows are
 * "after this key": the export reads each one in keyset chunks. `line` is two, the registered then the line.
 */
export type ExportSegment = { status?: RegistrationStatus | undefined; keys: KeyColumn[] };

const ID_KEY: KeyColumn = { column: registrations.id, type: 'uuid' };
const LINE_KEYS: Record<RegistrationStatus, KeyColumn[]> = {
  registered: [{ column: registrations.bib, type: 'int' }],
  waitlisted: [{ column: registrations.waitlistSeq, type: 'bigint' }],
};

/** The segments of `order` for the entries of `status` (or both), in ascending order. */
export function exportSegments(sort: ParticipantOrder['sort'], status?: RegistrationStatus): ExportSegment[] {
  switch (sort) {
    case 'line':
      return (status ? [status] : REGISTRATION_STATUSES).map((each) => ({
        status: each,
        keys: LINE_KEYS[each],
      }));
    case 'lastName':
      return [
        {
          status,
          keys: [
            { column: registrations.lastName, type: 'text' },
            { column: registrations.firstName, type: 'text' },
            ID_KEY,
          ],
        },
      ];
    case 'timestamp':
      return [{ status, keys: [{ column: registrations.createdAt, type: 'timestamptz' }, ID_KEY] }];
  }
}

const BIB = /^\d{1,9}$/;

/**
 * `q` anywhere in the runner's full name ("Ada Lovelace" as well as either part) or e-mail address, ignoring
 * case, or their bib: a scan of the race's entries. `strpos(lower(…))` costs a fifth of ILIKE and needs no
 * escaping of `%` and `_`. The addresses are looked up once, not joined per entry (better-auth stores them in
 * lower case): a set of matching runners that each entry is checked against, or, for a small race, a lookup each.
 */
function searchFor(q: string): SQL {
  const needle = sql`lower(${q})`;
  return or(
    sql`strpos(lower(${registrations.firstName} || ' ' || ${registrations.lastName}), ${needle}) > 0`,
    sql`${registrations.userId} in (select ${users.id} from ${users} where strpos(${users.email}, ${needle}) > 0)`,
    BIB.test(q) ? eq(registrations.bib, Number(q)) : undefined,
  )!;
}

/** The race's entries that match the filters. */
function matching(raceId: string, { status, q }: ParticipantFilters): SQL {
  return and(
    eq(registrations.marathonId, raceId),
    status ? eq(registrations.status, status) : undefined,
    q !== undefined ? searchFor(q) : undefined,
  )!;
}

type Rows<T> = { rows: T[] };

/** The organizer's reads of one race's entries: pages, the export's chunks, counts per day. */
export function createParticipantsRepository(db: Executor) {
  return {
    /** What the desk needs of the race itself: its organizer, title, limit, counters and window. */
    async findRace(raceId: string) {
      const [row] = await db
        .select({
          creatorId: marathons.creatorId,
          title: marathons.title,
          capacity: marathons.capacity,
          registered: marathons.totalRegistrationCount,
          waitlisted: marathons.waitlistCount,
          startRegDate: marathons.startRegDate,
          endRegDate: marathons.endRegDate,
        })
        .from(marathons)
        .where(eq(marathons.id, raceId));
      return row ?? null;
    },

    /**
     * A page in two steps, as the public lists do: the ids from an index-only scan of the order's index
     * (skipping `offset` entries), then the rows and runners for just those. With a search the same scan also
     * counts the matches (`matched`, null without one: the race's counters are the total then).
     */
    async findPage(
      raceId: string,
      filters: ParticipantFilters,
      order: ParticipantOrder,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ rows: ParticipantRow[]; matched: number | null }> {
      const search = filters.q !== undefined;
      const pageIds = db
        .select({
          id: registrations.id,
          matched: (search ? sql<number>`(count(*) over ())::int` : sql<null>`null::int`).as('matched'),
        })
        .from(registrations)
        .where(matching(raceId, filters))
        .orderBy(...orderBy(order))
        .limit(limit)
        .offset(offset)
        .as('page_ids');
      const rows = await db
        .select({ ...participantColumns, matched: pageIds.matched })
        .from(pageIds)
        .innerJoin(registrations, eq(registrations.id, pageIds.id))
        .innerJoin(users, eq(users.id, registrations.userId))
        .orderBy(...orderBy(order));
      return {
        rows: rows.map(({ matched: _matched, ...row }) => row),
        matched: search ? (rows[0]?.matched ?? null) : null,
      };
    },

    async countMatching(raceId: string, filters: ParticipantFilters): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(registrations)
        .where(matching(raceId, filters));
      return row!.count;
    },

    /**
     * Up to `limit` entries of the segment after the key `after` (from its start when null), in its order, with
     * the last row's key to continue from. One index range scan per chunk, however far into the race.
     */
    async findChunk(
      raceId: string,
      filters: ParticipantFilters,
      segment: ExportSegment,
      { descending, after, limit }: { descending: boolean; after: string[] | null; limit: number },
    ): Promise<{ rows: ParticipantRow[]; last: string[] | null }> {
      const columns = segment.keys.map((key) => key.column);
      const from = after
        ? sql`(${sql.join(columns, sql`, `)}) ${sql.raw(descending ? '<' : '>')} (${sql.join(
            after.map((value, index) => sql`${value}::${sql.raw(segment.keys[index]!.type)}`),
            sql`, `,
          )})`
        : undefined;
      const rows = await db
        .select({
          ...participantColumns,
          key: sql<string[]>`array[${sql.join(
            columns.map((column) => sql`${column}::text`),
            sql`, `,
          )}]`,
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(and(matching(raceId, { ...filters, status: segment.status }), from))
        .orderBy(...columns.map((column) => (descending ? desc(column) : asc(column))))
        .limit(limit);
      return {
        rows: rows.map(({ key: _key, ...row }) => row),
        last: rows.length === limit ? rows.at(-1)!.key : null,
      };
    },

    /**
     * The places in line of the given waitlisted entries: their rank in the race's line, from one index-only
     * range scan of it up to the last of them (a count per entry would read the line up to each one).
     */
    async findLinePositions(raceId: string, ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const wanted = sql`${sql.param(ids)}::uuid[]`;
      // `bib is null` (true of every waitlisted entry) lets the seq bound be a range of registrations_line_idx.
      const result = await db.execute(sql`
        select line.id, line.position from (
          select ${registrations.id} as id,
            (row_number() over (order by ${sql.join(ORDER_COLUMNS.line, sql`, `)}))::int as position
          from ${registrations}
          where ${registrations.marathonId} = ${raceId} and ${registrations.status} = 'waitlisted'
            and ${registrations.bib} is null
            and ${registrations.waitlistSeq} <= (
              select max(${registrations.waitlistSeq}) from ${registrations} where ${registrations.id} = any(${wanted}))
        ) as line
        join unnest(${wanted}) as page (id) on page.id = line.id`);
      const { rows } = result as unknown as Rows<{ id: string; position: number }>;
      return new Map(rows.map((row) => [row.id, row.position]));
    },

    /** The race's entries per UTC day they were made and status: one index-only scan, grouped. */
    async findDailyCounts(
      raceId: string,
    ): Promise<Array<{ day: string; status: RegistrationStatus; count: number }>> {
      const result = await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, status, count::int as count from (
          select (${registrations.createdAt} at time zone 'UTC')::date as day, ${registrations.status} as status,
            count(*) as count
          from ${registrations} where ${registrations.marathonId} = ${raceId}
          group by 1, 2
        ) as days`);
      return (result as unknown as Rows<{ day: string; status: RegistrationStatus; count: number }>).rows;
    },
  };
}

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>;
