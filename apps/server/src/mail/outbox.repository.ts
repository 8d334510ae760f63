import { and, eq, inArray, sql } from 'drizzle-orm';
import { LIVE_STATUSES, mailOutbox } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import type { Executor } from '../db/transaction.js';
import type { MailPayload } from './mail-payloads.js';
import { RACE_FACTS, REGISTRATION_FACTS } from './fact-shapes.js';

export type OutboxMail = { recipient: string; payload: MailPayload };

/** What every registrant of a race is told; the race as stored now and each registration's facts are added. */
export type RegistrantNotice =
  { kind: 'race-changed'; previous: { startDate: string; location: string } } | { kind: 'race-cancelled' };

export type ClaimedMail = { id: string; recipient: string; payload: MailPayload; attempts: number };

type ClaimedRow = { id: string; recipient: string; payload: MailPayload | string; attempts: number };

/** Writing mails into the outbox, on the caller's transaction so they commit or vanish with its change. */
export function createOutboxWriter() {
  return {
    async enqueue(executor: Executor, mails: readonly OutboxMail[]): Promise<void> {
      if (mails.length > 0) await executor.insert(mailOutbox).values([...mails]);
    },

    /**
     * One mail per registrant of the race, in one INSERT … SELECT: a race with 17,000 registrants is one
     * statement, not 17,000 round trips. The race's facts are read as the transaction has them (after a change,
     * the new ones); it runs before the race's registrations go (a deleted race's rows).
     */
    async enqueueForRegistrants(
      executor: Executor,
      raceId: string,
      notice: RegistrantNotice,
    ): Promise<number> {
      const result = await executor.execute(sql`
        with queued as (
          insert into mail_outbox (recipient, payload)
          select runner.email, ${JSON.stringify(notice)}::jsonb
            || jsonb_build_object('race', ${RACE_FACTS.jsonb}, 'registration', ${REGISTRATION_FACTS.jsonb})
          from registrations registration
            join users runner on runner.id = registration.user_id
            join marathons race on race.id = registration.marathon_id
          -- Those who hold a place, a hold or a place in line: not entries kept only for their money.
          where registration.marathon_id = ${raceId}
            and registration.status in ${LIVE_STATUSES}
          returning 1)
        select count(*)::int as count from queued`);
      return (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
    },
  };
}

export type OutboxWriter = ReturnType<typeof createOutboxWriter>;

/** The worker's side: claiming due mails under a lease, and recording how each send went. */
export function createOutboxQueue(db: Database) {
  return {
    /**
     * Leases up to `limit` due mails to the caller. SKIP LOCKED lets several processes claim at once without
     * waiting on or taking each other's rows; the lease (claimed_until) hands a dead worker's mails on.
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      const result = await db.execute(sql`
        update mail_outbox set claimed_until = now() + ${leaseMs} * interval '1 millisecond',
          attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= now()
            and (claimed_until is null or claimed_until < now())
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked)
        returning id, recipient, payload, attempts`);
      return (result as unknown as { rows: ClaimedRow[] }).rows.map((row) => ({
        ...row,
        payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as MailPayload) : row.payload,
      }));
    },

    async markSent(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), claimedUntil: null, lastError: null })
        .where(inArray(mailOutbox.id, [...ids]));
    },

    /** Gives claimed mails back unsent, as if never claimed: any worker may take them now. */
    async release(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(mailOutbox)
        .set({ claimedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
        .where(and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, 'pending')));
    },

    /** Schedules another attempt after `retryInMs`, or gives up (status failed) when `giveUp`. */
    async markFailed(
      id: string,
      error: string,
      retry: { giveUp: boolean; retryInMs: number },
    ): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: retry.giveUp ? 'failed' : 'pending',
          lastError: error.slice(0, 2000),
          claimedUntil: null,
          nextAttemptAt: sql`now() + ${retry.retryInMs} * interval '1 millisecond'`,
        })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
    },

    /** When the next pending mail is due, if any: how long the worker may sleep. */
    async nextDueAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string>`min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at)))` })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      return row?.at ? new Date(row.at) : null;
    },

    async counts(): Promise<{ pending: number; failed: number }> {
      const [row] = await db
        .select({
          pending: sql<number>`count(*) filter (where status = 'pending')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where status = 'failed')`.mapWith(Number),
        })
        .from(mailOutbox)
        .where(sql`status <> 'sent'`);
      return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
    },
  };
}

export type OutboxQueue = ReturnType<typeof createOutboxQueue>;
