import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { formatMoney, isCurrency } from '@stride/shared';

/** A Checkout Session as Stripe's API answers it (the fields Stride reads). */
export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  livemode: false;
  created: number;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  amount_total: number;
  /** Lower case, as Stripe writes it. */
  currency: string;
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
};

export type FakeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  data: { object: FakeCheckoutSession };
};

/** An event as Stripe sends it: the body and its `Stripe-Signature` header. */
export type SignedEvent = { payload: string; signature: string; event: FakeEvent };

export type FakeStripeOptions = {
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  /** Answer 429 (Stripe's rate_limit error) to API requests above this many in any rolling second. */
  rateLimitPerSecond?: number;
  /** Deliver each webhook event twice, at once, with this probability (0..1). */
  duplicateRate?: number;
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** Stripe's error answer. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; param?: string } = {},
  ) {
    super(message);
  }
}

type Answer = { status: number; body: unknown };
type Form = { [key: string]: string | Form };

/** A form body as the SDK encodes it (`line_items[0][price_data][currency]=eur`), nested again. */
function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replaceAll(']', '').split('[');
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      node = typeof next === 'object' ? next : (node[segment] = {});
    }
    node[path.at(-1)!] = value;
  }
  return root;
}

const text = (value: string | Form | undefined) => (typeof value === 'string' ? value : undefined);
const nested = (value: string | Form | undefined): Form => (typeof value === 'object' ? value : {});

function invalid(message: string, param: string): ApiError {
  return new ApiError(400, 'invalid_request_error', message, { param });
}

function wholeNumber(value: string | undefined, param: string, min: number): number {
  const number = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || number < min) {
    throw invalid(`Invalid integer: ${value ?? '(missing)'}; must be at least ${min}`, param);
  }
  return number;
}

function url(value: string | undefined, param: string): string {
  if (value === undefined || !URL.canParse(value)) throw invalid('Not a valid URL', param);
  return value;
}

/** A secret key as Stripe takes it: `Bearer sk_…` (the SDK), or as Basic auth's user name (`curl -u sk_…:`). */
function sendsSecretKey(authorization = ''): boolean {
  const [scheme, credentials = ''] = authorization.split(' ');
  const key = scheme === 'Basic' ? Buffer.from(credentials, 'base64').toString().split(':')[0] : credentials;
  return (scheme === 'Bearer' || scheme === 'Basic') && /^sk_\S+$/.test(key ?? '');
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unixNow = () => Math.floor(Date.now() / 1000);

/** As Stripe's English pages write amounts: €45.00, ¥4,500. */
const amountText = (amount: number, currency: string) => formatMoney(amount, currency.toUpperCase(), 'en-US');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A local Stripe of exactly the calls Stride makes (Checkout Sessions, their expiry, refunds), a hosted checkout
 * page to pay without a card, and signed webhook events, for tests, e2e and the bench. Never any network but
 * 127.0.0.1.
 */
export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const webhookSecret = options.webhookSecret ?? 'whsec_test_secret';
  let webhookUrl = options.webhookUrl;
  const sessions = new Map<string, FakeCheckoutSession>();
  const paidSessions = new Map<string, FakeCheckoutSession>();
  const productNames = new Map<string, string>();
  const refunds: Array<{ id: string; paymentIntent: string; amount: number }> = [];
  const requests: Array<{ method: string; path: string; idempotencyKey: string | null; status: number }> = [];
  const deliveries: Array<{ eventId: string; type: string; status: number }> = [];
  /** Successful answers by Idempotency-Key, with the request they answered. */
  const idempotent = new Map<string, { request: string; answer: Answer }>();
  /** When the API requests of the last second were answered (rate limiting). */
  const recent: number[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let baseUrl = '';

  const isRateLimited = () => {
    if (options.rateLimitPerSecond === undefined) return false;
    const now = performance.now();
    while (recent.length > 0 && recent[0]! <= now - 1000) recent.shift();
    if (recent.length >= options.rateLimitPerSecond) return true;
    recent.push(now);
    return false;
  };

  function findSession(sessionId: string): FakeCheckoutSession {
    const session = sessions.get(sessionId);
    if (!session) {
      throw new ApiError(404, 'invalid_request_error', `No such checkout.session: '${sessionId}'`, {
        code: 'resource_missing',
        param: 'session',
      });
    }
    return session;
  }

  function createSession(form: Form): FakeCheckoutSession {
    if (form.mode !== 'payment') throw invalid('Stride only makes `mode=payment` sessions', 'mode');
    const items = Object.entries(nested(form.line_items));
    if (items.length === 0) throw invalid('line_items: at least one is required', 'line_items');
    let amountTotal = 0;
    let currency: string | undefined;
    const names: string[] = [];
    for (const [index, item] of items) {
      const param = `line_items[${index}]`;
      const price = nested(nested(item).price_data);
      const itemCurrency = text(price.currency) ?? '';
      if (!isCurrency(itemCurrency.toUpperCase())) {
        throw invalid(`Invalid currency: ${itemCurrency}`, `${param}[price_data][currency]`);
      }
      if (currency !== undefined && itemCurrency !== currency) {
        throw invalid('All line items must be in the same currency', `${param}[price_data][currency]`);
      }
      currency = itemCurrency;
      const name = text(nested(price.product_data).name);
      if (!name) throw invalid('Missing required param: name', `${param}[price_data][product_data][name]`);
      names.push(name);
      const unitAmount = wholeNumber(text(price.unit_amount), `${param}[price_data][unit_amount]`, 1);
      amountTotal += unitAmount * wholeNumber(text(nested(item).quantity), `${param}[quantity]`, 1);
    }
    const now = unixNow();
    const expiresAt =
      form.expires_at === undefined ? now + 24 * 3600 : wholeNumber(text(form.expires_at), 'expires_at', 0);
    if (expiresAt < now + 30 * 60) {
      throw invalid(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    }
    if (expiresAt > now + 24 * 3600) {
      throw invalid(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const customerEmail = text(form.customer_email) ?? null;
    if (customerEmail !== null && !/^[^@\s]+@[^@\s]+$/.test(customerEmail)) {
      throw invalid('Invalid email address', 'customer_email');
    }
    const sessionId = id('cs_test');
    const session: FakeCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      livemode: false,
      created: now,
      url: `${baseUrl}/checkout/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: amountTotal,
      currency: currency!,
      expires_at: expiresAt,
      client_reference_id: text(form.client_reference_id) ?? null,
      metadata: Object.fromEntries(
        Object.entries(nested(form.metadata)).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      ),
      success_url: url(text(form.success_url), 'success_url'),
      cancel_url: form.cancel_url === undefined ? null : url(text(form.cancel_url), 'cancel_url'),
      customer_email: customerEmail,
    };
    sessions.set(sessionId, session);
    productNames.set(sessionId, names.join(', '));
    return session;
  }

  function refund(form: Form) {
    const paymentIntent = text(form.payment_intent);
    if (!paymentIntent) throw invalid('Missing required param: payment_intent', 'payment_intent');
    const session = paidSessions.get(paymentIntent);
    if (!session) {
      throw new ApiError(404, 'invalid_request_error', `No such payment_intent: '${paymentIntent}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    }
    const refunded = refunds
      .filter((earlier) => earlier.paymentIntent === paymentIntent)
      .reduce((sum, earlier) => sum + earlier.amount, 0);
    const left = session.amount_total - refunded;
    const amount = form.amount === undefined ? left : wholeNumber(text(form.amount), 'amount', 1);
    if (amount > left || left === 0) {
      const money = (value: number) => amountText(value, session.currency);
      throw invalid(
        `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`,
        'amount',
      );
    }
    const created = { id: id('re'), paymentIntent, amount };
    refunds.push(created);
    return {
      id: created.id,
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: paymentIntent,
      status: 'succeeded',
      created: unixNow(),
    };
  }

  /** The API's routes; anything else is Stripe's "Unrecognized request URL". */
  function route(method: string, path: string, form: Form): unknown {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'POST' && path === '/v1/refunds') return refund(form);
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (match && method === 'GET' && !match[2]) return findSession(match[1]!);
    if (match && method === 'POST' && match[2]) {
      const session = findSession(match[1]!);
      if (session.status !== 'open') {
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This session's status is "${session.status}".`,
          'session',
        );
      }
      markExpired(session);
      // Stripe sends the event for an expiry asked through the API too, on its own time.
      if (webhookUrl !== undefined) void deliverQuietly(signedEvent('checkout.session.expired', session));
      return session;
    }
    throw new ApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function answerApi(request: http.IncomingMessage, path: string, body: string): Answer {
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    const answer = ((): Answer => {
      try {
        if (!sendsSecretKey(request.headers.authorization)) {
          throw new ApiError(
            401,
            'invalid_request_error',
            "You did not provide an API key. Provide it in the Authorization header (Bearer sk_…), or as Basic auth's user name.",
          );
        }
        if (isRateLimited()) {
          throw new ApiError(
            429,
            'invalid_request_error',
            'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
            { code: 'rate_limit' },
          );
        }
        const replayable = method === 'POST' && idempotencyKey !== null;
        const fingerprint = `${method} ${path} ${body}`;
        const saved = replayable ? idempotent.get(idempotencyKey) : undefined;
        if (saved && saved.request !== fingerprint) {
          throw new ApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        }
        if (saved) return saved.answer;
        // A snapshot: what a session becomes later must not alter this answer, nor its replay.
        const answer = { status: 200, body: structuredClone(route(method, path, parseForm(body))) };
        // Like Stripe, only a request that ran is kept: one refused by validation may be sent again, fixed.
        if (replayable) idempotent.set(idempotencyKey, { request: fingerprint, answer });
        return answer;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return {
          status: error.status,
          body: { error: { type: error.type, message: error.message, ...error.extra } },
        };
      }
    })();
    requests.push({ method, path, idempotencyKey, status: answer.status });
    return answer;
  }

  function complete(session: FakeCheckoutSession, overrides: { amountTotal?: number; currency?: string }) {
    if (session.status !== 'open') throw new Error(`Checkout session ${session.id} is ${session.status}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = id('pi');
    paidSessions.set(session.payment_intent, session);
    session.url = null;
    if (overrides.amountTotal !== undefined) session.amount_total = overrides.amountTotal;
    if (overrides.currency !== undefined) session.currency = overrides.currency.toLowerCase();
  }

  function markExpired(session: FakeCheckoutSession) {
    if (session.status !== 'open') throw new Error(`Checkout session ${session.id} is ${session.status}`);
    session.status = 'expired';
    session.url = null;
  }

  function sign(payload: string, timestamp?: number): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
  }

  function signedEvent(type: string, session: FakeCheckoutSession): SignedEvent {
    const event: FakeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: unixNow(),
      livemode: false,
      data: { object: structuredClone(session) },
    };
    const payload = JSON.stringify(event);
    return { payload, signature: sign(payload), event };
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  async function post(event: { payload: string; signature: string }): Promise<number> {
    if (webhookUrl === undefined) throw new Error('The fake Stripe has no webhookUrl to deliver to');
    let status = 0;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // status 0: the endpoint could not be reached
    }
    const { id: eventId, type } = JSON.parse(event.payload) as { id: string; type: string };
    deliveries.push({ eventId, type, status });
    return status;
  }

  /** POSTs the event to webhookUrl (with probability duplicateRate twice at once); the first POST's status. */
  function deliver(event: { payload: string; signature: string }): Promise<number> {
    const twice = Math.random() < (options.duplicateRate ?? 0);
    return track(Promise.all(twice ? [post(event), post(event)] : [post(event)]).then(([first]) => first!));
  }

  /** A delivery the fake makes on its own: a webhook endpoint that is down is Stride's problem, not the fake's. */
  const deliverQuietly = (event: SignedEvent) => deliver(event).catch(() => 0);

  function page(title: string, content: string): string {
    return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title></head>
<body><main><h1>${title}</h1>${content}</main></body>
</html>`;
  }

  function checkoutPage(session: FakeCheckoutSession): string {
    const name = escapeHtml(productNames.get(session.id) ?? '');
    const link = (href: string | null, label: string) =>
      href === null ? '' : `<p><a href="${escapeHtml(href)}">${label}</a></p>`;
    if (session.status === 'expired') {
      return page(
        'Fake Stripe Checkout',
        `<p>This checkout session has expired</p>${link(session.cancel_url, 'Back')}`,
      );
    }
    if (session.status === 'complete') {
      return page(
        'Fake Stripe Checkout',
        `<p>This checkout session is paid</p>${link(successUrl(session), 'Continue')}`,
      );
    }
    const amount = amountText(session.amount_total, session.currency);
    return page(
      'Fake Stripe Checkout',
      `<p>${name}</p><p>Pay ${escapeHtml(amount)}</p>` +
        `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>` +
        `<p><a href="/checkout/${session.id}/cancel">Cancel</a></p>`,
    );
  }

  const successUrl = (session: FakeCheckoutSession) =>
    session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

  async function answerPage(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    path: string,
  ): Promise<void> {
    const match = /^\/checkout\/([^/]+)(\/pay|\/cancel)?$/.exec(path);
    const session = match ? sessions.get(match[1]!) : undefined;
    if (!match || !session) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page('Not found', '<p>There is no such checkout session</p>'));
      return;
    }
    const [, , action = ''] = match;
    if (request.method === 'GET' && action === '') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(checkoutPage(session));
      return;
    }
    if (request.method === 'POST' && action === '/pay' && session.status === 'open') {
      complete(session, {});
      await deliverQuietly(signedEvent('checkout.session.completed', session));
      response.writeHead(303, { location: successUrl(session) });
    } else if (request.method === 'GET' && action === '/cancel' && session.cancel_url !== null) {
      response.writeHead(303, { location: session.cancel_url });
    } else {
      // Paying a session that is no longer open, say: its page tells what became of it.
      response.writeHead(303, { location: `/checkout/${session.id}` });
    }
    response.end();
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      // What a test runner waits for before it starts.
      if (path === '/health') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      if (!path.startsWith('/v1/')) {
        answerPage(request, response, path).catch((error: unknown) => {
          response.writeHead(500).end(String(error));
        });
        return;
      }
      const { status, body } = answerApi(request, path, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** http://127.0.0.1:PORT: STRIPE_API_URL, and the origin of the hosted checkout pages. */
    url: baseUrl,
    sessions,
    refunds,
    /** Every API request (not the hosted pages), with the status it was answered. */
    requests,
    /** Every webhook POST made, with the status it got (0 when the endpoint could not be reached). */
    deliveries,
    /**
     * The hosted page's "Pay" without a browser: completes the session (paid, with a payment intent) and returns
     * its signed `checkout.session.completed` event, undelivered. `overrides` make the payment differ from the
     * session (a tampered amount or currency).
     */
    pay(sessionId: string, overrides: { amountTotal?: number; currency?: string } = {}): SignedEvent {
      const session = findSession(sessionId);
      complete(session, overrides);
      return signedEvent('checkout.session.completed', session);
    },
    /** Expires an open session as Stripe does at its `expires_at`; returns the signed event, undelivered. */
    expire(sessionId: string): SignedEvent {
      const session = findSession(sessionId);
      markExpired(session);
      return signedEvent('checkout.session.expired', session);
    },
    /** A `Stripe-Signature` for any payload (t=…,v1=…); `timestamp` in Unix seconds, e.g. a stale one. */
    sign,
    deliver,
    setWebhookUrl(next: string) {
      webhookUrl = next;
    },
    /** Waits for the deliveries under way, then stops. */
    async close(): Promise<void> {
      await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
