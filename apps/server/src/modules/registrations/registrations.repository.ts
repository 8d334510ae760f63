import { type SQL, eq, sql } from 'drizzle-orm';
import type { Registration, RegistrationEntry, RegistrationStatus, UpdateRegistration } from '@stride/shared';
import { marathons, registrations } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';
import { isoInstant } from '../../db/json-text.js';
import { ownListPageStatement } from '../../db/own-list-page.js';
import { preparedStatement } from '../../db/prepared.js';
import { defineShape } from '../../db/shape.js';
import { type JsonListRow, streamJsonArray } from '../../lib/json-array-stream.js';
import { containsPattern } from '../../lib/like-pattern.js';
import type { CancelledBy, RaceFacts, RegistrationFacts } from '../../mail/mail-payloads.js';
import { RACE_FACTS, REGISTRATION_FACTS } from '../../mail/fact-shapes.js';

/**
 * A waitlisted entry's place in line: 1 + the race's waitlisted entries that joined before it (an index-only
 * count on registrations_waitlist_idx); null for a registered runner. Positions close up as the line moves.
 */
const WAITLIST_POSITION = sql`case when registration.status = 'waitlisted' then (
  select count(*)::int from registrations as ahead
  where ahead.marathon_id = registration.marathon_id and ahead.status = 'waitlisted'
    and ahead.waitlist_seq <= registration.waitlist_seq) end`;

/**
 * A registration as the API answers it (registrationSchema), from a registrations row aliased `registration`
 * joined with its race (`race`) and runner (`runner`): {@link REGISTRATION_JOINS}.
 */
const REGISTRATION_FIELDS = {
  _id: sql`registration.id`,
  email: sql`runner.email`,
  marathonId: sql`registration.marathon_id`,
  marathonTitle: sql`race.title`,
  marathonDate: isoInstant(sql`race.start_date`),
  marathonTimeZone: sql`race.time_zone`,
  firstName: sql`registration.first_name`,
  lastName: sql`registration.last_name`,
  contact: sql`registration.contact`,
  info: sql`registration.info`,
  timestamp: isoInstant(sql`registration.created_at`),
  status: sql`registration.status`,
  bib: sql`registration.bib`,
  waitlistPosition: WAITLIST_POSITION,
} satisfies Record<keyof Registration, SQL>;
export const REGISTRATION = defineShape<Registration>(REGISTRATION_FIELDS);

/** Where an entry stands (registrationEntrySchema): the registration's own part, from `registration` alone. */
const { _id, status, bib, waitlistPosition } = REGISTRATION_FIELDS;
export const ENTRY = defineShape<RegistrationEntry>({ _id, status, bib, waitlistPosition });

const REGISTRATION_JOINS = sql`
  join marathons race on race.id = registration.marathon_id
  join users runner on runner.id = registration.user_id`;

/** Registrations in a long list: read and sent a chunk at a time (see {@link streamJsonArray}). */
export const REGISTRATION_LIST_CHUNK = 500;

/**
 * The runner's registrations whose race title is like `titlePattern`, newest first, the `limit` after a
 * position (`registrations_user_id_idx`), as the API's JSON; tagged with the race whose line each waitlisted
 * entry stands in (its place moves whenever the line does).
 */
const runnerRegistrationsJson = preparedStatement<JsonListRow>(sql`
  select registration.created_at::text as after_at, registration.id as after_id, ${REGISTRATION.json} as json,
    case when registration.status = 'waitlisted' then registration.marathon_id::text end as tag
  from registrations registration ${REGISTRATION_JOINS}
  where registration.user_id = ${sql.placeholder('userId')}
    and race.title ilike ${sql.placeholder('titlePattern')}
    and (registration.created_at, registration.id)
      < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)
  order by registration.created_at desc, registration.id desc
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
    joins: sql`join registrations registration on registration.id = page.id ${REGISTRATION_JOINS}`,
    rowJson: REGISTRATION.json,
  });
const runnerRegistrationPages = { all: runnerRegistrationPage(false), byTitle: runnerRegistrationPage(true) };

/** The facts of a mail about a registration: the runner's address, the race, what they entered. */
type MailFacts = { recipient: string; runnerId: string; race: RaceFacts; registration: RegistrationFacts };

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export function createRegistrationsRepository(db: Executor) {
  return {
    async findById(id: string): Promise<(Registration & { userId: string }) | null> {
      const [row] = rowsOf<Registration & { userId: string }>(
        await db.execute(sql`
          select ${REGISTRATION.columns}, registration.user_id as "userId"
          from registrations registration ${REGISTRATION_JOINS}
          where registration.id = ${id}`),
      );
      return row ?? null;
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

    /** Every entry of the runner, newest first, as the API answers it (the account's export). */
    async findAllByUser(userId: string): Promise<Registration[]> {
      return rowsOf<Registration>(
        await db.execute(sql`
          select ${REGISTRATION.columns} from registrations registration ${REGISTRATION_JOINS}
          where registration.user_id = ${userId}
          order by registration.created_at desc, registration.id desc`),
      );
    },

    /** The runner's entry in the race that starts soonest of those not started at `now`, or null. */
    async findNextByUser(userId: string, now: Date): Promise<Registration | null> {
      const [row] = rowsOf<Registration>(
        await db.execute(sql`
          select ${REGISTRATION.columns} from registrations registration ${REGISTRATION_JOINS}
          where registration.user_id = ${userId} and race.start_date > ${now.toISOString()}::timestamptz
          order by race.start_date, race.id
          limit 1`),
      );
      return row ?? null;
    },

    /** The ids of the runner's entries, in the order of their races' ids (the order their races are locked in). */
    async findIdsByUser(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.userId, userId))
        .orderBy(registrations.marathonId);
      return rows.map((row) => row.id);
    },

    /** The runner's entry in the race and where it stands, if any (the unique (marathon, runner) index). */
    async findEntry(marathonId: string, userId: string): Promise<RegistrationEntry | null> {
      const [row] = rowsOf<RegistrationEntry>(
        await db.execute(sql`
          select ${ENTRY.columns} from registrations registration
          where registration.marathon_id = ${marathonId} and registration.user_id = ${userId}`),
      );
      return row ?? null;
    },

    /** The registration's facts for a mail about it: the runner's address, the race, what they registered. */
    async findMailFacts(id: string): Promise<MailFacts | null> {
      const [row] = rowsOf<MailFacts>(
        await db.execute(sql`
          select runner.email as recipient, registration.user_id as "runnerId", ${RACE_FACTS.jsonb} as race,
            ${REGISTRATION_FACTS.jsonb} as registration
          from registrations registration ${REGISTRATION_JOINS}
          where registration.id = ${id}`),
      );
      return row ?? null;
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
          returning marathons.*
        ), mailed as (
          insert into mail_outbox (recipient, payload)
          select users.email, jsonb_build_object('kind', 'registration-cancelled',
            'race', ${RACE_FACTS.jsonb}, 'registration', ${REGISTRATION_FACTS.jsonb})
            || ${cancelledBy ? sql`jsonb_build_object('cancelledBy', ${cancelledBy}::text)` : sql`'{}'::jsonb`}
          from removed as registration join users on users.id = registration.user_id cross join race
        )
        select status from removed`);
      const [row] = (result as unknown as { rows: { status: RegistrationStatus }[] }).rows;
      return row?.status ?? null;
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
