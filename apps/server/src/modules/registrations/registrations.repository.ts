import { and, desc, eq, sql } from 'drizzle-orm';
import type { CreateRegistration, Registration, UpdateRegistration } from '@stride/shared';
import { marathons, registrations, users } from '../../db/schema/index.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { Executor } from '../../db/transaction.js';

const registrationColumns = {
  id: registrations.id,
  userId: registrations.userId,
  email: users.email,
  marathonId: registrations.marathonId,
  marathonTitle: marathons.title,
  marathonDate: marathons.startDate,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  contact: registrations.contact,
  info: registrations.info,
  createdAt: registrations.createdAt,
};

type RegistrationRow = {
  [K in keyof typeof registrationColumns]: (typeof registrationColumns)[K]['_']['data'];
};

/** A row in the API's shape (SPEC.md §3): the race's title and start date and the runner's email joined in. */
export function toRegistration(row: RegistrationRow): Registration {
  return {
    _id: row.id,
    email: row.email,
    marathonId: row.marathonId,
    marathonTitle: row.marathonTitle,
    marathonDate: row.marathonDate.toISOString(),
    firstName: row.firstName,
    lastName: row.lastName,
    contact: row.contact,
    info: row.info,
    timestamp: row.createdAt.toISOString(),
  };
}

export function createRegistrationsRepository(db: Executor) {
  const selectRegistrations = () =>
    db
      .select(registrationColumns)
      .from(registrations)
      .innerJoin(marathons, eq(marathons.id, registrations.marathonId))
      .innerJoin(users, eq(users.id, registrations.userId));

  return {
    async findById(id: string): Promise<(Registration & { userId: string }) | null> {
      const [row] = await selectRegistrations().where(eq(registrations.id, id));
      return row ? { ...toRegistration(row), userId: row.userId } : null;
    },

    /** The runner's registrations, most recent first. */
    async findByUser(userId: string): Promise<Registration[]> {
      const rows = await selectRegistrations()
        .where(eq(registrations.userId, userId))
        .orderBy(desc(registrations.createdAt), desc(registrations.id));
      return rows.map(toRegistration);
    },

    /** The runner's registration for the race, if any (the unique (marathon, runner) index). */
    async findIdByRaceAndRunner(marathonId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.marathonId, marathonId), eq(registrations.userId, userId)));
      return row?.id ?? null;
    },

    async findOwnerForUpdate(id: string) {
      const [row] = await db
        .select({ userId: registrations.userId, marathonId: registrations.marathonId })
        .from(registrations)
        .where(eq(registrations.id, id))
        .for('update');
      return row ?? null;
    },

    /**
     * Registers the runner in one statement (one transaction): the row is inserted only if the race exists, its
     * window holds `at` (inclusive) and the runner is not registered yet, and the race's count rises with it.
     * The count's UPDATE locks the race row only for this statement, so concurrent registrations queue briefly
     * and the count stays exact. Returns null when nothing was inserted (the caller finds out why), which
     * includes a race deleted while this statement waited for its lock.
     */
    async registerIfOpen(
      values: Omit<CreateRegistration, 'marathonId'> & { marathonId: string; userId: string },
      at: Date,
    ): Promise<{ id: string; createdAt: Date; marathonTitle: string; marathonDate: Date } | null> {
      const result = await db
        .execute(
          sql`
        with inserted as (
          insert into registrations (marathon_id, user_id, first_name, last_name, contact, info)
          select m.id, ${values.userId}, ${values.firstName}, ${values.lastName}, ${values.contact}, ${values.info}
          from marathons m
          where m.id = ${values.marathonId} and m.start_reg_date <= ${at.toISOString()}::timestamptz
            and m.end_reg_date >= ${at.toISOString()}::timestamptz
          on conflict (marathon_id, user_id) do nothing
          returning id, created_at, marathon_id
        ), raised as (
          update marathons set total_registration_count = total_registration_count + 1
          where id in (select marathon_id from inserted)
          returning title, start_date
        )
        select inserted.id, inserted.created_at, raised.title, raised.start_date from inserted, raised`,
        )
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) return { rows: [] };
          throw error;
        });
      const [row] = (
        result as unknown as {
          rows: Array<{ id: string; created_at: Date | string; title: string; start_date: Date | string }>;
        }
      ).rows;
      if (!row) return null;
      return {
        id: row.id,
        createdAt: new Date(row.created_at),
        marathonTitle: row.title,
        marathonDate: new Date(row.start_date),
      };
    },

    async update(id: string, changes: UpdateRegistration): Promise<void> {
      await db.update(registrations).set(changes).where(eq(registrations.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(registrations).where(eq(registrations.id, id));
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
