import { type SQL, eq, sql } from 'drizzle-orm';
import type {
  PaymentMethod,
  EntryDetailsChange,
  Registration,
  RegistrationEntry,
  RegistrationStatus,
  UpdateRegistration,
} from '@stride/shared';
import { LIVE_STATUSES, marathons, registrations } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';
import { isoInstant } from '../../db/json-text.js';
import { ownListPageStatement } from '../../db/own-list-page.js';
import { preparedStatement } from '../../db/prepared.js';
import { RESULT } from '../../db/result-shape.js';
import { ballotOutcomeOf } from '../../db/ballot-shape.js';
import { TRANSFER } from '../../db/transfer-shape.js';
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

/** The race pass's code (issue 33): the runner's own, while the entry holds a place; null otherwise. */
const CHECKIN_CODE = sql`case when registration.status = 'registered' then registration.checkin_code end`;

/** Whole years on the race's start day where it is run (migration 0013's stride_age_on). */
const AGE_ON_RACE_DAY = sql`stride_age_on(registration.date_of_birth, race.start_day)`;

/**
 * The entry form's answers of a registration (issue 31), from `registration` and its race (`race`): the part of
 * the API's registration the organizer's desk shows too.
 */
export const ENTRY_DETAILS_FIELDS = {
  dateOfBirth: sql`to_char(registration.date_of_birth, 'YYYY-MM-DD')`,
  gender: sql`registration.gender`,
  tShirtSize: sql`registration.t_shirt_size`,
  emergencyContact: sql`case when registration.emergency_contact_name is not null
    then json_build_object('name', registration.emergency_contact_name, 'phone', registration.emergency_contact_phone) end`,
  answers: sql`registration.answers`,
  ageOnRaceDay: AGE_ON_RACE_DAY,
  ageGroup: sql`stride_age_group(${AGE_ON_RACE_DAY}, race.age_groups)`,
  waiverVersion: sql`registration.waiver_version`,
  waiverAcceptedAt: isoInstant(sql`registration.waiver_accepted_at`),
} satisfies Partial<Record<keyof Registration, SQL>>;

/** The entry's payment (issue 32), from `registration`: what the runner and the organizer's desk see of it. */
export const PAYMENT_FIELDS = {
  paymentMethod: sql`registration.payment_method`,
  paymentStatus: sql`registration.payment_status`,
  amountDue: sql`registration.amount_due`,
  amountPaid: sql`registration.amount_paid`,
  amountRefunded: sql`registration.amount_refunded`,
  currency: sql`registration.currency`,
  discountCode: sql`registration.discount_code`,
  receiptNumber: sql`registration.receipt_number`,
  holdExpiresAt: isoInstant(sql`registration.hold_expires_at`),
} satisfies Partial<Record<keyof Registration, SQL>>;

/** The entry's result once its race's results are published (issue 34), from `registration`. */
const OWN_RESULT = sql`(select ${RESULT.json}::json from race_results result
  join race_result_sets result_set on result_set.marathon_id = result.marathon_id and result_set.published_at is not null
  join marathons race on race.id = result.marathon_id
  where result.registration_id = registration.id)`;

/** Where the entry came out of its race's ballot (issue 35), from `registration`: its line in the public record. */
const BALLOT_RESULT = ballotOutcomeOf(sql`registration`);

/** The entry's open transfer offer (issue 35), from `registration`: an offer past its end is no longer open. */
const OPEN_TRANSFER = sql`(select ${TRANSFER.json}::json from transfers transfer
  where transfer.registration_id = registration.id and transfer.status = 'offered' and transfer.expires_at > now())`;

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
  ...ENTRY_DETAILS_FIELDS,
  ...PAYMENT_FIELDS,
  checkinCode: CHECKIN_CODE,
  result: OWN_RESULT,
  ballotDrawAt: sql`case when registration.status = 'ballot' then ${isoInstant(sql`race.ballot_draw_at`)} end`,
  ballot: BALLOT_RESULT,
  transfersUntil: isoInstant(sql`race.transfers_until`),
  transfer: OPEN_TRANSFER,
} satisfies Record<keyof Registration, SQL>;
export const REGISTRATION = defineShape<Registration>(REGISTRATION_FIELDS);

/** Where an entry stands and its answers (registrationEntrySchema), from `registration` and its `race`. */
const ENTRY_KEYS = [
  '_id',
  'status',
  'bib',
  'waitlistPosition',
  'checkinCode',
  'result',
  'ballotDrawAt',
  'ballot',
  'transfersUntil',
  'transfer',
] as const satisfies ReadonlyArray<keyof RegistrationEntry>;
export const ENTRY = defineShape<RegistrationEntry>({
  ...(Object.fromEntries(ENTRY_KEYS.map((key) => [key, REGISTRATION_FIELDS[key]])) as Pick<
    typeof REGISTRATION_FIELDS,
    (typeof ENTRY_KEYS)[number]
  >),
  ...ENTRY_DETAILS_FIELDS,
  ...PAYMENT_FIELDS,
});

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

/** An entry's money and its race's refund policy (findMoney). */
export type EntryMoney = {
  status: RegistrationStatus;
  paymentMethod: PaymentMethod | null;
  amountPaid: number;
  amountRefunded: number;
  refundDue: number;
  checkoutSessionId: string | null;
  refundPercent: number;
  /** As the driver reads a timestamptz here: text, or a Date. */
  refundUntil: Date | string | null;
  raceStart: Date | string;
};

/**
 * The race of an entry that left its place, line or hold (`left`: rows with `marathon_id`, `status` as the entry
 * stood, `discount_code_id`), off its counters; the code's use given back. CTEs named `race` and `code_back`.
 */
const leftRace = (left: SQL) => sql`race as (
    update marathons set
      total_registration_count = total_registration_count - (gone.status = 'registered')::int,
      waitlist_count = waitlist_count - (gone.status = 'waitlisted')::int,
      pending_count = pending_count - (gone.status = 'pending_payment')::int,
      ballot_count = ballot_count - (gone.status = 'ballot')::int
    from ${left} as gone where marathons.id = gone.marathon_id
    returning marathons.*
  ), code_back as (
    update discount_codes set uses = uses - 1
    from ${left} as gone
    where discount_codes.id = gone.discount_code_id and gone.status in ${LIVE_STATUSES}
  )`;

/** The runner's cancellation mail about `entry` (a registrations row), as an INSERT into the outbox. */
const cancellationMail = (entry: SQL, cancelledBy: CancelledBy | undefined) => sql`
  insert into mail_outbox (recipient, payload)
  select users.email, jsonb_build_object('kind', 'registration-cancelled',
    'race', ${RACE_FACTS.jsonb}, 'registration', ${REGISTRATION_FACTS.jsonb})
    || ${cancelledBy ? sql`jsonb_build_object('cancelledBy', ${cancelledBy}::text)` : sql`'{}'::jsonb`}
  from ${entry} as registration join users on users.id = registration.user_id cross join race`;

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
            and registration.status in ${LIVE_STATUSES}
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

    /**
     * The runner's entry in the race and where it stands, if any: the live one (the unique (marathon, runner)
     * index), else the latest kept without a place (cancelled with its money, a hold released).
     */
    async findEntry(marathonId: string, userId: string): Promise<RegistrationEntry | null> {
      const [row] = rowsOf<RegistrationEntry>(
        await db.execute(sql`
          select ${ENTRY.columns} from registrations registration join marathons race on race.id = registration.marathon_id
          where registration.marathon_id = ${marathonId} and registration.user_id = ${userId}
          order by registration.status in ${LIVE_STATUSES} desc,
            registration.created_at desc
          limit 1`),
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

    /** The runner's name, contact and info: those of `changes` given. */
    async update(
      id: string,
      changes: Pick<UpdateRegistration, 'firstName' | 'lastName' | 'contact' | 'info'>,
    ): Promise<void> {
      const { firstName, lastName, contact, info } = changes;
      const values = Object.fromEntries(
        Object.entries({ firstName, lastName, contact, info }).filter(([, value]) => value !== undefined),
      );
      await db
        .update(registrations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(registrations.id, id));
    },

    /**
     * Stores the entry form's answers checked by checkEntryDetails: each field given (null clears it), the answers
     * given merged into the stored ones (null removes one), the waiver version accepted at `at`.
     */
    async updateEntryDetails(id: string, change: EntryDetailsChange, at: Date): Promise<void> {
      const { answers, waiverVersion, ...fields } = change;
      const set: Record<string, unknown> = { ...fields };
      if (answers) {
        const given = Object.fromEntries(Object.entries(answers).filter(([, answer]) => answer !== null));
        const cleared = Object.keys(answers).filter((key) => answers[key] === null);
        set.answers = sql`(${registrations.answers} || ${JSON.stringify(given)}::jsonb) - ${sql.param(cleared)}::text[]`;
      }
      if (waiverVersion !== undefined) {
        set.waiverVersion = waiverVersion;
        set.waiverAcceptedAt = at;
      }
      if (Object.keys(set).length === 0) return;
      await db.update(registrations).set(set).where(eq(registrations.id, id));
    },

    /**
     * Share-locks the race of the registration for the rest of the transaction (its entry form stays as read)
     * and answers its id, or null when there is no such registration.
     */
    async lockRaceOf(id: string): Promise<string | null> {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          select race.id from ${marathons} race
          where race.id = (select marathon_id from ${registrations} where id = ${id})
          for key share`),
      );
      return row?.id ?? null;
    },

    /**
     * The entry's money and its race's refund policy, with the entry's row locked for the rest of the transaction
     * (its race already locked): what a withdrawal gives back.
     */
    async findMoney(id: string): Promise<EntryMoney | null> {
      const [row] = rowsOf<EntryMoney>(
        await db.execute(sql`
          select registration.status, registration.payment_method as "paymentMethod",
            registration.amount_paid as "amountPaid", registration.amount_refunded as "amountRefunded",
            registration.refund_due as "refundDue", registration.checkout_session_id as "checkoutSessionId",
            race.refund_percent as "refundPercent", race.refund_until as "refundUntil", race.start_date as "raceStart"
          from ${registrations} registration join ${marathons} race on race.id = registration.marathon_id
          where registration.id = ${id}
          for update of registration`),
      );
      return row ?? null;
    },

    /**
     * Withdraws an entry without money on it: deletes it, takes it off its race's counters (and its code's uses)
     * and queues the runner's cancellation mail, in one statement; says where the entry stood. Run with the race
     * locked (a place given up then goes to the line: waitlist.repository.ts). `cancelledBy: 'organizer'` makes
     * the mail say who cancelled.
     */
    async remove(id: string, cancelledBy?: CancelledBy): Promise<RegistrationStatus | null> {
      const result = await db.execute(sql`
        with removed as (
          delete from registrations where id = ${id} returning *
        ), ${leftRace(sql`removed`)}, mailed as (
          ${cancellationMail(sql`removed`, cancelledBy)}
        )
        select status from removed`);
      const [row] = (result as unknown as { rows: { status: RegistrationStatus }[] }).rows;
      return row?.status ?? null;
    },

    /**
     * Withdraws an entry with money on it, keeping it as `cancelled` (no place, no bib) with its amounts, and
     * gives `refund` back: online, a refund for the refund worker to make (and the runner's refund mail); on
     * site, a refund the organizer owes (`refund_due`). One statement, the race locked, as {@link remove}.
     */
    async cancelKeepingMoney(
      id: string,
      refund: number,
      cancelledBy?: CancelledBy,
    ): Promise<RegistrationStatus | null> {
      const result = await db.execute(sql`
        with before as (
          select id, status, marathon_id, discount_code_id from registrations where id = ${id}
        ), kept as (
          update registrations set status = 'cancelled', bib = null, waitlist_seq = null, hold_expires_at = null,
            amount_refunded = amount_refunded + case when payment_method = 'online' then ${refund}::int else 0 end,
            refund_due = refund_due + case when payment_method = 'online' then 0 else ${refund}::int end,
            payment_status = case
              when ${refund}::int = 0 then payment_status
              when payment_method <> 'online' then 'refund_due'
              when amount_refunded + ${refund}::int = amount_paid then 'refunded'
              else 'partially_refunded' end,
            updated_at = now()
          where id = ${id}
          returning *
        ), ${leftRace(sql`before`)}, mailed as (
          ${cancellationMail(sql`kept`, cancelledBy)}
        ), refunding as (
          insert into payment_refunds (registration_id, payment_intent, amount, currency, reason)
          select id, payment_intent, ${refund}::int, currency, ${cancelledBy ?? 'withdrawn'}
          from kept where payment_method = 'online' and ${refund}::int > 0 and payment_intent is not null
        ), refund_mailed as (
          insert into mail_outbox (recipient, payload)
          select users.email, jsonb_build_object('kind', 'refund', 'race', ${RACE_FACTS.jsonb},
            'registration', ${REGISTRATION_FACTS.jsonb}, 'amount', ${refund}::int, 'currency', registration.currency,
            'onSite', registration.payment_method <> 'online')
          from kept as registration join users on users.id = registration.user_id cross join race
          where ${refund}::int > 0
        )
        select status from before`);
      const [row] = (result as unknown as { rows: { status: RegistrationStatus }[] }).rows;
      return row?.status ?? null;
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
