import { asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { CreateMarathon, Marathon, MarathonSort, UpdateMarathon } from '@stride/shared';
import { marathons, registrations, users } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';

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
};

type MarathonRow = {
  [K in keyof typeof marathonColumns]: (typeof marathonColumns)[K]['_']['data'];
};

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
  };
}

export type Paging = { page: number; limit: number };

const SORT_ORDER = {
  newest: [desc(marathons.createdAt), desc(marathons.id)],
  oldest: [asc(marathons.createdAt), asc(marathons.id)],
} as const;
const UPCOMING_ORDER = [asc(marathons.startDate), asc(marathons.id)] as const;

export function createMarathonsRepository(db: Executor) {
  const selectMarathons = () =>
    db.select(marathonColumns).from(marathons).innerJoin(users, eq(users.id, marathons.creatorId));

  /**
   * A page in two steps: the ids from an index-only scan (skipping rows costs little there), then the
   * rows for just those ids. A plain OFFSET over the joined rows made PostgreSQL sort the whole table.
   */
  async function findPageOf(where: SQL | undefined, order: readonly SQL[], { page, limit }: Paging) {
    const pageIds = db
      .select({ id: marathons.id })
      .from(marathons)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit)
      .as('page_ids');
    const rows = await db
      .select(marathonColumns)
      .from(pageIds)
      .innerJoin(marathons, eq(marathons.id, pageIds.id))
      .innerJoin(users, eq(users.id, marathons.creatorId))
      .orderBy(...order);
    return rows.map(toMarathon);
  }

  return {
    async findById(id: string): Promise<Marathon | null> {
      const [row] = await selectMarathons().where(eq(marathons.id, id));
      return row ? toMarathon(row) : null;
    },

    /** Locks the row for the rest of the transaction: its owner, dates and title stay as read. */
    async findForUpdate(id: string) {
      const [row] = await db
        .select({
          id: marathons.id,
          title: marathons.title,
          creatorId: marathons.creatorId,
          startRegDate: marathons.startRegDate,
          endRegDate: marathons.endRegDate,
          startDate: marathons.startDate,
        })
        .from(marathons)
        .where(eq(marathons.id, id))
        .for('update');
      return row ?? null;
    },

    async findPage(sort: MarathonSort, paging: Paging): Promise<Marathon[]> {
      return findPageOf(undefined, SORT_ORDER[sort], paging);
    },

    async countAll(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(marathons);
      return row?.total ?? 0;
    },

    /** Races not started yet, soonest first. */
    async findUpcoming(now: Date, paging: Paging): Promise<Marathon[]> {
      return findPageOf(gt(marathons.startDate, now), UPCOMING_ORDER, paging);
    },

    async countUpcoming(now: Date): Promise<number> {
      const [row] = await db.select({ total: count() }).from(marathons).where(gt(marathons.startDate, now));
      return row?.total ?? 0;
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

    async update(id: string, changes: UpdateMarathon): Promise<void> {
      await db.update(marathons).set(changes).where(eq(marathons.id, id));
    },

    /** Deletes the race's registrations, then the race; returns how many registrations went with it. */
    async remove(id: string): Promise<{ registrationsDeleted: number }> {
      const deleted = await db
        .delete(registrations)
        .where(eq(registrations.marathonId, id))
        .returning({ id: registrations.id });
      await db.delete(marathons).where(eq(marathons.id, id));
      return { registrationsDeleted: deleted.length };
    },

    async adjustRegistrationCount(id: string, delta: 1 | -1): Promise<void> {
      await db
        .update(marathons)
        .set({ totalRegistrationCount: sql`${marathons.totalRegistrationCount} + ${delta}` })
        .where(eq(marathons.id, id));
    },
  };
}

export type MarathonsRepository = ReturnType<typeof createMarathonsRepository>;
