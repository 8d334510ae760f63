import { desc, eq } from 'drizzle-orm';
import type { CreateRegistration, Registration, UpdateRegistration } from '@stride/shared';
import { marathons, registrations, users } from '../../db/schema/index.js';
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

    async findOwnerForUpdate(id: string) {
      const [row] = await db
        .select({ userId: registrations.userId, marathonId: registrations.marathonId })
        .from(registrations)
        .where(eq(registrations.id, id))
        .for('update');
      return row ?? null;
    },

    /** Inserts unless this runner is already registered for the race; returns the new row's id and time, or null. */
    async createIfAbsent(
      values: Omit<CreateRegistration, 'marathonId'> & { marathonId: string; userId: string },
    ) {
      const [row] = await db
        .insert(registrations)
        .values(values)
        .onConflictDoNothing({ target: [registrations.marathonId, registrations.userId] })
        .returning({ id: registrations.id, createdAt: registrations.createdAt });
      return row ?? null;
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
