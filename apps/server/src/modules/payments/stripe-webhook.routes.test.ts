import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DiscountCode, Registration } from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import { registrations } from '../../db/schema/index.js';
import type { SignedEvent } from '../../testing/fake-stripe.js';
import {
  type Actor,
  createMarathon,
  findMyRegistrations,
  getMarathon,
  insertSignedInUsers,
  register,
} from '../../testing/marathon-fixtures.js';
import {
  WEBHOOK_SECRET,
  deliverWebhook,
  endHold,
  findRefundRows,
  mailsTo,
  openCheckout,
  paidRaceInput,
  payAtStripe,
  payOnline,
  sessionIdOf,
  usePaidTestApp,
} from '../../testing/paid-race-fixtures.js';
import { bearerHeaders } from '../../testing/test-app.js';

/**
 * Issue 32's Stripe side: the webhook's signature and freshness, each event applied once, a payment that does not
 * match its hold, the release of unpaid holds (asking Stripe first), and a payment that arrives after its hold was
 * released, with and without a free place.
 */
const paid = usePaidTestApp();
const app = () => paid.current.app;
const stripe = () => paid.current.stripe;

let organizer: Actor;
beforeAll(async () => {
  const [first] = await insertSignedInUsers(paid.current, 1);
  organizer = first!;
});

type Runner = Awaited<ReturnType<typeof insertSignedInUsers>>[number];
const runners = (count: number) => insertSignedInUsers(paid.current, count);
const newPaidRace = (overrides: Parameters<typeof paidRaceInput>[0] = {}) =>
  createMarathon(app(), organizer, paidRaceInput(overrides));
const entryOf = async (runner: Runner, id: string) =>
  (await findMyRegistrations(app(), runner)).find((entry) => entry._id === id)!;
const raceOf = async (id: string) => (await getMarathon(app(), id))!;
const countEvents = async () =>
  rowsOf<{ n: number }>(
    await paid.current.database.db.execute(sql`select count(*)::int as n from payment_events`),
  )[0]!.n;
const sweep = () => app().payments.worker.sweep();
const withdraw = (runner: Actor, id: string) =>
  app().inject({ method: 'DELETE', url: `/api/registrations/${id}`, headers: bearerHeaders(runner.token) });

/** A hold of `runner` in a new race, its checkout open, paid at Stripe; the event not yet delivered. */
async function paidAtStripe(overrides: Parameters<typeof paidRaceInput>[0] = {}) {
  const race = await newPaidRace({ capacity: 5, ...overrides });
  const [runner] = await runners(1);
  const entry = await register(app(), runner!, race._id, { paymentMethod: 'online' });
  const { sessionId, event } = await payAtStripe(paid.current, runner!, entry._id);
  return { race, runner: runner!, entry, sessionId, event };
}

/**
 * Leaves the hold's first checkout session open at Stripe while the server moves on to a second: the first is
 * about to end (as the server sees it), so asking for the checkout again makes a new one. Paying the first after
 * the hold was released is a payment that arrives late. Answers the first session's id.
 */
async function leaveFirstSessionOpen(runner: Runner, entryId: string): Promise<string> {
  const first = sessionIdOf(await openCheckout(app(), runner, entryId));
  await paid.current.database.db
    .update(registrations)
    .set({ checkoutSessionExpiresAt: new Date() })
    .where(eq(registrations.id, entryId));
  const second = sessionIdOf(await openCheckout(app(), runner, entryId));
  expect(second).not.toBe(first);
  return first;
}

describe('the webhook’s signature', () => {
  const other = (event: SignedEvent, changes: Partial<SignedEvent>) => ({ ...event, ...changes });
  const unixNow = () => Math.floor(Date.now() / 1000);

  it.each<[string, (event: SignedEvent) => { payload: string; signature: string }]>([
    [
      'signed with another secret',
      (event) =>
        other(event, {
          signature: Stripe.webhooks.generateTestHeaderString({
            payload: event.payload,
            secret: 'whsec_forged',
          }),
        }),
    ],
    [
      'a body changed after signing',
      (event) =>
        other(event, { payload: event.payload.replace('"amount_total":4500', '"amount_total":450') }),
    ],
    ['no signature at all', (event) => other(event, { signature: '' })],
    ['a signature that is no signature', (event) => other(event, { signature: 'nonsense' })],
    [
      'older than 5 minutes',
      (event) => other(event, { signature: stripe().sign(event.payload, unixNow() - 5 * 60 - 30) }),
    ],
  ])('%s: 400, nothing changed, no secret in the answer', async (_case, tamper) => {
    const { race, runner, entry, event } = await paidAtStripe();
    const eventsBefore = await countEvents();

    const answer = await deliverWebhook(app(), tamper(event));

    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.body).not.toContain(WEBHOOK_SECRET);
    expect(answer.body).not.toContain('sk_test');
    expect(await entryOf(runner, entry._id)).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'pending',
    });
    expect(await raceOf(race._id)).toMatchObject({ totalRegistrationCount: 0, pendingCount: 1 });
    expect(await countEvents()).toBe(eventsBefore);
    // The genuine delivery, later, still applies.
    expect((await deliverWebhook(app(), event)).statusCode).toBe(200);
    expect(await entryOf(runner, entry._id)).toMatchObject({ status: 'registered', paymentStatus: 'paid' });
  });

  it('takes an event signed 4 minutes ago', async () => {
    const { runner, entry, event } = await paidAtStripe();
    const answer = await deliverWebhook(app(), {
      ...event,
      signature: stripe().sign(event.payload, unixNow() - 4 * 60),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await entryOf(runner, entry._id)).toMatchObject({ status: 'registered' });
  });
});

describe('each event applies once', () => {
  it('a replayed event is answered 2xx and changes nothing', async () => {
    const { race, runner, entry, event } = await paidAtStripe({ title: 'Replay Ridge Run' });
    expect((await deliverWebhook(app(), event)).statusCode).toBe(200);
    const confirmed = await entryOf(runner, entry._id);

    const replay = await deliverWebhook(app(), event);
    // Stripe retries hours later, freshly signed.
    const retried = await deliverWebhook(app(), { ...event, signature: stripe().sign(event.payload) });

    expect(replay.statusCode).toBe(200);
    expect(retried.statusCode).toBe(200);
    expect(await entryOf(runner, entry._id)).toEqual(confirmed);
    expect(await raceOf(race._id)).toMatchObject({ totalRegistrationCount: 1, pendingCount: 0 });
    const mails = await mailsTo(paid.current, runner.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["You're registered: Replay Ridge Run"]);
    expect(
      await findRefundRows(paid.current, stripe().sessions.get(event.event.data.object.id)!.payment_intent!),
    ).toEqual([]);
  });

  it('two deliveries of one event at the same instant: one applies, the other is 2xx or a 5xx Stripe retries', async () => {
    const { race, runner, entry, event } = await paidAtStripe();
    const answers = await Promise.all([deliverWebhook(app(), event), deliverWebhook(app(), event)]);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    for (const answer of answers) expect([200, 500, 503]).toContain(answer.statusCode);
    expect(await entryOf(runner, entry._id)).toMatchObject({
      status: 'registered',
      bib: 1,
      receiptNumber: '000001',
    });
    expect(await raceOf(race._id)).toMatchObject({ totalRegistrationCount: 1, pendingCount: 0 });
    expect(await mailsTo(paid.current, runner.user.email)).toHaveLength(1);
  });

  it('answers 200 to events it does not handle', async () => {
    const payload = JSON.stringify({
      id: 'evt_unhandled_1',
      object: 'event',
      type: 'payment_intent.created',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'pi_123', object: 'payment_intent' } },
    });
    const answer = await deliverWebhook(app(), { payload, signature: stripe().sign(payload) });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('a session Stripe expired leaves the hold on; the next checkout is a new session', async () => {
    const race = await newPaidRace({ capacity: 5 });
    const [runner] = await runners(1);
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const first = sessionIdOf(await openCheckout(app(), runner!, entry._id));

    expect((await deliverWebhook(app(), stripe().expire(first))).statusCode).toBe(200);

    expect(await entryOf(runner!, entry._id)).toMatchObject({ status: 'pending_payment' });
    const next = await openCheckout(app(), runner!, entry._id);
    expect(next.statusCode).toBe(200);
    expect(sessionIdOf(next)).not.toBe(first);
  });
});

describe('a payment that does not match its hold', () => {
  it.each<[string, { amountTotal?: number; currency?: string }, number]>([
    ['another amount', { amountTotal: 100 }, 100],
    ['another currency', { currency: 'usd' }, 4500],
  ])('%s: refunded in full, the hold untouched', async (_case, overrides, refunded) => {
    const race = await newPaidRace({ capacity: 5 });
    const [runner] = await runners(1);
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const sessionId = sessionIdOf(await openCheckout(app(), runner!, entry._id));
    const event = stripe().pay(sessionId, overrides);
    const paymentIntent = stripe().sessions.get(sessionId)!.payment_intent!;

    expect((await deliverWebhook(app(), event)).statusCode).toBe(200);

    expect(await entryOf(runner!, entry._id)).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'pending',
      amountPaid: 0,
    });
    expect(await raceOf(race._id)).toMatchObject({ totalRegistrationCount: 0, pendingCount: 1 });
    expect(await findRefundRows(paid.current, paymentIntent)).toMatchObject([
      { amount: refunded, done: false },
    ]);
    await sweep();
    expect(stripe().refunds.filter((refund) => refund.paymentIntent === paymentIntent)).toEqual([
      expect.objectContaining({ amount: refunded }),
    ]);
    expect(await findRefundRows(paid.current, paymentIntent)).toMatchObject([{ done: true }]);
  });
});

describe('a hold its runner withdraws', () => {
  it('gives its place back at once and expires its checkout session at Stripe', async () => {
    const race = await newPaidRace({ capacity: 1 });
    const [runner] = await runners(1);
    const hold = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const sessionId = sessionIdOf(await openCheckout(app(), runner!, hold._id));

    const answer = await withdraw(runner!, hold._id);

    expect(answer.json()).toMatchObject({ refundAmount: 0 });
    expect(await raceOf(race._id)).toMatchObject({ pendingCount: 0, placesLeft: 1 });
    // The session is expired after the commit, without holding up the answer.
    await vi.waitFor(() => expect(stripe().sessions.get(sessionId)!.status).toBe('expired'));
  });
});

describe('holds whose time is up', () => {
  it('are released: expired, the place, the code use and the session given back, the runner mailed, the line served', async () => {
    const race = await newPaidRace({ title: 'Meadow Mile', capacity: 1 });
    const created = await app().inject({
      method: 'POST',
      url: `/api/marathons/${race._id}/discount-codes`,
      headers: bearerHeaders(organizer.token),
      payload: { code: 'FRIEND10', percentOff: 10, maxUses: 1 },
    });
    const code = created.json<DiscountCode>();
    const [holder, queued] = await runners(2);
    const hold = await register(app(), holder!, race._id, {
      paymentMethod: 'online',
      discountCode: 'friend10',
    });
    const inLine = await register(app(), queued!, race._id, { paymentMethod: 'on_site', waitlist: true });
    const sessionId = sessionIdOf(await openCheckout(app(), holder!, hold._id));

    // Not yet due: a sweep leaves it.
    await sweep();
    expect(await entryOf(holder!, hold._id)).toMatchObject({ status: 'pending_payment' });

    await endHold(paid.current, hold._id);
    await sweep();

    expect(await entryOf(holder!, hold._id)).toMatchObject({
      status: 'expired',
      bib: null,
      holdExpiresAt: null,
      amountPaid: 0,
    });
    expect(stripe().sessions.get(sessionId)!.status).toBe('expired');
    const codes = await app().inject({
      url: `/api/marathons/${race._id}/discount-codes`,
      headers: bearerHeaders(organizer.token),
    });
    expect(codes.json<DiscountCode[]>().find((listed) => listed._id === code._id)).toMatchObject({ uses: 0 });
    expect(await entryOf(queued!, inLine._id)).toMatchObject({
      status: 'registered',
      bib: 1,
      paymentStatus: 'due',
    });
    expect(await raceOf(race._id)).toMatchObject({
      totalRegistrationCount: 1,
      pendingCount: 0,
      waitlistCount: 0,
      placesLeft: 0,
    });
    const mails = await mailsTo(paid.current, holder!.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your place was released: Meadow Mile']);
    expect((await openCheckout(app(), holder!, hold._id)).statusCode).toBe(409);

    // The runner may enter again (in line now: the place went on): the released hold stays in their list.
    const again = await register(app(), holder!, race._id, { paymentMethod: 'online', waitlist: true });
    expect(again).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(await entryOf(holder!, hold._id)).toMatchObject({ status: 'expired' });
  });

  it('are released once, whichever sweep comes first', async () => {
    const race = await newPaidRace({ capacity: 2 });
    const [runner] = await runners(1);
    const hold = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    await openCheckout(app(), runner!, hold._id);
    await endHold(paid.current, hold._id);

    await Promise.all([sweep(), sweep(), sweep()]);

    expect(await entryOf(runner!, hold._id)).toMatchObject({ status: 'expired' });
    expect(await raceOf(race._id)).toMatchObject({ pendingCount: 0, placesLeft: 2 });
    expect(await mailsTo(paid.current, runner!.user.email)).toHaveLength(1);
  });

  it('a payment whose webhook was lost keeps the place: the release asks Stripe first', async () => {
    const { race, runner, entry, event } = await paidAtStripe();
    await endHold(paid.current, entry._id);

    await sweep();

    const kept = await entryOf(runner, entry._id);
    expect(kept).toMatchObject({ status: 'registered', bib: 1, paymentStatus: 'paid', amountPaid: 4500 });
    expect(await raceOf(race._id)).toMatchObject({ totalRegistrationCount: 1, pendingCount: 0 });
    // The webhook, arriving at last, changes nothing.
    expect((await deliverWebhook(app(), event)).statusCode).toBe(200);
    expect(await entryOf(runner, entry._id)).toEqual(kept);
    expect(await mailsTo(paid.current, runner.user.email)).toHaveLength(1);
  });
});

describe('a payment that arrives after its hold ended', () => {
  it('takes a free place if there is one', async () => {
    const race = await newPaidRace({ title: 'Late Lap', capacity: 2 });
    const [runner] = await runners(1);
    const hold = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const first = await leaveFirstSessionOpen(runner!, hold._id);
    await endHold(paid.current, hold._id);
    await sweep();
    expect(await entryOf(runner!, hold._id)).toMatchObject({ status: 'expired' });

    expect((await deliverWebhook(app(), stripe().pay(first))).statusCode).toBe(200);

    expect(await entryOf(runner!, hold._id)).toMatchObject<Partial<Registration>>({
      status: 'registered',
      bib: 1,
      paymentStatus: 'paid',
      amountPaid: 4500,
      receiptNumber: '000001',
    });
    expect(await raceOf(race._id)).toMatchObject({
      totalRegistrationCount: 1,
      pendingCount: 0,
      placesLeft: 1,
    });
    // One flush sends both at once: in no particular order.
    const subjects = (await mailsTo(paid.current, runner!.user.email)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual(["You're registered: Late Lap", 'Your place was released: Late Lap']);
  });

  it('without one, is refunded in full and the runner told the race filled up', async () => {
    const race = await newPaidRace({ title: 'Full House 5K', capacity: 1 });
    const [runner, queued] = await runners(2);
    const hold = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const inLine = await register(app(), queued!, race._id, { paymentMethod: 'on_site', waitlist: true });
    const first = await leaveFirstSessionOpen(runner!, hold._id);
    await endHold(paid.current, hold._id);
    await sweep();
    expect(await entryOf(queued!, inLine._id)).toMatchObject({ status: 'registered', bib: 1 });

    const event = stripe().pay(first);
    const paymentIntent = stripe().sessions.get(first)!.payment_intent!;
    expect((await deliverWebhook(app(), event)).statusCode).toBe(200);

    expect(await entryOf(runner!, hold._id)).toMatchObject({
      status: 'expired',
      bib: null,
      paymentStatus: 'refunded',
      amountPaid: 4500,
      amountRefunded: 4500,
    });
    expect(await entryOf(queued!, inLine._id)).toMatchObject({ status: 'registered', bib: 1 });
    expect(await raceOf(race._id)).toMatchObject({ totalRegistrationCount: 1, pendingCount: 0 });
    await sweep();
    expect(stripe().refunds.filter((refund) => refund.paymentIntent === paymentIntent)).toEqual([
      expect.objectContaining({ amount: 4500 }),
    ]);
    const mails = await mailsTo(paid.current, runner!.user.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Payment refunded: the race filled up',
      'Your place was released: Full House 5K',
    ]);
    expect(mails.find((mail) => mail.subject.startsWith('Payment refunded'))!.text).toContain('€45.00');
  });

  it('a payment for a hold its runner withdrew meanwhile is refunded in full', async () => {
    const race = await newPaidRace({ capacity: 2 });
    const [runner] = await runners(1);
    const hold = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const first = await leaveFirstSessionOpen(runner!, hold._id);
    expect((await withdraw(runner!, hold._id)).statusCode).toBe(200);

    const event = stripe().pay(first);
    const paymentIntent = stripe().sessions.get(first)!.payment_intent!;
    const answer = await deliverWebhook(app(), event);

    expect(answer.statusCode, answer.body).toBe(200);
    expect(await raceOf(race._id)).toMatchObject({
      totalRegistrationCount: 0,
      pendingCount: 0,
      placesLeft: 2,
    });
    await sweep();
    expect(stripe().refunds.filter((refund) => refund.paymentIntent === paymentIntent)).toEqual([
      expect.objectContaining({ amount: 4500 }),
    ]);
  });

  it('a second payment of an entry already paid is refunded in full', async () => {
    const race = await newPaidRace({ capacity: 2 });
    const [runner] = await runners(1);
    const hold = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const first = await leaveFirstSessionOpen(runner!, hold._id);
    await payOnline(paid.current, runner!, hold._id);
    const confirmed = await entryOf(runner!, hold._id);

    const event = stripe().pay(first);
    const paymentIntent = stripe().sessions.get(first)!.payment_intent!;
    expect((await deliverWebhook(app(), event)).statusCode).toBe(200);

    expect(await entryOf(runner!, hold._id)).toEqual(confirmed);
    await sweep();
    expect(stripe().refunds.filter((refund) => refund.paymentIntent === paymentIntent)).toEqual([
      expect.objectContaining({ amount: 4500 }),
    ]);
  });
});
