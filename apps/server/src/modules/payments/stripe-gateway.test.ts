import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../testing/fake-stripe.js';
import {
  type PaymentGateway,
  StripeGatewayError,
  WebhookSignatureError,
  checkoutExpiresAt,
  createStripeGateway,
} from './stripe-gateway.js';

const SECRET_KEY = 'sk_test_gateway_secret_0123456789';
const WEBHOOK_SECRET = 'whsec_gateway_test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let fake: FakeStripe;
let gateway: PaymentGateway;
beforeEach(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  gateway = createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
});
afterEach(() => fake.close());

const checkout = (overrides: Partial<Parameters<PaymentGateway['createCheckoutSession']>[0]> = {}) => ({
  registrationId: 'reg-1',
  attempt: 1,
  amount: 4500,
  currency: 'EUR',
  description: 'Lakeside Marathon',
  customerEmail: 'runner@example.org',
  expiresAt: checkoutExpiresAt(new Date(Date.now() + 45 * MINUTE), new Date()),
  successUrl: 'http://localhost:3000/marathons/m1/payment?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/marathons/m1',
  ...overrides,
});

/** The failure a call ends in. */
async function failureOf(promise: Promise<unknown>): Promise<StripeGatewayError> {
  const error = await promise.then(
    () => expect.unreachable('expected the call to fail'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StripeGatewayError);
  expect((error as Error).message).not.toContain(SECRET_KEY);
  return error as StripeGatewayError;
}

describe('the Stripe gateway against the fake Stripe', () => {
  it('creates a checkout session with the line item, the registration and the hold, and retrieves it', async () => {
    const input = checkout();

    const session = await gateway.createCheckoutSession(input);

    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: `${fake.url}/checkout/${session.id}`,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntent: null,
      amountTotal: 4500,
      currency: 'EUR',
      expiresAt: input.expiresAt,
      registrationId: 'reg-1',
    });
    expect(fake.sessions.get(session.id)).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      client_reference_id: 'reg-1',
      metadata: { registrationId: 'reg-1' },
      customer_email: 'runner@example.org',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: 'checkout-reg-1-1', status: 200 },
    ]);
    expect(await gateway.retrieveCheckoutSession(session.id)).toEqual(session);
  });

  it('sees a payment, then refunds part of it and refuses to refund more than is left', async () => {
    const { id } = await gateway.createCheckoutSession(checkout());
    fake.pay(id);

    const paid = await gateway.retrieveCheckoutSession(id);
    expect(paid).toMatchObject({ status: 'complete', paymentStatus: 'paid', url: null });
    expect(paid.paymentIntent).toMatch(/^pi_/);

    const refund = await gateway.refund({
      paymentIntent: paid.paymentIntent!,
      amount: 1500,
      idempotencyKey: 'r1',
    });
    expect(refund.id).toMatch(/^re_/);
    expect(fake.refunds).toEqual([{ id: refund.id, paymentIntent: paid.paymentIntent, amount: 1500 }]);

    const tooMuch = await failureOf(
      gateway.refund({ paymentIntent: paid.paymentIntent!, amount: 3001, idempotencyKey: 'r2' }),
    );
    expect(tooMuch).toMatchObject({ stripeStatus: 400, stripeType: 'invalid_request_error' });
    expect(tooMuch.message).toMatch(/POST \/v1\/refunds .*failed: Refund amount \(€30\.01\) is greater than/);
  });

  it('repeats a refund asked twice with the same key once', async () => {
    const { id } = await gateway.createCheckoutSession(checkout());
    const paymentIntent = fake.pay(id).event.data.object.payment_intent!;
    const refund = { paymentIntent, amount: 4500, idempotencyKey: 'refund-reg-1-1' };

    const [first, second] = [await gateway.refund(refund), await gateway.refund(refund)];

    expect(second).toEqual(first);
    expect(fake.refunds).toHaveLength(1);
  });

  it('expires an open session, and answers a session no longer open as it stands', async () => {
    const open = await gateway.createCheckoutSession(checkout({ registrationId: 'reg-open' }));
    const paid = await gateway.createCheckoutSession(checkout({ registrationId: 'reg-paid' }));
    fake.pay(paid.id);

    expect(await gateway.expireCheckoutSession(open.id)).toMatchObject({ status: 'expired', url: null });
    expect(await gateway.expireCheckoutSession(open.id)).toMatchObject({ status: 'expired' });
    expect(await gateway.expireCheckoutSession(paid.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
  });

  it('reports an unknown session as a failure naming the call', async () => {
    const error = await failureOf(gateway.retrieveCheckoutSession('cs_test_missing'));

    expect(error).toMatchObject({ stripeStatus: 404, stripeCode: 'resource_missing' });
    expect(error.message).toContain('GET /v1/checkout/sessions/cs_test_missing');
    expect(error).not.toHaveProperty('statusCode');
  });

  it('makes one session for one registration and attempt, however often it is asked', async () => {
    const input = checkout();

    const sessions = await Promise.all([1, 2, 3].map(() => gateway.createCheckoutSession(input)));
    const nextAttempt = await gateway.createCheckoutSession({ ...input, attempt: 2 });

    expect(new Set(sessions.map((session) => session.id)).size).toBe(1);
    expect(nextAttempt.id).not.toBe(sessions[0]!.id);
    expect(fake.sessions.size).toBe(2);
  });

  it('refuses the same attempt with other details, as Stripe does', async () => {
    await gateway.createCheckoutSession(checkout());

    const error = await failureOf(gateway.createCheckoutSession(checkout({ amount: 5500 })));

    expect(error).toMatchObject({ stripeStatus: 400, stripeType: 'idempotency_error' });
    expect(fake.sessions.size).toBe(1);
  });

  it("waits out Stripe's rate limit: every call succeeds, none reports the 429s it met", async () => {
    await fake.close();
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, rateLimitPerSecond: 3 });
    gateway = createStripeGateway(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
      // Waits of at most 50 ms: the calls get through as soon as the fake's second has passed.
      { rateLimitBackoff: { firstMs: 10, longestMs: 50, totalMs: 5_000 } },
    );

    const sessions = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        gateway.createCheckoutSession(checkout({ registrationId: `reg-${index}` })),
      ),
    );

    expect(sessions.map((session) => session.registrationId)).toEqual(
      Array.from({ length: 6 }, (_, index) => `reg-${index}`),
    );
    expect(fake.sessions.size).toBe(6);
    expect(fake.requests.filter((request) => request.status === 429).length).toBeGreaterThan(0);
  });

  it('reports the rate limit once its waiting time is spent', async () => {
    await fake.close();
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, rateLimitPerSecond: 0 });
    gateway = createStripeGateway(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
      { rateLimitBackoff: { firstMs: 1, longestMs: 5, totalMs: 20 } },
    );

    const error = await failureOf(gateway.retrieveCheckoutSession('cs_test_any'));

    expect(error).toMatchObject({ stripeStatus: 429, stripeCode: 'rate_limit' });
    expect(fake.requests.length).toBeGreaterThan(2);
  });

  it("refuses an expires_at outside Stripe's limits with Stripe's reason", async () => {
    const error = await failureOf(
      gateway.createCheckoutSession(checkout({ expiresAt: new Date(Date.now() + 10 * MINUTE) })),
    );

    expect(error.message).toMatch(/expires_at.*at least 30 minutes/);
  });
});

describe('checkoutExpiresAt', () => {
  const now = new Date('2026-05-01T10:00:00.000Z');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  it('ends the session with the hold when Stripe allows it, in whole seconds', () => {
    expect(checkoutExpiresAt(at(2 * HOUR + 500), now)).toEqual(at(2 * HOUR));
  });

  it("keeps a little inside Stripe's 30 minutes to 24 hours", () => {
    expect(checkoutExpiresAt(at(5 * MINUTE), now)).toEqual(at(31 * MINUTE));
    expect(checkoutExpiresAt(at(48 * HOUR), now)).toEqual(at(24 * HOUR - MINUTE));
  });

  it('gives holds at either limit expiries that Stripe accepts', async () => {
    for (const hold of [MINUTE, 30 * MINUTE, 48 * HOUR]) {
      const expiresAt = checkoutExpiresAt(new Date(Date.now() + hold), new Date());
      const session = await gateway.createCheckoutSession(
        checkout({ registrationId: `hold-${hold}`, expiresAt }),
      );
      expect(session.expiresAt).toEqual(expiresAt);
    }
  });
});

describe('verifyWebhook', () => {
  async function completedEvent() {
    const { id } = await gateway.createCheckoutSession(checkout());
    return fake.pay(id);
  }

  it('reads a signed checkout event with its session', async () => {
    const { payload, signature, event } = await completedEvent();

    expect(gateway.verifyWebhook(Buffer.from(payload), signature)).toEqual({
      id: event.id,
      type: 'checkout.session.completed',
      session: expect.objectContaining({
        id: event.data.object.id,
        status: 'complete',
        paymentStatus: 'paid',
        amountTotal: 4500,
        currency: 'EUR',
        registrationId: 'reg-1',
      }),
    });
  });

  it('reads another event type without a session', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });

    expect(gateway.verifyWebhook(payload, fake.sign(payload))).toEqual({
      id: 'evt_1',
      type: 'charge.refunded',
      session: null,
    });
  });

  it('refuses a missing, forged or tampered signature', async () => {
    const { payload, signature } = await completedEvent();
    const forger = await startFakeStripe({ webhookSecret: 'whsec_someone_else' });
    try {
      expect(() => gateway.verifyWebhook(payload, undefined)).toThrow(WebhookSignatureError);
      expect(() => gateway.verifyWebhook(payload, forger.sign(payload))).toThrow(WebhookSignatureError);
      expect(() => gateway.verifyWebhook(payload.replace('4500', '1'), signature)).toThrow(
        WebhookSignatureError,
      );
      expect(() => gateway.verifyWebhook(payload, 'not a signature')).toThrow(WebhookSignatureError);
    } finally {
      await forger.close();
    }
  });

  it('refuses a signature more than 5 minutes old', async () => {
    const { payload } = await completedEvent();
    const signedAt = Math.floor(Date.now() / 1000);
    const receivedAfter = (seconds: number) =>
      createStripeGateway(
        { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
        { now: () => new Date((signedAt + seconds) * 1000) },
      );

    expect(receivedAfter(300).verifyWebhook(payload, fake.sign(payload, signedAt)).type).toBe(
      'checkout.session.completed',
    );
    expect(() => receivedAfter(301).verifyWebhook(payload, fake.sign(payload, signedAt))).toThrow(
      /tolerance/,
    );
  });
});
