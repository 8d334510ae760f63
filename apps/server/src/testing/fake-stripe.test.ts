import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type PaymentGateway,
  type StripeEvent,
  checkoutExpiresAt,
  createStripeGateway,
} from '../modules/payments/stripe-gateway.js';
import { type FakeStripe, startFakeStripe } from './fake-stripe.js';

const SECRET_KEY = 'sk_test_fake_stripe';
const WEBHOOK_SECRET = 'whsec_fake_stripe_test';

/** A webhook endpoint on 127.0.0.1 that verifies what it gets as Stride does, answering 200 or 400. */
async function startWebhookReceiver(gateway: PaymentGateway) {
  const events: StripeEvent[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const signature = request.headers['stripe-signature'];
        events.push(
          gateway.verifyWebhook(Buffer.concat(chunks), typeof signature === 'string' ? signature : undefined),
        );
        response.writeHead(200).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/stripe/webhook`,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeStripe;
let gateway: PaymentGateway;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeEach(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  gateway = createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
  receiver = await startWebhookReceiver(gateway);
  fake.setWebhookUrl(receiver.url);
});
afterEach(async () => {
  await fake.close();
  await receiver.close();
});

const openSession = (overrides: { registrationId?: string; currency?: string } = {}) =>
  gateway.createCheckoutSession({
    registrationId: 'reg-1',
    attempt: 1,
    amount: 4500,
    currency: 'EUR',
    description: 'Lakeside <Marathon>',
    customerEmail: 'runner@example.org',
    expiresAt: checkoutExpiresAt(new Date(Date.now() + 3_600_000), new Date()),
    successUrl: 'http://localhost:3000/payment?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/marathons/m1',
    ...overrides,
  });

const page = (url: string) =>
  fetch(url).then(async (response) => ({ status: response.status, html: await response.text() }));

describe('the fake Stripe', () => {
  it('shows a checkout page with the amount, a Pay button and a Cancel link', async () => {
    const session = await openSession();
    const yen = await openSession({ registrationId: 'reg-yen', currency: 'JPY' });

    const { status, html } = await page(session.url!);

    expect(status).toBe(200);
    expect(html).toContain('<title>Fake Stripe Checkout</title>');
    expect(html).toContain('Lakeside &#60;Marathon&#62;');
    expect(html).toContain('Pay €45.00');
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toMatch(/<a href="[^"]+\/cancel">Cancel<\/a>/);
    expect((await page(yen.url!)).html).toContain('Pay ¥4,500');
  });

  it('pays from the page: delivers the signed completed event, then sends the runner to success_url', async () => {
    const session = await openSession();

    const response = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://localhost:3000/payment?session=${session.id}`);
    expect(receiver.events).toEqual([
      expect.objectContaining({
        type: 'checkout.session.completed',
        session: expect.objectContaining({ id: session.id, paymentStatus: 'paid', amountTotal: 4500 }),
      }),
    ]);
    expect(fake.deliveries).toEqual([
      { eventId: receiver.events[0]!.id, type: 'checkout.session.completed', status: 200 },
    ]);
  });

  it('cancels back to cancel_url, and says so when the session has expired', async () => {
    const session = await openSession();

    const cancel = await fetch(`${session.url}/cancel`, { redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe('http://localhost:3000/marathons/m1');

    fake.expire(session.id);
    expect((await page(`${fake.url}/checkout/${session.id}`)).html).toContain(
      'This checkout session has expired',
    );
    const payLate = await fetch(`${fake.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(payLate.headers.get('location')).toBe(`/checkout/${session.id}`);
    expect(fake.sessions.get(session.id)?.status).toBe('expired');
  });

  it('sends checkout.session.expired for a session expired through the API', async () => {
    const session = await openSession();

    await gateway.expireCheckoutSession(session.id);
    await fake.close(); // waits for the delivery under way

    expect(receiver.events).toEqual([
      expect.objectContaining({
        type: 'checkout.session.expired',
        session: expect.objectContaining({ id: session.id }),
      }),
    ]);
  });

  it('delivers an event twice with duplicateRate 1', async () => {
    await fake.close();
    fake = await startFakeStripe({
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      duplicateRate: 1,
    });
    gateway = createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
    const session = await openSession();

    expect(await fake.deliver(fake.pay(session.id))).toBe(200);

    expect(receiver.events).toHaveLength(2);
    expect(receiver.events[0]).toEqual(receiver.events[1]);
  });

  it("answers 401 without a secret key, and Stripe's 400s for bad parameters", async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body,
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { error: object },
      }));
    const auth = { authorization: `Bearer ${SECRET_KEY}` };
    const item =
      'mode=payment&success_url=http%3A%2F%2Flocalhost%2Fok&line_items[0][quantity]=1&line_items[0][price_data][product_data][name]=Race';

    expect((await post('/v1/checkout/sessions', item)).status).toBe(401);
    expect(
      await post(
        '/v1/checkout/sessions',
        `${item}&line_items[0][price_data][currency]=xyz&line_items[0][price_data][unit_amount]=100`,
        auth,
      ),
    ).toEqual({
      status: 400,
      body: {
        error: expect.objectContaining({
          type: 'invalid_request_error',
          param: 'line_items[0][price_data][currency]',
        }),
      },
    });
    expect(
      (
        await post(
          '/v1/checkout/sessions',
          `${item}&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=0`,
          auth,
        )
      ).status,
    ).toBe(400);
    expect((await post('/v1/refunds', 'payment_intent=pi_unknown&amount=100', auth)).status).toBe(404);
    const basic = `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`;
    expect((await post('/v1/refunds', 'payment_intent=pi_unknown', { authorization: basic })).status).toBe(
      404,
    );
  });
});
