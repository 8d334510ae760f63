import type { FastifyBaseLogger } from 'fastify';
import {
  type CreateDiscountCode,
  type DiscountCode,
  PAYMENT_MESSAGES,
  type Quote,
  type RecordPayment,
  type Registration,
  discounted,
  feeAt,
} from '@stride/shared';
import type { RecordChange, UnitOfWork } from '../../changes/unit-of-work.js';
import type { Executor } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { createKeyedBatcher } from '../../lib/keyed-batcher.js';
import { requireOwner } from '../../lib/ownership.js';
import { type RaceAccessOn, requireRaceAbility } from '../../lib/race-access.js';
import {
  type CheckoutSession,
  type PaymentGateway,
  type StripeEvent,
  checkoutExpiresAt,
} from './stripe-gateway.js';
import {
  type PaidSession,
  type PaymentsRepository,
  createPaymentsRepository,
} from './payments.repository.js';

export const PAYMENT_SERVICE_MESSAGES = {
  marathonNotFound: 'Marathon not found',
  registrationNotFound: 'Registration not found',
  codeNotFound: 'Discount code not found',
  notOrganizer: 'Only the organizer of this marathon can manage its payments and discount codes.',
  notOwner: 'You can only pay for your own registrations.',
  codeTaken: 'This race already has this code',
  notPending: 'This entry is not waiting for payment',
  noPaymentDue: 'This entry has no on-site payment due',
  noRefundDue: 'This entry has no on-site refund due',
  onlineUnavailable: 'Online payment is not set up on this server',
  stripeBusy: 'The payment service is busy: try again in a moment',
} as const;
const M = PAYMENT_SERVICE_MESSAGES;

type Actor = { id: string };

/** How often, and how many at a time, the payments worker looks for holds to release and refunds to make. */
const HOLD_BATCH = 100;
/** The most webhook events applied by one transaction. */
const EVENT_BATCH = 50;
const REFUND_BATCH = 20;
const REFUND_LEASE_SECONDS = 120;
const REFUND_RETRY_SECONDS = [10, 60, 300, 1_800, 3_600];

export type PaymentsServiceDependencies = {
  unitOfWork: UnitOfWork;
  /** The database, for reads outside a transaction. */
  db: Executor;
  /** Stripe, when online payment is set up. */
  gateway: PaymentGateway | null;
  /** Where Stripe sends the runner back to. */
  publicUrl: string;
  /** A new race's currency (DEFAULT_CURRENCY). */
  defaultCurrency: string;
  /**
   * Gives the race's free places to its line, on the caller's transaction (the race locked): a released hold's
   * place. A port to the registrations module.
   */
  fillPlaces: (tx: Executor, raceId: string, record: RecordChange) => Promise<void>;
  /** A registration as the API answers it, on the caller's transaction (a port to the registrations module). */
  findRegistration: (tx: Executor, id: string) => Promise<Registration | null>;
  /** Who may do what on a race (its organizer, its team), read on the transaction: a port to the staff module. */
  raceAccessOn: RaceAccessOn;
  log: FastifyBaseLogger;
  repositoryOn?: (executor: Executor) => PaymentsRepository;
  now?: () => Date;
};

/**
 * Entry fees (issue 32): a race's discount codes, the organizer's record of on-site money, the checkout of a
 * hold, Stripe's events, the release of unpaid holds and the refunds to make.
 */
export function createPaymentsService({
  unitOfWork,
  db,
  gateway,
  publicUrl,
  defaultCurrency,
  fillPlaces,
  findRegistration,
  raceAccessOn,
  log,
  repositoryOn = createPaymentsRepository,
  now = () => new Date(),
}: PaymentsServiceDependencies) {
  /** Runs `work` with the race locked, once it is known to exist and the actor to organize it (or co-organize). */
  function asOrganizer<T>(
    organizer: Actor,
    raceId: string,
    work: (payments: PaymentsRepository, tx: Executor, record: RecordChange) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(raceId)) throw new AppError('NOT_FOUND', M.marathonNotFound);
    return unitOfWork.transaction(async (tx, record) => {
      const payments = repositoryOn(tx);
      const race = await payments.lockRace(raceId);
      if (!race) throw new AppError('NOT_FOUND', M.marathonNotFound);
      await requireRaceAbility(
        raceAccessOn(tx),
        { id: raceId, ...race },
        organizer.id,
        'organize',
        M.notOrganizer,
      );
      return work(payments, tx, record);
    });
  }

  /** Applies a paid session, the entry's race locked: the same whether the webhook or the sweeper saw it first. */
  async function confirm(
    tx: Executor,
    record: RecordChange,
    registrationId: string | null,
    paid: PaidSession,
    { raceLocked = false }: { raceLocked?: boolean } = {},
  ) {
    const payments = repositoryOn(tx);
    const valid = registrationId !== null && isUuid(registrationId) ? registrationId : null;
    if (valid && !raceLocked) await payments.lockRaceOfRegistration(valid);
    const confirmed = valid
      ? ((await payments.confirmHoldsPaid([{ ...paid, registrationId: valid }])).get(valid) ?? null)
      : null;
    const outcome = confirmed
      ? ({ kind: 'confirmed', ...confirmed } as const)
      : await payments.applyPayment(valid, paid);
    if (outcome.kind === 'refunded') {
      log.warn(
        { registrationId, sessionId: paid.sessionId, reason: outcome.reason },
        'payment refunded in full: no entry could keep it',
      );
    }
    if ((outcome.kind === 'confirmed' || outcome.kind === 'refunded') && outcome.raceId && outcome.runnerId) {
      record({ kind: 'registration', raceId: outcome.raceId, runnerId: outcome.runnerId });
      record({ kind: 'mail-queued' });
    }
    return outcome;
  }

  const paidOf = (session: CheckoutSession): PaidSession | null =>
    session.paymentStatus === 'paid' &&
    session.paymentIntent &&
    session.amountTotal !== null &&
    session.currency
      ? {
          sessionId: session.id,
          paymentIntent: session.paymentIntent,
          amount: session.amountTotal,
          currency: session.currency,
        }
      : null;

  /** Releases one hold whose time is up, after asking Stripe whether it was paid after all (a lost webhook). */
  async function releaseHold(hold: {
    id: string;
    raceId: string;
    sessionId: string | null;
  }): Promise<boolean> {
    if (hold.sessionId && gateway) {
      const session = await gateway.expireCheckoutSession(hold.sessionId);
      const paid = paidOf(session);
      if (paid) {
        await unitOfWork.transaction((tx, record) => confirm(tx, record, hold.id, paid));
        return false;
      }
    }
    return unitOfWork.transaction(async (tx, record) => {
      const payments = repositoryOn(tx);
      if ((await payments.lockRaceOfRegistration(hold.id)) === null) return false;
      const released = await payments.releaseHold(hold.id, now());
      if (!released) return false;
      record({ kind: 'registration', raceId: hold.raceId, runnerId: released.runnerId });
      record({ kind: 'mail-queued' });
      await fillPlaces(tx, hold.raceId, record);
      return true;
    });
  }

  /** Applies an event whose id was just recorded, on the transaction (see handleEvent). */
  async function applyRecorded(
    tx: Executor,
    record: RecordChange,
    event: StripeEvent,
    options: { raceLocked?: boolean } = {},
  ): Promise<void> {
    const session = event.session;
    if (!session) return;
    if (event.type === 'checkout.session.completed') {
      const paid = paidOf(session);
      if (paid) await confirm(tx, record, session.registrationId, paid, options);
    } else if (event.type === 'checkout.session.expired') {
      await repositoryOn(tx).forgetCheckoutSession(session.id);
    }
  }

  /**
   * Applies a batch of events in one transaction: their ids recorded by one statement, their entries' races locked
   * first in one order, each new event applied (the usual payment in one statement). When one fails, each is
   * applied on its own, so only that one fails (Stripe delivers it again). An outcome per event: null, or its error.
   */
  async function applyEvents(events: StripeEvent[]): Promise<Array<unknown>> {
    try {
      await unitOfWork.transaction(async (tx, record) => {
        const payments = repositoryOn(tx);
        const unique = [...new Map(events.map((event) => [event.id, event])).values()];
        const applied = await payments.recordEvents(unique.map(({ id, type }) => ({ id, type })));
        const fresh = unique.filter((event) => !applied.has(event.id));
        const ids = fresh.flatMap(({ session }) =>
          session?.registrationId && isUuid(session.registrationId) ? [session.registrationId] : [],
        );
        await payments.lockRacesOfRegistrations(ids);
        // The usual payments all at once; anything else one by one, in order.
        const usual = fresh.flatMap((event) => {
          const paid = event.type === 'checkout.session.completed' && event.session && paidOf(event.session);
          const registrationId = event.session?.registrationId;
          return paid && registrationId && isUuid(registrationId) ? [{ ...paid, registrationId }] : [];
        });
        const confirmed = await payments.confirmHoldsPaid(usual);
        for (const [, { raceId, runnerId }] of confirmed) record({ kind: 'registration', raceId, runnerId });
        if (confirmed.size > 0) record({ kind: 'mail-queued' });
        for (const event of fresh) {
          const registrationId = event.session?.registrationId;
          if (registrationId && confirmed.delete(registrationId)) continue;
          await applyRecorded(tx, record, event, { raceLocked: true });
        }
      });
      return events.map(() => null);
    } catch (error) {
      if (events.length === 1) return [error];
      const outcomes: unknown[] = [];
      for (const event of events) {
        try {
          await unitOfWork.transaction(async (tx, record) => {
            if (await repositoryOn(tx).recordEvent(event.id, event.type))
              await applyRecorded(tx, record, event);
          });
          outcomes.push(null);
        } catch (failure) {
          outcomes.push(failure);
        }
      }
      return outcomes;
    }
  }
  const eventQueue = createKeyedBatcher<StripeEvent, unknown>((_key, events) => applyEvents(events), {
    maxBatch: EVENT_BATCH,
  });

  return {
    options: { defaultCurrency, online: gateway !== null },

    /** What the runner would pay now, with the code if it is valid (400 on the code's field, as an entry would). */
    async quote(raceId: string, discountCode: string | undefined): Promise<Quote> {
      if (!isUuid(raceId)) throw new AppError('NOT_FOUND', M.marathonNotFound);
      const at = now();
      const facts = await repositoryOn(db).findQuoteFacts(raceId, discountCode, at);
      if (!facts) throw new AppError('NOT_FOUND', M.marathonNotFound);
      if (discountCode !== undefined && !facts.code) {
        throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.invalidCode, [
          { field: 'discountCode', message: PAYMENT_MESSAGES.invalidCode },
        ]);
      }
      const entryFee = feeAt(facts, at);
      return {
        entryFee,
        amountDue: discounted(entryFee, facts.code),
        currency: facts.currency,
        discountCode: facts.code?.code ?? null,
      };
    },

    async createCode(organizer: Actor, raceId: string, input: CreateDiscountCode): Promise<DiscountCode> {
      return asOrganizer(organizer, raceId, async (payments) => {
        const code = await payments.createCode(raceId, input);
        if (code === 'taken')
          throw new AppError('CONFLICT', M.codeTaken, [{ field: 'code', message: M.codeTaken }]);
        return code;
      });
    },

    async listCodes(organizer: Actor, raceId: string): Promise<DiscountCode[]> {
      return asOrganizer(organizer, raceId, (payments) => payments.listCodes(raceId));
    },

    async removeCode(organizer: Actor, raceId: string, codeId: string): Promise<void> {
      await asOrganizer(organizer, raceId, async (payments) => {
        if (!isUuid(codeId) || !(await payments.removeCode(raceId, codeId))) {
          throw new AppError('NOT_FOUND', M.codeNotFound);
        }
      });
    },

    /** The organizer records an on-site fee collected (`paid`) or an on-site refund paid back (`refunded`). */
    async recordPayment(
      organizer: Actor,
      raceId: string,
      registrationId: string,
      { status }: RecordPayment,
    ): Promise<Registration> {
      return asOrganizer(organizer, raceId, async (payments, tx, record) => {
        const entry = isUuid(registrationId)
          ? await payments.findPaymentForUpdate(raceId, registrationId)
          : null;
        if (!entry) throw new AppError('NOT_FOUND', M.registrationNotFound);
        if (status === 'paid') {
          if (entry.paymentStatus !== 'due') throw new AppError('CONFLICT', M.noPaymentDue);
          await payments.recordOnSitePaid(raceId, registrationId);
        } else {
          if (entry.paymentStatus !== 'refund_due') throw new AppError('CONFLICT', M.noRefundDue);
          await payments.recordOnSiteRefunded(registrationId);
        }
        const registration = (await findRegistration(tx, registrationId))!;
        record({ kind: 'registration', raceId, runnerId: entry.userId });
        return registration;
      });
    },

    /**
     * The hold's Stripe Checkout page: the session still open, or a new one (an attempt of its own, so a retried
     * request makes the same one). It ends with the hold where Stripe allows; never before Stripe's minimum.
     */
    async checkout(runner: Actor, registrationId: string): Promise<{ checkoutUrl: string }> {
      if (!isUuid(registrationId)) throw new AppError('NOT_FOUND', M.registrationNotFound);
      const payments = repositoryOn(db);
      const facts = await payments.findCheckoutFacts(registrationId);
      if (!facts) throw new AppError('NOT_FOUND', M.registrationNotFound);
      requireOwner(facts.userId, runner.id, M.notOwner);
      const at = now();
      if (facts.status !== 'pending_payment' || !facts.holdExpiresAt || facts.holdExpiresAt <= at) {
        throw new AppError('CONFLICT', M.notPending);
      }
      if (!gateway) throw new AppError('CONFLICT', M.onlineUnavailable);
      if (
        facts.sessionUrl &&
        facts.sessionExpiresAt &&
        facts.sessionExpiresAt.getTime() > at.getTime() + 60_000
      ) {
        return { checkoutUrl: facts.sessionUrl };
      }
      const attempt = facts.attempts + 1;
      const back = `${publicUrl}/marathon-details/${facts.raceId}/payment?registration=${registrationId}`;
      let session: CheckoutSession;
      try {
        session = await gateway.createCheckoutSession({
          registrationId,
          attempt,
          amount: facts.amountDue,
          currency: facts.currency,
          description: facts.raceTitle,
          customerEmail: facts.email,
          // From the minute, not the instant: a request repeated within it sends the same body under the attempt's
          // idempotency key (Stripe refuses a key reused with another body).
          expiresAt: checkoutExpiresAt(
            facts.holdExpiresAt,
            new Date(Math.floor(at.getTime() / 60_000) * 60_000),
          ),
          successUrl: `${back}&result=success`,
          cancelUrl: `${back}&result=cancelled`,
        });
      } catch (error) {
        // A request of the same attempt in the next minute: the first one's session, once kept.
        const current = await repositoryOn(db).findCheckoutFacts(registrationId);
        if (current?.sessionUrl && current.attempts >= attempt) return { checkoutUrl: current.sessionUrl };
        log.error({ err: error, registrationId }, 'checkout session not created');
        throw new AppError('SERVICE_UNAVAILABLE', M.stripeBusy);
      }
      const saved = await unitOfWork.autocommit((db) =>
        repositoryOn(db).saveCheckoutSession(registrationId, attempt, {
          id: session.id,
          url: session.url ?? '',
          expiresAt: session.expiresAt,
        }),
      );
      if (!saved) {
        // Another request made this attempt's session (the same one, by its idempotency key) or a later one.
        const current = await repositoryOn(db).findCheckoutFacts(registrationId);
        if (current?.status !== 'pending_payment' || !current.sessionUrl)
          throw new AppError('CONFLICT', M.notPending);
        return { checkoutUrl: current.sessionUrl };
      }
      return { checkoutUrl: session.url ?? '' };
    },

    /** Verifies a webhook's signature against its raw body: the event, or a 400 (nothing changes). */
    verifyWebhook(rawBody: string | Buffer, signature: string | undefined): StripeEvent {
      if (!gateway) throw new AppError('NOT_FOUND', 'Online payment is not set up on this server');
      try {
        return gateway.verifyWebhook(rawBody, signature);
      } catch (error) {
        log.warn({ err: error }, 'webhook refused: bad or stale signature');
        throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
      }
    },

    /**
     * Applies one of Stripe's events, once: its id is recorded in the transaction of the change it makes, so a
     * delivery repeated or out of order finds it and changes nothing. Events arriving while others are applied go
     * together in the next transaction (one commit, each race locked once, in one order).
     */
    async handleEvent(event: StripeEvent): Promise<void> {
      const outcome = await eventQueue.submit('events', event);
      if (outcome !== null) throw outcome;
    },

    /** Releases the holds whose time is up, as many as one batch; answers how many were released. */
    async releaseDueHolds(): Promise<number> {
      const holds = await repositoryOn(db).findDueHolds(now(), HOLD_BATCH);
      let released = 0;
      for (const hold of holds) {
        try {
          if (await releaseHold(hold)) released += 1;
        } catch (error) {
          log.error({ err: error, registrationId: hold.id }, 'hold not released: will try again');
        }
      }
      return released;
    },

    /** Makes the refunds due (through Stripe, each with its own idempotency key); answers how many were made. */
    async makeDueRefunds(): Promise<number> {
      if (!gateway) return 0;
      const tasks = await repositoryOn(db).claimRefunds(REFUND_BATCH, REFUND_LEASE_SECONDS);
      let made = 0;
      for (const task of tasks) {
        const payments = repositoryOn(db);
        try {
          const refund = await gateway.refund({
            paymentIntent: task.paymentIntent,
            amount: task.amount,
            idempotencyKey: `refund-${task.id}`,
          });
          await payments.markRefunded(task.id, refund.id);
          made += 1;
        } catch (error) {
          const retry = REFUND_RETRY_SECONDS[Math.min(task.attempts - 1, REFUND_RETRY_SECONDS.length - 1)]!;
          log.error({ err: error, refundId: task.id }, 'refund not made: will try again');
          await payments.markRefundFailed(
            task.id,
            error instanceof Error ? error.message : String(error),
            retry,
          );
        }
      }
      return made;
    },

    /** Expires a checkout session left behind by a withdrawn hold (a payment made on it is refunded). */
    abandon(sessionId: string): void {
      gateway?.expireCheckoutSession(sessionId).catch((error: unknown) => {
        log.warn({ err: error, sessionId }, 'abandoned checkout session not expired');
      });
    },

    /** Refunds in full every online payment of the race, on the caller's transaction: before its deletion. */
    async refundRace(tx: Executor, raceId: string, record: RecordChange): Promise<void> {
      if ((await repositoryOn(tx).refundRaceOnline(raceId)) > 0) record({ kind: 'mail-queued' });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
