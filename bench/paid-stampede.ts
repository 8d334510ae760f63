// The paid stampede (issue 32): the capacity stampede again, on a race that charges €45 online, against a fake
// Stripe of the bench's own that answers 429 above Stripe's rate. Runners enter at once, every hold opens its
// checkout, most pay by webhook (some events delivered twice), the rest are left to expire and their places go
// down the line, to be paid too. Then the audit (paid-stampede-audit.ts). See docs/PERFORMANCE.md.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../apps/server/src/db/client.js';
import { type SignedEvent, startFakeStripe } from '../apps/server/src/testing/fake-stripe.js';
import type { PaidStampede, StampedePhase } from './budgets.js';
import {
  type BenchFixtures,
  PAID_STAMPEDE_PRICE,
  findPaidRaceEntries,
  registrationBody,
} from './fixtures.js';
import { type PaidAnswer, type PaidPlan, auditPaidStampede } from './paid-stampede-audit.js';
import { unexpectedAnswers } from './stampede-audit.js';

/** Stripe accepts about 100 API requests a second per account: the bench's Stripe answers 429 above that. */
export const STRIPE_REQUESTS_PER_SECOND = 100;
/** Stripe may deliver an event more than once: the bench's Stripe sends this share of its own events twice. */
const DUPLICATE_RATE = 0.05;
const WEBHOOK_PATH = '/api/payments/stripe/webhook';
/** A checkout may wait for Stripe's rate (the server backs off up to 30 s per call): the load waits longer. */
const CHECKOUT_TIMEOUT_SECONDS = 60;
const CODE = { code: 'BENCH20', percentOff: 20 };

/** The bench's Stripe and the server's settings for it; the webhook URL is set once the server listens. */
export async function startBenchStripe() {
  const webhookSecret = 'whsec_stride_bench';
  const stripe = await startFakeStripe({
    webhookSecret,
    rateLimitPerSecond: STRIPE_REQUESTS_PER_SECOND,
    duplicateRate: DUPLICATE_RATE,
  });
  return {
    stripe,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_stride_bench',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
    listenTo(serverUrl: string) {
      stripe.setWebhookUrl(`${serverUrl}${WEBHOOK_PATH}`);
    },
  };
}

export type BenchStripe = Awaited<ReturnType<typeof startBenchStripe>>;

/**
 * The paid stampede's sizes: a tenth of the holds left to expire; a code limited to one use per thousand runners,
 * tried at once by ten times as many (issue 32: with maxUses N and 10·N runners trying, exactly N get it).
 */
export function planPaidStampede({ capacity, runners }: { capacity: number; runners: number }): PaidPlan {
  const maxUses = Math.max(1, Math.floor(runners / 1_000));
  return {
    capacity,
    runners,
    expiring: Math.max(1, Math.round(capacity / 10)),
    entryFee: PAID_STAMPEDE_PRICE.entryFee,
    code: { ...CODE, maxUses, senders: Math.min(10 * maxUses, runners) },
  };
}

/** Per request: what autocannon's connection remembers between a request and its answer. */
type Context = Record<string, unknown>;

/** A phase of requests sent over the stampede's connections (bench.ts's burst, on the server). */
export type Burst = (
  phase: {
    name: string;
    request: { method: 'POST'; path: string; headers?: Record<string, string> };
    next: (context: Context) => { path?: string; headers?: Record<string, string>; body?: string };
    expectedStatus: number;
  },
  amount: number,
  onBody: (status: number, body: string, context: Context) => void,
  options?: { timeout?: number },
) => Promise<StampedePhase>;

const json = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asks `check` every `everyMs` until it says yes; how long that took, in seconds. */
async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 250) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs)
      throw new Error(`gave up after ${timeoutMs / 1000} s: ${what}`);
    await sleep(everyMs);
  }
  return (performance.now() - started) / 1000;
}

export type PaidStampedeRun = {
  phases: PaidStampede;
  plan: PaidPlan;
  audit: ReturnType<typeof auditPaidStampede>;
  /** Requests sent again after the phase, as a client or Stripe would: holds without a session, events not applied. */
  retried: { checkouts: number; webhooks: number };
  unexpected: string[];
};

/**
 * Runs the paid stampede on the server at `url` (started with the bench's Stripe), reading and changing the
 * database through `db` while it runs: the holds left to expire are given an end in the past there.
 */
export async function runPaidStampede({
  url,
  db,
  benchStripe: { stripe },
  fixtures,
  plan,
  connections,
  burst,
}: {
  url: string;
  db: Database;
  benchStripe: BenchStripe;
  fixtures: BenchFixtures;
  plan: PaidPlan;
  connections: number;
  burst: Burst;
}): Promise<PaidStampedeRun> {
  const raceId = fixtures.openRaceIds.paidStampede;
  const tokenOf = new Map(fixtures.runners.map((runner) => [runner.id, runner.token]));
  const organizer = bearer(fixtures.heavyOrganizer.token);
  const unexpected: string[] = [];
  const retried = { checkouts: 0, webhooks: 0 };
  /** The events the bench delivered itself (Stripe's own deliveries are in `stripe.deliveries`). */
  const eventIds: string[] = [];

  const created = await fetch(`${url}/api/marathons/${raceId}/discount-codes`, {
    method: 'POST',
    headers: { ...json, ...organizer },
    body: JSON.stringify({
      code: plan.code.code,
      percentOff: plan.code.percentOff,
      maxUses: plan.code.maxUses,
    }),
  });
  if (created.status !== 201) throw new Error(`the discount code: ${created.status} ${await created.text()}`);

  // (1) Every runner enters at once; the first `senders` with the code. One refused because the code was used up
  // enters again without it, as a runner would.
  const answers: PaidAnswer[] = [];
  const tokenOfEntry = new Map<string, string>();
  const sendAgain: string[] = [];
  let fresh = 0;
  let codeRefusals = 0;
  const entryProblems = unexpectedAnswers(201, 'entries');
  const entries = await burst(
    {
      name: 'paid stampede',
      request: { method: 'POST', path: '/api/registrations', headers: json },
      next(context) {
        const again = sendAgain.shift();
        const token = again ?? fixtures.runners[fresh++]!.token;
        context.token = token;
        context.withCode = again === undefined && fresh <= plan.code.senders;
        return {
          headers: bearer(token),
          body: registrationBody(raceId, {
            waitlist: true,
            ...(context.withCode === true && { discountCode: plan.code.code }),
          }),
        };
      },
      expectedStatus: 201,
    },
    plan.runners + plan.code.senders - plan.code.maxUses,
    (status, body, context) => {
      if (status === 201) {
        const entry = JSON.parse(body) as Omit<PaidAnswer, 'id'> & { _id: string };
        answers.push({
          id: entry._id,
          status: entry.status,
          waitlistPosition: entry.waitlistPosition,
          discountCode: entry.discountCode,
        });
        tokenOfEntry.set(entry._id, context.token as string);
      } else if (status === 400 && context.withCode === true && body.includes('"discountCode"')) {
        codeRefusals += 1;
        sendAgain.push(context.token as string);
      } else entryProblems.note(status, body);
    },
  );
  // A refusal for the used-up code is an answer the rules ask for, not an error.
  entries.errors -= codeRefusals;
  unexpected.push(...entryProblems.lines());

  const holds = answers
    .filter((answer) => answer.status === 'pending_payment')
    .map((answer) => ({ id: answer.id, token: tokenOfEntry.get(answer.id)! }));

  /** Each entry's Checkout Session at the bench's Stripe (its latest). */
  const sessionsByRegistration = () =>
    new Map([...stripe.sessions.values()].map((session) => [session.metadata.registrationId!, session.id]));

  /** Every hold asks for its checkout, `connections` at once; one that was not answered 200 asks again. */
  async function openCheckouts(phase: string, held: Array<{ id: string; token: string }>) {
    const problems = unexpectedAnswers(200, phase);
    const answered = new Set<string>();
    let turn = 0;
    const result = await burst(
      {
        name: phase,
        request: { method: 'POST', path: '/api/registrations/none/checkout' },
        // A request lost to a timeout is replaced by the next one: wrap around rather than run out.
        next(context) {
          const hold = held[turn++ % held.length]!;
          context.id = hold.id;
          return { path: `/api/registrations/${hold.id}/checkout`, headers: bearer(hold.token) };
        },
        expectedStatus: 200,
      },
      held.length,
      (status, body, context) => {
        if (status === 200) answered.add(context.id as string);
        else problems.note(status, body);
      },
      { timeout: CHECKOUT_TIMEOUT_SECONDS },
    );
    unexpected.push(...problems.lines());
    for (const hold of held.filter(({ id }) => !answered.has(id))) {
      retried.checkouts += 1;
      const response = await fetch(`${url}/api/registrations/${hold.id}/checkout`, {
        method: 'POST',
        headers: bearer(hold.token),
      });
      if (response.status !== 200) throw new Error(`checkout of ${hold.id}: ${response.status}`);
    }
    return result;
  }

  /**
   * Pays the holds' sessions at Stripe and delivers the signed events, `connections` at once, every twentieth
   * twice in a row (5 %), as Stripe may; an event whose hold is still unpaid afterwards is delivered again.
   */
  async function payByWebhook(phase: string, paying: string[]) {
    const sessionOf = sessionsByRegistration();
    const events = new Map<string, SignedEvent>(paying.map((id) => [id, stripe.pay(sessionOf.get(id)!)]));
    eventIds.push(...[...events.values()].map(({ event }) => event.id));
    const deliveries = [...events.values()].flatMap((event, index) =>
      index % Math.round(1 / DUPLICATE_RATE) === 0 ? [event, event] : [event],
    );
    const problems = unexpectedAnswers(200, phase);
    let turn = 0;
    const result = await burst(
      {
        name: phase,
        request: { method: 'POST', path: WEBHOOK_PATH, headers: json },
        next() {
          const event = deliveries[turn++ % deliveries.length]!;
          return { headers: { 'stripe-signature': event.signature }, body: event.payload };
        },
        expectedStatus: 200,
      },
      deliveries.length,
      problems.note,
    );
    unexpected.push(...problems.lines());
    for (const id of await findStillHeld(db, raceId, paying)) {
      retried.webhooks += 1;
      const event = events.get(id)!;
      const response = await fetch(`${url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { ...json, 'stripe-signature': event.signature },
        body: event.payload,
      });
      if (response.status !== 200) throw new Error(`webhook for ${id}: ${response.status}`);
    }
    return result;
  }

  // (2) Every hold opens its checkout. (3) Most pay; the others are left to expire, picked at random.
  const checkouts = await openCheckouts('checkouts', holds);
  const order = holds.map(({ id }) => id);
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  const expiredIds = order.slice(0, plan.expiring);
  const webhooks = await payByWebhook('webhooks', order.slice(plan.expiring));

  // (4) The holds' time is up: the server's worker asks Stripe to expire each session, releases the hold and
  // offers the place to the first in line. Those then open their checkout and pay too.
  await db.execute(sql`
    update registrations set hold_expires_at = now() - interval '1 second'
    where id = any(${sql.param(expiredIds)}::uuid[]) and status = 'pending_payment'`);
  const releaseSeconds = await waitUntil(
    `${plan.expiring} holds released and their places offered down the line`,
    async () => {
      const { released, held } = await countHolds(db, raceId);
      return released === plan.expiring && held === plan.expiring;
    },
    60_000 + plan.expiring * 100,
  );
  const promoted = (await findHolds(db, raceId)).map(({ id, userId }) => ({
    id,
    token: tokenOf.get(userId)!,
  }));
  const promotedCheckouts = await openCheckouts('promoted checkouts', promoted);
  const promotedWebhooks = await payByWebhook(
    'promoted webhooks',
    promoted.map(({ id }) => id),
  );

  // A payment no entry could keep is refunded by the server's worker: wait until none is left to make.
  await waitUntil('the refunds made', async () => (await countRefundsToMake(db, raceId)) === 0, 60_000);
  const statsResponse = await fetch(`${url}/api/marathons/${raceId}/stats`, { headers: organizer });
  if (statsResponse.status !== 200) throw new Error(`stats: ${statsResponse.status}`);
  const stats = (await statsResponse.json()) as PaidStampedeStats;
  const race = await findPaidRaceEntries(db, raceId);
  const entryIds = new Set(race.entries.map((entry) => entry.id));
  const sessions = [...stripe.sessions.values()].filter((session) =>
    entryIds.has(session.metadata.registrationId ?? ''),
  );
  const intents = new Set(sessions.map((session) => session.payment_intent));
  const audit = auditPaidStampede(
    plan,
    {
      answers,
      codeRefusals,
      expiredIds,
      sessions,
      refunds: stripe.refunds.filter((refund) => intents.has(refund.paymentIntent)),
      stats,
    },
    race,
  );
  // The events applied are kept by id for ever; the bench's go with its run.
  await db.execute(sql`
    delete from payment_events
    where id = any(${sql.param([...eventIds, ...stripe.deliveries.map(({ eventId }) => eventId)])}::text[])`);

  return {
    plan,
    phases: {
      capacity: plan.capacity,
      runners: plan.runners,
      connections,
      entries,
      checkouts,
      webhooks,
      release: { holds: plan.expiring, seconds: Number(releaseSeconds.toFixed(2)) },
      promotedCheckouts,
      promotedWebhooks,
    },
    audit,
    retried,
    unexpected,
  };
}

type PaidStampedeStats = { pendingCount: number; revenue: { paid: number; refunded: number; net: number } };

/** Of `ids`, those still held (their payment not applied). */
async function findStillHeld(db: Database, raceId: string, ids: string[]): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from registrations
      where marathon_id = ${raceId} and status = 'pending_payment' and id = any(${sql.param(ids)}::uuid[])`),
  );
  return rows.map(({ id }) => id);
}

/** The race's holds released so far and held now. */
async function countHolds(db: Database, raceId: string) {
  const [row] = rowsOf<{ released: number; held: number }>(
    await db.execute(sql`
      select count(*) filter (where status = 'expired')::int as released,
        count(*) filter (where status = 'pending_payment')::int as held
      from registrations where marathon_id = ${raceId}`),
  );
  return row!;
}

async function findHolds(db: Database, raceId: string) {
  return rowsOf<{ id: string; userId: string }>(
    await db.execute(sql`
      select id, user_id as "userId" from registrations
      where marathon_id = ${raceId} and status = 'pending_payment'`),
  );
}

async function countRefundsToMake(db: Database, raceId: string): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(*)::int as count from payment_refunds
      where done_at is null and registration_id in (select id from registrations where marathon_id = ${raceId})`),
  );
  return row!.count;
}
