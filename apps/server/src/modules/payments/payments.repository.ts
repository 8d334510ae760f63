import { sql } from 'drizzle-orm';
import type { CreateDiscountCode, DiscountCode, Registration } from '@stride/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { isoInstant } from '../../db/json-text.js';
import { defineShape } from '../../db/shape.js';
import type { Executor } from '../../db/transaction.js';
import { PASS_REGISTRATION_FACTS, RACE_FACTS, REGISTRATION_FACTS } from '../../mail/fact-shapes.js';
import { LIVE_STATUSES } from '../../db/schema/index.js';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** A discount code as the API answers it (discountCodeSchema), from a discount_codes row aliased `code`. */
const DISCOUNT_CODE = defineShape<DiscountCode>({
  _id: sql`code.id`,
  code: sql`code.code`,
  percentOff: sql`code.percent_off`,
  amountOff: sql`code.amount_off`,
  maxUses: sql`code.max_uses`,
  validUntil: isoInstant(sql`code.valid_until`),
  uses: sql`code.uses`,
  active: sql`code.active`,
});

/** What a hold's checkout needs: the entry, its runner, its race, its session if it has one. */
export type CheckoutFacts = {
  id: string;
  userId: string;
  email: string;
  status: Registration['status'];
  raceId: string;
  raceTitle: string;
  amountDue: number;
  currency: string;
  holdExpiresAt: Date | null;
  sessionId: string | null;
  sessionUrl: string | null;
  sessionExpiresAt: Date | null;
  attempts: number;
};

/** A paid checkout session, as the payment it confirms. */
export type PaidSession = { sessionId: string; paymentIntent: string; amount: number; currency: string };

/** How a payment met its entry: confirmed, already confirmed, or refunded (and why). */
export type PaymentOutcome =
  | { kind: 'confirmed'; raceId: string; runnerId: string }
  | { kind: 'already-paid' }
  | {
      kind: 'refunded';
      reason: 'mismatch' | 'late' | 'unknown' | 'twice';
      raceId: string | null;
      runnerId: string | null;
    };

/** A hold whose time is up. */
export type DueHold = { id: string; raceId: string; sessionId: string | null };

/** A refund to make through Stripe. */
export type RefundTask = { id: string; paymentIntent: string; amount: number; attempts: number };

/** The next receipt number of the race `race` (a CTE updating its counter): six digits, unique in the race. */
const RECEIPT = sql`lpad(receipt.receipts_issued::text, 6, '0')`;

/** A refund in full of a payment no entry keeps, for the refund worker to make: a CTE `refunding`. */
const fullRefund = (registrationId: unknown, paid: PaidSession, reason: string) => sql`
  refunding as (
    insert into payment_refunds (registration_id, payment_intent, amount, currency, reason)
    values (${registrationId}::uuid, ${paid.paymentIntent}, ${paid.amount}, ${paid.currency}, ${reason})
  )`;

export function createPaymentsRepository(db: Executor) {
  /** The race's organizer, with its row locked for the rest of the transaction (the order every writer follows). */
  async function lockRace(raceId: string): Promise<{ creatorId: string } | null> {
    const [row] = rowsOf<{ creatorId: string }>(
      await db.execute(sql`select creator_id as "creatorId" from marathons where id = ${raceId} for update`),
    );
    return row ?? null;
  }

  /**
   * Payments in one statement: entries standing as `from` (holds, by default) paid in full, in their currency,
   * become registered with their races' next bibs and receipts (in the order given) and their confirmations are
   * queued. Their races must be locked. Answers the entries confirmed; the others (anything but such an entry,
   * or a second payment of one in the same batch) are for {@link applyPayment} to decide.
   */
  async function confirmHoldsPaid(
    payments: Array<PaidSession & { registrationId: string }>,
    from: 'pending_payment' | 'expired' = 'pending_payment',
  ): Promise<Map<string, { raceId: string; runnerId: string }>> {
    if (payments.length === 0) return new Map();
    const input = JSON.stringify(
      payments.map(({ registrationId, paymentIntent, amount, currency }, n) => ({
        n,
        registrationId,
        paymentIntent,
        amount,
        currency,
      })),
    );
    const rows = rowsOf<{ id: string; raceId: string; runnerId: string }>(
      await db.execute(sql`
        with input as (
          select distinct on (registration_id) * from jsonb_to_recordset(${input}::jsonb)
            as paid(n int, "registrationId" uuid, "paymentIntent" text, amount int, currency text)
            cross join lateral (select paid."registrationId" as registration_id) as key
          order by registration_id, n
        ), locked as (
          select registration.id, registration.marathon_id, input.n, input."paymentIntent" as payment_intent,
            input.amount
          from input join registrations registration on registration.id = input.registration_id
          where registration.status = ${from} and registration.amount_due = input.amount
            and registration.currency = input.currency
          for update of registration
        ), target as (
          select locked.*, row_number() over (partition by marathon_id order by n) as turn from locked
        ), counted as (
          update marathons set
            receipts_issued = receipts_issued + paid.count,
            bibs_issued = bibs_issued + paid.count,
            total_registration_count = total_registration_count + paid.count,
            pending_count = pending_count - ${from === 'pending_payment' ? sql`paid.count` : sql`0`}
          from (select marathon_id, count(*)::int as count from target group by marathon_id) as paid
          where marathons.id = paid.marathon_id
          returning marathons.id, marathons.receipts_issued - paid.count as receipts_before,
            marathons.bibs_issued - paid.count as bibs_before
        ), registration as (
          update registrations set status = 'registered', bib = counted.bibs_before + target.turn,
            hold_expires_at = null, payment_status = 'paid', amount_paid = target.amount,
            payment_intent = target.payment_intent, paid_at = now(),
            receipt_number = lpad((counted.receipts_before + target.turn)::text, 6, '0'), updated_at = now()
          from target join counted on counted.id = target.marathon_id
          where registrations.id = target.id
          returning registrations.*
        ), mailed as (
          insert into mail_outbox (recipient, payload)
          select users.email, jsonb_build_object('kind', 'registration-confirmed', 'race', ${RACE_FACTS.jsonb},
            'registration', ${PASS_REGISTRATION_FACTS.jsonb})
          from registration join users on users.id = registration.user_id
            join marathons race on race.id = registration.marathon_id
        )
        select id, marathon_id as "raceId", user_id as "runnerId" from registration`),
    );
    return new Map(rows.map(({ id, ...confirmed }) => [id, confirmed]));
  }

  return {
    lockRace,

    confirmHoldsPaid,

    /** Records the events' ids; answers those recorded before (applied already: nothing to do). */
    async recordEvents(events: Array<{ id: string; type: string }>): Promise<Set<string>> {
      const result = await db.execute(sql`
        insert into payment_events (id, type)
        select id, type from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as event(id text, type text)
        on conflict (id) do nothing returning id`);
      const fresh = new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
      return new Set(events.map((event) => event.id).filter((id) => !fresh.has(id)));
    },

    /** The race of the registration, locked (its counters and line stay as read); null when there is none. */
    async lockRaceOfRegistration(registrationId: string): Promise<string | null> {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          select race.id from marathons race
          where race.id = (select marathon_id from registrations where id = ${registrationId})
          for update`),
      );
      return row?.id ?? null;
    },

    /** The race's prices and, when asked, its code that still has a use left at `at`; null: no such race. */
    async findQuoteFacts(raceId: string, code: string | undefined, at: Date) {
      const [row] = rowsOf<{
        entryFee: number;
        priceTiers: Array<{ until: string; entryFee: number }>;
        currency: string;
        code: { code: string; percentOff: number | null; amountOff: number | null } | null;
      }>(
        await db.execute(sql`
          select race.entry_fee as "entryFee", race.price_tiers as "priceTiers", race.currency,
            (select json_build_object('code', code.code, 'percentOff', code.percent_off, 'amountOff', code.amount_off)
              from discount_codes code
              where code.marathon_id = race.id and code.code = ${code ?? null}::text and code.active
                and (code.valid_until is null or code.valid_until > ${at.toISOString()}::timestamptz)
                and (code.max_uses is null or code.uses < code.max_uses)) as code
          from marathons race where race.id = ${raceId}`),
      );
      return row ?? null;
    },

    /** Locks the races of the registrations, in the order of their ids (the order every batch locks them in). */
    async lockRacesOfRegistrations(registrationIds: string[]): Promise<void> {
      if (registrationIds.length === 0) return;
      await db.execute(sql`
        select id from marathons
        where id in (select marathon_id from registrations where id = any(${sql.param(registrationIds)}::uuid[]))
        order by id
        for update`);
    },

    async createCode(raceId: string, input: CreateDiscountCode): Promise<DiscountCode | 'taken'> {
      try {
        const [row] = rowsOf<DiscountCode>(
          await db.execute(sql`
            insert into discount_codes as code (marathon_id, code, percent_off, amount_off, max_uses, valid_until)
            values (${raceId}, ${input.code}, ${input.percentOff}, ${input.amountOff}, ${input.maxUses},
              ${input.validUntil?.toISOString() ?? null}::timestamptz)
            returning ${DISCOUNT_CODE.columns}`),
        );
        return row!;
      } catch (error) {
        if (isUniqueViolation(error, 'discount_codes_race_code_unique')) return 'taken';
        throw error;
      }
    },

    async listCodes(raceId: string): Promise<DiscountCode[]> {
      return rowsOf<DiscountCode>(
        await db.execute(sql`
          select ${DISCOUNT_CODE.columns} from discount_codes code
          where code.marathon_id = ${raceId} order by code.created_at, code.id`),
      );
    },

    /**
     * Removes the race's code when no entry ever used it, else deactivates it (it stays listed, `active: false`).
     * False when the race has no such code.
     */
    async removeCode(raceId: string, codeId: string): Promise<boolean> {
      const result = await db.execute(sql`
        with target as (
          select id, exists (select 1 from registrations where discount_code_id = discount_codes.id) as used
          from discount_codes where id = ${codeId} and marathon_id = ${raceId}
        ), deleted as (
          delete from discount_codes where id in (select id from target where not used)
        ), deactivated as (
          update discount_codes set active = false where id in (select id from target where used)
        )
        select id from target`);
      return rowsOf(result).length > 0;
    },

    /** The entry's race and payment state, locked, for the organizer's record of money taken or given back. */
    async findPaymentForUpdate(raceId: string, registrationId: string) {
      const [row] = rowsOf<{ paymentStatus: string; userId: string }>(
        await db.execute(sql`
          select payment_status as "paymentStatus", user_id as "userId" from registrations
          where id = ${registrationId} and marathon_id = ${raceId} for update`),
      );
      return row ?? null;
    },

    /** An on-site fee collected: paid in full, with the race's next receipt number. */
    async recordOnSitePaid(raceId: string, registrationId: string): Promise<void> {
      await db.execute(sql`
        with receipt as (
          update marathons set receipts_issued = receipts_issued + 1 where id = ${raceId} returning receipts_issued
        )
        update registrations set payment_status = 'paid', amount_paid = amount_due, paid_at = now(),
          receipt_number = ${RECEIPT}, updated_at = now()
        from receipt where registrations.id = ${registrationId}`);
    },

    /** An on-site refund paid back: what was owed joins what was refunded. */
    async recordOnSiteRefunded(registrationId: string): Promise<void> {
      await db.execute(sql`
        update registrations set amount_refunded = amount_refunded + refund_due, refund_due = 0,
          payment_status = case when amount_refunded + refund_due = amount_paid then 'refunded'
            else 'partially_refunded' end,
          updated_at = now()
        where id = ${registrationId}`);
    },

    async findCheckoutFacts(id: string): Promise<CheckoutFacts | null> {
      const [row] = rowsOf<CheckoutFacts>(
        await db.execute(sql`
          select registration.id, registration.user_id as "userId", runner.email, registration.status,
            race.id as "raceId", race.title as "raceTitle", registration.amount_due as "amountDue",
            coalesce(registration.currency, race.currency) as currency,
            registration.hold_expires_at as "holdExpiresAt", registration.checkout_session_id as "sessionId",
            registration.checkout_session_url as "sessionUrl",
            registration.checkout_session_expires_at as "sessionExpiresAt",
            registration.checkout_attempts as attempts
          from registrations registration join marathons race on race.id = registration.marathon_id
            join users runner on runner.id = registration.user_id
          where registration.id = ${id}`),
      );
      return row
        ? {
            ...row,
            holdExpiresAt: row.holdExpiresAt && new Date(row.holdExpiresAt),
            sessionExpiresAt: row.sessionExpiresAt && new Date(row.sessionExpiresAt),
          }
        : null;
    },

    /** Keeps the hold's new checkout session, unless the hold ended or another request made one meanwhile. */
    async saveCheckoutSession(
      id: string,
      attempt: number,
      session: { id: string; url: string; expiresAt: Date },
    ): Promise<boolean> {
      const result = await db.execute(sql`
        update registrations set checkout_session_id = ${session.id}, checkout_session_url = ${session.url},
          checkout_session_expires_at = ${session.expiresAt.toISOString()}::timestamptz, checkout_attempts = ${attempt}
        where id = ${id} and status = 'pending_payment' and checkout_attempts = ${attempt - 1}
        returning id`);
      return rowsOf(result).length > 0;
    },

    /** A session that Stripe expired: the hold (if still on) makes a new one when its runner asks again. */
    async forgetCheckoutSession(sessionId: string): Promise<void> {
      await db.execute(sql`
        update registrations set checkout_session_url = null, checkout_session_expires_at = null
        where checkout_session_id = ${sessionId} and status = 'pending_payment'`);
    },

    /** Records the event id; false when it was recorded before (the event was applied: nothing to do). */
    async recordEvent(id: string, type: string): Promise<boolean> {
      const result = await db.execute(sql`
        insert into payment_events (id, type) values (${id}, ${type}) on conflict (id) do nothing returning id`);
      return rowsOf(result).length > 0;
    },

    /**
     * Applies a paid session to its entry (the race locked by the caller): a hold with the right amount becomes
     * registered with the next bib and a receipt, and its confirmation is mailed; a hold already released takes
     * a free place if there is one. Anything else is refunded in full: a wrong amount or currency, a payment for
     * an entry gone or with no place left (mailed), a second payment of an entry already paid.
     */
    async applyPayment(registrationId: string | null, paid: PaidSession): Promise<PaymentOutcome> {
      const [entry] = registrationId
        ? rowsOf<{
            status: string;
            userId: string;
            raceId: string;
            amountDue: number;
            currency: string | null;
            paymentIntent: string | null;
            free: number | null;
            live: boolean;
          }>(
            await db.execute(sql`
              select registration.status, registration.user_id as "userId", registration.marathon_id as "raceId",
                registration.amount_due as "amountDue", registration.currency,
                registration.payment_intent as "paymentIntent",
                race.capacity - race.total_registration_count - race.pending_count as free,
                exists (select 1 from registrations other where other.marathon_id = registration.marathon_id
                  and other.user_id = registration.user_id and other.id <> registration.id
                  and other.status in ${LIVE_STATUSES}) as live
              from registrations registration join marathons race on race.id = registration.marathon_id
              where registration.id = ${registrationId}
              for update of registration`),
          )
        : [];
      const refund = async (reason: 'mismatch' | 'late' | 'unknown' | 'twice', mail: boolean) => {
        await db.execute(sql`with ${fullRefund(registrationId, paid, reason)} select 1`);
        if (entry && reason === 'late') {
          // The entry keeps the money's trace: paid and refunded in full.
          await db.execute(sql`
            with registration as (
              update registrations set amount_paid = ${paid.amount}, amount_refunded = ${paid.amount},
                payment_status = 'refunded', payment_intent = ${paid.paymentIntent}, updated_at = now()
              where id = ${registrationId} returning *
            )
            insert into mail_outbox (recipient, payload)
            select users.email, jsonb_build_object('kind', 'payment-refunded-full', 'race', ${RACE_FACTS.jsonb},
              'registration', ${REGISTRATION_FACTS.jsonb}, 'amount', ${paid.amount}::int, 'currency', ${paid.currency}::text)
            from registration join users on users.id = registration.user_id
              join marathons race on race.id = registration.marathon_id
            where ${mail}`);
        }
        return {
          kind: 'refunded',
          reason,
          raceId: entry?.raceId ?? null,
          runnerId: entry?.userId ?? null,
        } as const;
      };
      if (!entry) return refund('unknown', false);
      if (entry.paymentIntent === paid.paymentIntent) return { kind: 'already-paid' };
      if (entry.amountDue !== paid.amount || entry.currency !== paid.currency)
        return refund('mismatch', false);
      const placeFree = entry.status === 'expired' && !entry.live && (entry.free === null || entry.free > 0);
      if (entry.status !== 'pending_payment' && !placeFree) {
        return refund(entry.status === 'expired' ? 'late' : 'twice', entry.status === 'expired');
      }
      await confirmHoldsPaid(
        [{ ...paid, registrationId: registrationId! }],
        entry.status === 'pending_payment' ? 'pending_payment' : 'expired',
      );
      return { kind: 'confirmed', raceId: entry.raceId, runnerId: entry.userId };
    },

    /** Holds whose time is up, soonest first (registrations_hold_idx). */
    async findDueHolds(now: Date, limit: number): Promise<DueHold[]> {
      return rowsOf<DueHold>(
        await db.execute(sql`
          select id, marathon_id as "raceId", checkout_session_id as "sessionId" from registrations
          where status = 'pending_payment' and hold_expires_at <= ${now.toISOString()}::timestamptz
          order by hold_expires_at limit ${limit}`),
      );
    },

    /**
     * Releases the hold if it is still on and its time is up (the race locked by the caller): the entry is kept
     * as `expired`, its place and code use go back, and its runner is mailed. False when there was nothing to
     * release (paid meanwhile, or released by another process).
     */
    async releaseHold(id: string, now: Date): Promise<{ runnerId: string } | null> {
      const [row] = rowsOf<{ runnerId: string }>(
        await db.execute(sql`
          with released as (
            update registrations set status = 'expired', hold_expires_at = null, updated_at = now()
            where id = ${id} and status = 'pending_payment' and hold_expires_at <= ${now.toISOString()}::timestamptz
            returning *
          ), race as (
            update marathons set pending_count = pending_count - 1
            from released where marathons.id = released.marathon_id
            returning marathons.*
          ), code_back as (
            update discount_codes set uses = uses - 1
            from released where discount_codes.id = released.discount_code_id
          ), mailed as (
            insert into mail_outbox (recipient, payload)
            select users.email, jsonb_build_object('kind', 'hold-released', 'race', ${RACE_FACTS.jsonb},
              'registration', ${REGISTRATION_FACTS.jsonb})
            from released as registration join users on users.id = registration.user_id cross join race
          )
          select user_id as "runnerId" from released`),
      );
      return row ?? null;
    },

    /**
     * Refunds in full every online payment the race's entries still hold, with each runner's refund mail: the
     * race is being deleted (its on-site money was settled first).
     */
    async refundRaceOnline(raceId: string): Promise<number> {
      const result = await db.execute(sql`
        with held as (
          select registration.*, registration.amount_paid - registration.amount_refunded - registration.refund_due as amount
          from registrations registration
          where registration.marathon_id = ${raceId} and registration.payment_method = 'online'
            and registration.payment_intent is not null
            and registration.amount_paid - registration.amount_refunded - registration.refund_due > 0
        ), refunding as (
          insert into payment_refunds (registration_id, payment_intent, amount, currency, reason)
          select id, payment_intent, amount, currency, 'race-deleted' from held
        ), mailed as (
          insert into mail_outbox (recipient, payload)
          select users.email, jsonb_build_object('kind', 'refund', 'race', ${RACE_FACTS.jsonb},
            'registration', ${REGISTRATION_FACTS.jsonb}, 'amount', registration.amount, 'currency', registration.currency)
          from held as registration join users on users.id = registration.user_id
            join marathons race on race.id = registration.marathon_id
        )
        select count(*)::int as count from held`);
      return rowsOf<{ count: number }>(result)[0]!.count;
    },

    /**
     * Up to `limit` refunds due, leased to this process for `leaseSeconds` (another process skips them), oldest
     * first.
     */
    async claimRefunds(limit: number, leaseSeconds: number): Promise<RefundTask[]> {
      return rowsOf<RefundTask>(
        await db.execute(sql`
          update payment_refunds set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}),
            attempts = attempts + 1
          where id in (
            select id from payment_refunds where done_at is null and next_attempt_at <= now()
            order by next_attempt_at limit ${limit} for update skip locked
          )
          returning id, payment_intent as "paymentIntent", amount, attempts`),
      );
    },

    async markRefunded(id: string, stripeRefundId: string): Promise<void> {
      await db.execute(sql`
        update payment_refunds set done_at = now(), stripe_refund_id = ${stripeRefundId}, last_error = null
        where id = ${id}`);
    },

    async markRefundFailed(id: string, error: string, retryInSeconds: number): Promise<void> {
      await db.execute(sql`
        update payment_refunds set last_error = ${error},
          next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
        where id = ${id}`);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
