import { and, eq, sql } from 'drizzle-orm';
import type { Registration, RegistrationEntry, RegistrationStatus, UpdateRegistration } from '@stride/shared';
import { marathons, registrations, users } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';
import { isoInstant } from '../../db/json-text.js';
import { ownListPageStatement } from '../../db/own-list-page.js';
import { preparedStatement } from '../../db/prepared.js';
import { type JsonListRow, streamJsonArray } from '../../lib/json-array-stream.js';
import { containsPattern } from '../../lib/like-pattern.js';
import type { CancelledBy, RaceFacts, RegistrationFacts } from '../../mail/mail-payloads.js';
import { raceFactsJson, registrationFactsJson } from '../../mail/payload-sql.js';

/**
 * A waitlisted entry's place in line: 1 + the race's waitlisted entries that joined before it (an index-only
 * count on registrations_waitlist_idx); null for a registered runner. Positions close up as the line moves.
 */
// Qualified by hand: Drizzle leaves columns unqualified in a one-table select, where they would name `ahead`'s.
const waitlistPosition = sql<number | null>`case when registrations.status = 'waitlisted' then (
  select count(*)::int from registrations as ahead
  where ahead.marathon_id = registrations.marathon_id and ahead.status = 'waitlisted'
    and ahead.waitlist_seq <= registrations.waitlist_seq) end`;

/** Registrations in a long list: read and sent a chunk at a time (see {@link streamJsonArray}). */
export const REGISTRATION_LIST_CHUNK = 500;

/**
 * A registration (joined with its race, `marathons`, and its runner, `users`) as the API's JSON, written by
 * PostgreSQL itself (registrationSchema's keys, in its order): a runner's list goes out as it is read, without a
 * row object, a Date or a serialiser in between. The own-lists tests hold it to the schema's answer field for field.
 */
const REGISTRATION_JSON = sql`(select row_to_json(item) from (select
    registrations.id as "_id", users.email, registrations.marathon_id as "marathonId",
    marathons.title as "marathonTitle", ${isoInstant(sql`marathons.start_date`)} as "marathonDate",
    marathons.time_zone as "marathonTimeZone", registrations.first_name as "firstName",
    registrations.last_name as "lastName", registrations.contact, registrations.info,
    ${isoInstant(sql`registrations.created_at`)} as "timestamp", registrations.status, registrations.bib,
    ${waitlistPosition} as "waitlistPosition"
  ) as item)::text`;

const REGISTRATION_JSON_JOINS = sql`
  join ${marathons} on marathons.id = registrations.marathon_id
  join ${users} on users.id = registrations.user_id`;

/**
 * The runner's registrations whose race title is like `titlePattern`, newest first, the `limit` after a
 * position (`registrations_user_id_idx`).
 */
const runnerRegistrationsJson = preparedStatement<JsonListRow>(sql`
  select registrations.created_at::text as after_at, registrations.id as after_id, ${REGISTRATION_JSON} as json,
    -- The race whose line this entry stands in: its place moves whenever the line does.
    case when registrations.status = 'waitlisted' then registrations.marathon_id::text end as tag
  from ${registrations} ${REGISTRATION_JSON_JOINS}
  where registrations.user_id = ${sql.placeholder('userId')}
    and marathons.title ilike ${sql.placeholder('titlePattern')}
    and (registrations.created_at, registrations.id)
      < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)
  order by registrations.created_at desc, registrations.id desc
  limit ${sql.placeholder('limit')}`);

/**
 * A page of the runner's registrations (or of those whose race title is like `titlePattern`) and how many there
 * are. Without a title, page and count read `registrations_user_id_idx` alone.
 */
const runnerRegistrationPage = (byTitle: boolean) =>
  ownListPageStatement({
    owned: byTitle
      ? sql`select registrations.id, registrations.created_at from ${registrations}
          join ${marathons} on marathons.id = registrations.marathon_id
          where registrations.user_id = ${sql.placeholder('userId')}
            and marathons.title ilike ${sql.placeholder('titlePattern')}`
      : sql`select id, created_at from ${registrations} where user_id = ${sql.placeholder('userId')}`,
    joins: sql`join ${registrations} on registrations.id = page.id ${REGISTRATION_JSON_JOINS}`,
    rowJson: REGISTRATION_JSON,
  });
const runnerRegistrationPages = { all: runnerRegistrationPage(false), byTitle: runnerRegistrationPage(true) };

const entryColumns = {
  id: registrations.id,
  status: registrations.status,
  bib: registrations.bib,
  waitlistPosition,
};

const registrationColumns = {
  ...entryColumns,
  userId: registrations.userId,
  email: users.email,
  marathonId: registrations.marathonId,
  marathonTitle: marathons.title,
  marathonDate: marathons.startDate,
  marathonTimeZone: marathons.timeZone,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  contact: registrations.contact,
  info: registrations.info,
  createdAt: registrations.createdAt,
};

type RegistrationRow = {
  id: string;
  userId: string;
  email: string;
  marathonId: string;
  marathonTitle: string;
  marathonDate: Date;
  marathonTimeZone: string;
  firstName: string;
  lastName: string;
  contact: string;
  info: string;
  createdAt: Date;
  status: RegistrationStatus;
  bib: number | null;
  waitlistPosition: number | null;
};

/** A row in the API's shape (SPEC.md §3): the race's title and start date and the runner's email joined in. */
export function toRegistration(row: RegistrationRow): Registration {
  return {
    ...toEntry(row),
    email: row.email,
    marathonId: row.marathonId,
    marathonTitle: row.marathonTitle,
    marathonDate: row.marathonDate.toISOString(),
    marathonTimeZone: row.marathonTimeZone,
    firstName: row.firstName,
    lastName: row.lastName,
    contact: row.contact,
    info: row.info,
    timestamp: row.createdAt.toISOString(),
  };
}

/** Where an entry stands: registered with a bib, or waitlisted at a place in line. */
function toEntry(row: {
  id: string;
  status: RegistrationStatus;
  bib: number | null;
  waitlistPosition: number | null;
}): RegistrationEntry {
  return { _id: row.id, status: row.status, bib: row.bib, waitlistPosition: row.waitlistPosition };
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

    /**
     * A page of the runner's registrations as JSON texts, most recent first, and how many there are; with
     * `titleContains`, of those whose race title holds it, ignoring case.
     */
    pageByUser: (userId: string, page: { limit: number; offset: number }, titleContains?: string) =>
      titleContains === undefined
        ? runnerRegistrationPages.all(db, { userId, ...page })
        : runnerRegistrationPages.byTitle(db, {
            userId,
            titlePattern: containsPattern(titleContains),
            ...page,
          }),

    /**
     * The runner's whole list (or its matches) as a JSON array, most recent first, streamed as it is read; tagged
     * with the ids of the races in whose lines the runner stands.
     */
    streamByUser: (userId: string, titleContains?: string) =>
      streamJsonArray(
        (after) =>
          runnerRegistrationsJson(db, {
            userId,
            titlePattern: titleContains === undefined ? '%' : containsPattern(titleContains),
            afterAt: after.at,
            afterId: after.id,
            limit: REGISTRATION_LIST_CHUNK,
          }),
        REGISTRATION_LIST_CHUNK,
      ),

    /** The runner's entry in the race and where it stands, if any (the unique (marathon, runner) index). */
    async findEntry(marathonId: string, userId: string): Promise<RegistrationEntry | null> {
      const [row] = await db
        .select(entryColumns)
        .from(registrations)
        .where(and(eq(registrations.marathonId, marathonId), eq(registrations.userId, userId)));
      return row ? toEntry(row) : null;
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
          timeZone: marathons.timeZone,
          calendarSequence: marathons.calendarSequence,
          id: registrations.id,
          firstName: registrations.firstName,
          lastName: registrations.lastName,
          contact: registrations.contact,
          info: registrations.info,
          bib: registrations.bib,
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
        timeZone,
        calendarSequence,
        ...registration
      } = row;
      return {
        recipient,
        runnerId,
        race: {
          id: raceId,
          title,
          startDate: startDate.toISOString(),
          location,
          distance,
          timeZone,
          calendarSequence,
        },
        registration,
      };
    },

    /** Locks the registration's row for the rest of the transaction (a change to the runner's details). */
    async findOwnerForUpdate(id: string) {
      const [row] = await db
        .select({ userId: registrations.userId, marathonId: registrations.marathonId })
        .from(registrations)
        .where(eq(registrations.id, id))
        .for('update');
      return row ?? null;
    },

    /**
     * The registration's owner and race, with the race's row locked for the rest of the transaction: its line
     * and counters stay as read. Changes to a race's entries lock the race before any entry, the order every
     * writer follows, so none deadlock.
     */
    async findOwnerLockingRace(id: string) {
      const [row] = await db
        .select({ userId: registrations.userId, marathonId: registrations.marathonId })
        .from(registrations)
        .innerJoin(marathons, eq(marathons.id, registrations.marathonId))
        .where(eq(registrations.id, id))
        .for('update', { of: marathons });
      return row ?? null;
    },

    /** The race's organizer, with its row locked for the rest of the transaction (as {@link findOwnerLockingRace}). */
    async findRaceOrganizerForUpdate(raceId: string) {
      const [row] = await db
        .select({ creatorId: marathons.creatorId })
        .from(marathons)
        .where(eq(marathons.id, raceId))
        .for('update');
      return row ?? null;
    },

    async update(id: string, changes: UpdateRegistration): Promise<void> {
      await db.update(registrations).set(changes).where(eq(registrations.id, id));
    },

    /**
     * Withdraws the entry, takes it off its race's counters and queues the runner's cancellation mail, in one
     * statement; says where the entry stood. Run with the race locked (a registered runner's place then goes to
     * the line: waitlist.repository.ts). `cancelledBy: 'organizer'` makes the mail say who cancelled.
     */
    async remove(id: string, cancelledBy?: CancelledBy): Promise<RegistrationStatus | null> {
      const result = await db.execute(sql`
        with removed as (
          delete from registrations where id = ${id}
          returning id, marathon_id, user_id, first_name, last_name, contact, info, bib, status
        ), race as (
          update marathons set
            total_registration_count = total_registration_count - (removed.status = 'registered')::int,
            waitlist_count = waitlist_count - (removed.status = 'waitlisted')::int
          from removed where marathons.id = removed.marathon_id
          returning marathons.id, marathons.title, marathons.start_date, marathons.location,
            marathons.distance, marathons.time_zone, marathons.calendar_sequence
        ), mailed as (
          insert into mail_outbox (recipient, payload)
          select users.email, jsonb_build_object('kind', 'registration-cancelled',
            'race', ${raceFactsJson('race')}, 'registration', ${registrationFactsJson('removed')})
            || ${cancelledBy ? sql`jsonb_build_object('cancelledBy', ${cancelledBy}::text)` : sql`'{}'::jsonb`}
          from removed join users on users.id = removed.user_id cross join race
        )
        select status from removed`);
      const [row] = (result as unknown as { rows: { status: RegistrationStatus }[] }).rows;
      return row?.status ?? null;
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
