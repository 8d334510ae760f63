import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { CreateMarathon, Marathon, MarathonSort, UpdateMarathon } from '@stride/shared';
import { marathons, registrations, users } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';
import type { RaceFacts } from '../../mail/mail-payloads.js';

/** What a calendar entry or a mail says of a race. */
const calendarFactColumns = {
  id: marathons.id,
  title: marathons.title,
  startDate: marathons.startDate,
  location: marathons.location,
  distance: marathons.distance,
  calendarSequence: marathons.calendarSequence,
};

/** A race as mails and calendar files describe it (`calendarFactColumns`, the start as ISO 8601). */
export function toRaceFacts(race: {
  [K in keyof typeof calendarFactColumns]: (typeof calendarFactColumns)[K]['_']['data'];
}): RaceFacts {
  const { id, title, startDate, location, distance, calendarSequence } = race;
  return { id, title, startDate: startDate.toISOString(), location, distance, calendarSequence };
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

    async findById(id: string): Promise<Marathon | null> {
      const [row] = await selectMarathons().where(eq(marathons.id, id));
      return row ? toMarathon(row) : null;
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

    async findByCreator(creatorId: string): Promise<Marathon[]> {
      const rows = await selectMarathons()
        .where(eq(marathons.creatorId, creatorId))
        .orderBy(desc(marathons.createdAt), desc(marathons.id));
      return rows.map(toMarathon);
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
