import { sql } from 'drizzle-orm';
import type { CreateRegistration, EntryDetailsChange, EntryFormRules, Registration } from '@stride/shared';
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { isoInstant } from '../../db/json-text.js';
import type { Executor } from '../../db/transaction.js';
import { PASS_REGISTRATION_FACTS, RACE_FACTS } from '../../mail/fact-shapes.js';
import type { CodeTerms, EntryPayment, RacePricing } from './entry-payment.js';
import { REGISTRATION } from './registrations.repository.js';
import { LIVE_STATUSES } from '../../db/schema/index.js';

/** One runner asking to enter a race: their details, who they are, and whether they take a place in line. */
export type EntryRequest = Omit<CreateRegistration, 'marathonId' | 'waitlist'> & {
  userId: string;
  /** Where their confirmation (or waitlist) mail goes. */
  email: string;
  waitlist: boolean;
};

/** An entry checked against the race's form: its details, and the answers to store (checkEntryDetails). */
export type CheckedEntry = Pick<
  EntryRequest,
  'userId' | 'email' | 'waitlist' | 'firstName' | 'lastName' | 'contact' | 'info'
> & {
  entry: EntryDetailsChange;
  payment: EntryPayment;
};

/** The race's entry form as the entries are checked against it, and its revision. */
export type RaceEntryForm = {
  rules: EntryFormRules;
  /** The race's prices: an entry's amount is worked out from them (entry-payment.ts). */
  prices: RacePricing;
  revision: number;
  startRegDate: Date;
  endRegDate: Date;
};

/** How one runner's attempt to enter ended. */
export type EntryOutcome =
  | { kind: 'entered'; registration: Registration }
  | { kind: 'race-missing' }
  | { kind: 'closed'; race: { title: string; timeZone: string; startRegDate: Date; endRegDate: Date } }
  | { kind: 'full' }
  | { kind: 'already-registered' }
  /** The discount code has no use left (or was removed while the entry went in). */
  | { kind: 'code-used-up' }
  /** The organizer changed the entry form since the entry was checked: check it again. */
  | { kind: 'form-changed' }
  | { kind: 'invalid'; errors: Array<{ field: string; message: string }> };

type EntryRow = {
  n: number;
  title: string | null;
  time_zone: string | null;
  start_reg_date: Date | string | null;
  end_reg_date: Date | string | null;
  is_open: boolean | null;
  already: boolean | null;
  same_form: boolean | null;
  code_ok: boolean | null;
  registration: Registration | null;
};

/**
 * The runner's new registration as the API answers it. Their place in line is the one the statement gave
 * them: the shape's own count would not see the runners entered by the same statement ahead of them.
 */
const ENTERED = REGISTRATION.with({ waitlistPosition: sql`registration.waitlist_position` });

function toOutcome(row: EntryRow | undefined): EntryOutcome {
  if (!row || row.title === null) return { kind: 'race-missing' };
  if (!row.is_open) {
    const { title, time_zone: timeZone, start_reg_date: opens, end_reg_date: closes } = row;
    return {
      kind: 'closed',
      race: { title, timeZone: timeZone!, startRegDate: new Date(opens!), endRegDate: new Date(closes!) },
    };
  }
  if (row.already) return { kind: 'already-registered' };
  if (!row.same_form) return { kind: 'form-changed' };
  if (row.code_ok === false) return { kind: 'code-used-up' };
  if (row.registration === null) return { kind: 'full' };
  return { kind: 'entered', registration: row.registration };
}

/** Entering races: registering with a place, or joining the line when the race is full. */
export function createRaceEntryRepository(db: Executor) {
  /**
   * Enters the runners, in the order given, in one statement (one transaction) that holds the race's lock
   * for that statement only. The race row is read `FOR UPDATE` first, so every decision uses its counters as
   * the last committed statement left them: while places are left a runner is registered with the next bib;
   * then a runner who asked for the waitlist joins the end of the line, any other is refused (full). Nobody is
   * entered while the window is closed or twice. A ballot race's runners go into its ballot until the draw (no
   * place, no bib, no hold), whatever they asked. The counters move with the entries and each runner's mail
   * (confirmation, or waitlist entry) goes into the outbox. Answers an outcome per runner, in their order.
   *
   * A runner who entered from another process after this statement began is not seen by its `already` check;
   * the unique (race, runner) index then refuses the statement as a whole, and nothing of it is kept.
   */
  async function enterAll(
    executor: Executor,
    raceId: string,
    requests: readonly CheckedEntry[],
    at: Date,
    formRevision: number,
    holdUntil: Date,
  ): Promise<EntryOutcome[]> {
    const now = at.toISOString();
    const input = JSON.stringify(
      requests.map(({ entry, payment, ...request }, n) => ({
        n,
        ...request,
        ...entry,
        ...payment,
        answers: Object.fromEntries(
          Object.entries(entry.answers ?? {}).filter(([, answer]) => answer !== null),
        ),
      })),
    );
    const result = await executor.execute(sql`
      with input as (
        select (e->>'n')::int as n, e->>'userId' as user_id, e->>'email' as email, e->>'firstName' as first_name,
          e->>'lastName' as last_name, e->>'contact' as contact, e->>'info' as info,
          (e->>'waitlist')::boolean as waitlist, (e->>'dateOfBirth')::date as date_of_birth, e->>'gender' as gender,
          e->>'tShirtSize' as t_shirt_size, e->>'emergencyContactName' as emergency_contact_name,
          e->>'emergencyContactPhone' as emergency_contact_phone, e->'answers' as answers,
          (e->>'waiverVersion')::int as waiver_version, e->>'paymentMethod' as payment_method,
          (e->>'amountDue')::int as amount_due, e->>'currency' as currency,
          (e->>'discountCodeId')::uuid as discount_code_id, e->>'discountCode' as discount_code,
          (e->>'online')::boolean as online
        from jsonb_array_elements(${input}::jsonb) as e
      ), race as (
        select id, title, start_date, location, distance, time_zone, calendar_sequence, start_reg_date, end_reg_date,
          bibs_issued, waitlist_count, start_day, age_groups, form_revision = ${formRevision} as same_form,
          -- A ballot race takes entries into its ballot until it is drawn (issue 35).
          entry_mode = 'ballot' and ballot_drawn_at is null as in_ballot, ballot_draw_at, transfers_until,
          start_reg_date <= ${now}::timestamptz and end_reg_date >= ${now}::timestamptz as is_open,
          capacity - total_registration_count - pending_count as free
        from marathons where id = ${raceId}
        for update
      ), judged as (
        select input.*,
          -- A probe of the (race, runner) index per runner. Not exists(…): the planner may hash the race's
          -- whole entry list for it instead, which grows with every runner in.
          -- Entries kept without a place (cancelled with their money, holds released) do not count.
          (select true from registrations where marathon_id = ${raceId} and user_id = input.user_id
            and status in ${LIVE_STATUSES} limit 1)
            is not null
            or row_number() over (partition by input.user_id order by input.n) > 1 as already
        from input
      ), coded as (
        -- A code's uses are counted under the race's lock: those left go to the first runners who use it.
        select judged.*, judged.discount_code_id is null or coalesce(code.active
          and (code.valid_until is null or code.valid_until > ${now}::timestamptz)
          and (code.max_uses is null or code.uses
            + row_number() over (partition by judged.discount_code_id order by judged.n) <= code.max_uses), false)
          as code_ok
        from judged left join discount_codes code on code.id = judged.discount_code_id and code.marathon_id = ${raceId}
        where not judged.already
      ), decided as (
        select coded.*,
          case when race.in_ballot then 'ballot'
            when race.free is null or row_number() over (order by coded.n) <= race.free
              then case when coded.online then 'pending_payment' else 'registered' end
            when coded.waitlist then 'waitlisted' end as status
        from coded cross join race
        where race.is_open and race.same_form and coded.code_ok
      ), numbered as (
        select decided.*,
          case when status = 'registered'
            then (race.bibs_issued + row_number() over (partition by status order by n))::int end as bib
        from decided cross join race
        where status is not null
      ), inserted as (
        insert into registrations (marathon_id, user_id, first_name, last_name, contact, info, status, bib,
          waitlist_seq, date_of_birth, gender, t_shirt_size, emergency_contact_name, emergency_contact_phone, answers,
          waiver_version, waiver_accepted_at, payment_method, payment_status, amount_due, currency, discount_code_id,
          discount_code, hold_expires_at)
        select ${raceId}, user_id, first_name, last_name, contact, info, status, bib,
          case when status = 'waitlisted' then nextval('registrations_waitlist_seq') end,
          date_of_birth, gender, t_shirt_size, emergency_contact_name, emergency_contact_phone, answers,
          -- Accepted as the entry is made: the same instant as its created_at.
          waiver_version, case when waiver_version is not null then now() end,
          payment_method,
          case when amount_due = 0 then 'free' when status = 'registered' then 'due' else 'pending' end,
          amount_due, currency, discount_code_id, discount_code,
          case when status = 'pending_payment' then ${holdUntil.toISOString()}::timestamptz end
        from numbered
        returning *
      ), answered as (
        -- Places in line follow the sequence's order, whatever order the rows were numbered in.
        select inserted.*, numbered.email,
          case when inserted.status = 'waitlisted' then (race.waitlist_count
            + row_number() over (partition by inserted.status order by inserted.waitlist_seq))::int end
            as waitlist_position
        from inserted join numbered on numbered.user_id = inserted.user_id cross join race
      ), counted as (
        update marathons set
          total_registration_count = total_registration_count
            + (select count(*) from inserted where status = 'registered'),
          bibs_issued = bibs_issued + (select count(*) from inserted where status = 'registered'),
          waitlist_count = waitlist_count + (select count(*) from inserted where status = 'waitlisted'),
          pending_count = pending_count + (select count(*) from inserted where status = 'pending_payment'),
          ballot_count = ballot_count + (select count(*) from inserted where status = 'ballot')
        where id = ${raceId} and exists (select 1 from inserted)
      ), used as (
        update discount_codes set uses = uses + used.count
        from (select discount_code_id, count(*)::int as count from inserted where discount_code_id is not null
          group by discount_code_id) as used
        where discount_codes.id = used.discount_code_id
      ), mailed as (
        insert into mail_outbox (recipient, payload)
        select registration.email, jsonb_build_object(
          'kind', case registration.status when 'registered' then 'registration-confirmed'
            when 'ballot' then 'ballot-entered' else 'waitlist-joined' end,
          'race', ${RACE_FACTS.jsonb}, 'registration', ${PASS_REGISTRATION_FACTS.jsonb})
          || case registration.status
            when 'waitlisted' then jsonb_build_object('waitlistPosition', registration.waitlist_position)
            when 'ballot' then jsonb_build_object('ballotDrawAt', ${isoInstant(sql`race.ballot_draw_at`)})
            else '{}'::jsonb end
        from answered as registration cross join race
        -- A hold is confirmed when it is paid.
        where registration.status <> 'pending_payment'
      )
      select input.n, race.title, race.time_zone, race.start_reg_date, race.end_reg_date, race.is_open,
        judged.already, race.same_form, coded.code_ok,
        case when registration.id is not null then ${ENTERED.jsonb} end as registration
      from input
        join judged on judged.n = input.n
        left join coded on coded.n = input.n
        left join race on true
        left join answered as registration on registration.user_id = input.user_id and not judged.already
        left join users runner on runner.id = registration.user_id
      order by input.n`);
    const rows = (result as unknown as { rows: EntryRow[] }).rows;
    return requests.map((_, n) => toOutcome(rows.find((row) => Number(row.n) === n)));
  }

  /**
   * {@link enterAll} as one statement. When another transaction changed the race (a place freed, the limit
   * raised) while the statement waited for its lock, the decisions use the race as that transaction left it,
   * but PostgreSQL checks the counters' UPDATE against the row of the statement's older snapshot first, and may
   * refuse it (`marathons_within_capacity_check`) before re-reading it. Then the entry runs again in a
   * transaction that locks the race in a statement of its own first: the entry's snapshot holds every change
   * to the race, and nothing of the refused statement was kept.
   */
  async function enterOnce(
    raceId: string,
    requests: readonly CheckedEntry[],
    at: Date,
    formRevision: number,
    holdUntil: Date,
  ) {
    try {
      return await enterAll(db, raceId, requests, at, formRevision, holdUntil);
    } catch (error) {
      if (!isCheckViolation(error, 'marathons_within_capacity_check')) throw error;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select from marathons where id = ${raceId} for update`);
        return enterAll(tx, raceId, requests, at, formRevision, holdUntil);
      });
    }
  }

  /**
   * {@link enterOnce}, where a runner entering twice at once from two processes costs only their own attempt:
   * when the statement as a whole is refused for it, each runner is entered on their own, and the runner
   * already in is told so.
   */
  async function enter(
    raceId: string,
    requests: readonly CheckedEntry[],
    at: Date,
    formRevision: number,
    holdUntil: Date,
  ): Promise<EntryOutcome[]> {
    try {
      return await enterOnce(raceId, requests, at, formRevision, holdUntil);
    } catch (error) {
      if (isForeignKeyViolation(error)) return requests.map(() => ({ kind: 'race-missing' }) as const);
      if (!isUniqueViolation(error, 'registrations_marathon_user_unique')) throw error;
      if (requests.length === 1) return [{ kind: 'already-registered' }];
      const outcomes: EntryOutcome[] = [];
      for (const request of requests) {
        outcomes.push(...(await enter(raceId, [request], at, formRevision, holdUntil)));
      }
      return outcomes;
    }
  }

  /** The race's entry form, as each entry is checked against it; null when there is no such race. */
  async function findEntryForm(raceId: string): Promise<RaceEntryForm | null> {
    const result = await db.execute(sql`
      select registration_fields, t_shirt_sizes, questions, waiver_text is not null as has_waiver, waiver_version,
        minimum_age,
        to_char(start_day, 'YYYY-MM-DD') as race_day, form_revision, start_reg_date, end_reg_date,
        entry_fee, price_tiers, currency, payment_methods
      from marathons where id = ${raceId}`);
    const [row] = (result as unknown as { rows: EntryFormRow[] }).rows;
    return row ? entryFormOf(row) : null;
  }

  /** The race's codes of those given (in capitals), by code: their terms, as entries are checked against them. */
  async function findCodes(raceId: string, codes: string[]): Promise<Map<string, CodeTerms>> {
    const result = await db.execute(sql`
      select id, code, percent_off as "percentOff", amount_off as "amountOff", active, valid_until as "validUntil"
      from discount_codes where marathon_id = ${raceId} and code = any(${sql.param(codes)}::text[])`);
    const rows = (result as unknown as { rows: Array<CodeTerms & { validUntil: Date | string | null }> })
      .rows;
    return new Map(
      rows.map((row) => [
        row.code,
        { ...row, validUntil: row.validUntil === null ? null : new Date(row.validUntil) },
      ]),
    );
  }

  return { enter, findEntryForm, findCodes };
}

/** A race's entry form columns, as {@link entryFormOf} reads them. */
export type EntryFormRow = {
  registration_fields: EntryFormRules['registrationFields'];
  t_shirt_sizes: string[];
  questions: EntryFormRules['questions'];
  has_waiver: boolean;
  waiver_version: number;
  minimum_age: number | null;
  race_day: string;
  form_revision: number;
  start_reg_date: Date | string;
  end_reg_date: Date | string;
  entry_fee: number;
  price_tiers: RacePricing['priceTiers'];
  currency: string;
  payment_methods: RacePricing['paymentMethods'];
};

export function entryFormOf(row: EntryFormRow): RaceEntryForm {
  return {
    rules: {
      registrationFields: row.registration_fields,
      tShirtSizes: row.t_shirt_sizes,
      questions: row.questions,
      waiver: row.has_waiver ? { version: row.waiver_version } : null,
      minimumAge: row.minimum_age,
      raceDay: row.race_day,
    },
    prices: {
      entryFee: row.entry_fee,
      priceTiers: row.price_tiers,
      currency: row.currency,
      paymentMethods: row.payment_methods,
    },
    revision: row.form_revision,
    startRegDate: new Date(row.start_reg_date),
    endRegDate: new Date(row.end_reg_date),
  };
}

export type RaceEntryRepository = ReturnType<typeof createRaceEntryRepository>;
