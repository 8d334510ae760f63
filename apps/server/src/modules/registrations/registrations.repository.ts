import { and, desc, eq, sql } from 'drizzle-orm';
import type { CreateRegistration, Registration, UpdateRegistration } from '@stride/shared';
import { marathons, registrations, users } from '../../db/schema/index.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { Executor } from '../../db/transaction.js';
import type { RaceFacts, RegistrationFacts } from '../../mail/mail-payloads.js';
import { raceFactsJson, registrationFactsJson } from '../../mail/payload-sql.js';

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

type RegisterRow = {
  title: string;
  start_date: Date | string;
  start_reg_date: Date | string;
  end_reg_date: Date | string;
  is_open: boolean;
  id: string | null;
  created_at: Date | string | null;
};

/** How an attempt to register ended. */
export type RegisterOutcome =
  | { kind: 'registered'; id: string; createdAt: Date; race: { title: string; startDate: Date } }
  | { kind: 'race-missing' }
  | { kind: 'closed'; race: { title: string; startDate: Date; startRegDate: Date; endRegDate: Date } }
  | { kind: 'already-registered' };

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

    /** The registration's facts for a mail about it: the runner's address, the race, what they registered. */
    async findMailFacts(id: string): Promise<{
      recipient: string;
      runnerId: string;
      race: RaceFacts;
      registration: RegistrationFacts;
    } | null> {
      const [row] = await db
        .select({
          recipient: users.email,
          runnerId: registrations.userId,
          raceId: marathons.id,
          title: marathons.title,
          startDate: marathons.startDate,
          location: marathons.location,
          distance: marathons.distance,
          calendarSequence: marathons.calendarSequence,
          id: registrations.id,
          firstName: registrations.firstName,
          lastName: registrations.lastName,
          contact: registrations.contact,
          info: registrations.info,
        })
        .from(registrations)
        .innerJoin(marathons, eq(marathons.id, registrations.marathonId))
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(eq(registrations.id, id));
      if (!row) return null;
      const {
        recipient,
        runnerId,
        raceId,
        title,
        startDate,
        location,
        distance,
        calendarSequence,
        ...registration
      } = row;
      return {
        recipient,
        runnerId,
        race: { id: raceId, title, startDate: startDate.toISOString(), location, distance, calendarSequence },
        registration,
      };
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
     * window holds `at` (inclusive) and the runner is not registered yet; the race's count rises with it, and
     * the confirmation mail to `confirmTo` goes into the outbox.
     * The count's UPDATE locks the race row only for this statement, so concurrent registrations queue briefly
     * and the count stays exact. When nothing was inserted, the same statement's reading of the race says why:
     * the window rule lives here alone. A race deleted while this statement waited for its lock is missing.
     */
    async registerIfOpen(
      values: Omit<CreateRegistration, 'marathonId'> & { marathonId: string; userId: string },
      at: Date,
      { confirmTo }: { confirmTo: string },
    ): Promise<RegisterOutcome> {
      const result = await db
        .execute(
          sql`
        with race as (
          select id, title, start_date, location, distance, calendar_sequence, start_reg_date, end_reg_date,
            start_reg_date <= ${at.toISOString()}::timestamptz and end_reg_date >= ${at.toISOString()}::timestamptz
              as is_open
          from marathons where id = ${values.marathonId}
        ), inserted as (
          insert into registrations (marathon_id, user_id, first_name, last_name, contact, info)
          select race.id, ${values.userId}, ${values.firstName}, ${values.lastName}, ${values.contact}, ${values.info}
          from race where race.is_open
          on conflict (marathon_id, user_id) do nothing
          returning id, created_at, marathon_id, first_name, last_name, contact, info
        ), raised as (
          update marathons set total_registration_count = total_registration_count + 1
          where id in (select marathon_id from inserted)
        ), confirmed as (
          insert into mail_outbox (recipient, payload)
          select ${confirmTo}, jsonb_build_object('kind', 'registration-confirmed',
            'race', ${raceFactsJson('race')}, 'registration', ${registrationFactsJson('inserted')})
          from inserted cross join race
        )
        select race.title, race.start_date, race.start_reg_date, race.end_reg_date, race.is_open,
          inserted.id, inserted.created_at
        from race left join inserted on true`,
        )
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) return { rows: [] };
          throw error;
        });
      const [row] = (result as unknown as { rows: RegisterRow[] }).rows;
      if (!row) return { kind: 'race-missing' };
      const race = { title: row.title, startDate: new Date(row.start_date) };
      if (!row.is_open) {
        return {
          kind: 'closed',
          race: {
            ...race,
            startRegDate: new Date(row.start_reg_date),
            endRegDate: new Date(row.end_reg_date),
          },
        };
      }
      if (row.id === null) return { kind: 'already-registered' };
      return { kind: 'registered', id: row.id, createdAt: new Date(row.created_at!), race };
    },

    async update(id: string, changes: UpdateRegistration): Promise<void> {
      await db.update(registrations).set(changes).where(eq(registrations.id, id));
    },

    /** Withdraws the registration and lowers its race's count, in one statement. */
    async remove(id: string): Promise<void> {
      await db.execute(sql`
        with removed as (delete from registrations where id = ${id} returning marathon_id)
        update marathons set total_registration_count = total_registration_count - 1
        where id in (select marathon_id from removed)`);
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
