import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import type { StripeSettings } from '../../config.js';

export type CheckoutSession = {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntent: string | null;
  amountTotal: number | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  expiresAt: Date;
  registrationId: string | null;
};

export type StripeEvent = {
  id: string;
  type: string;
  /** The session of a `checkout.session.*` event; null for every other type. */
  session: CheckoutSession | null;
};

export type PaymentGateway = {
  /** POST /v1/checkout/sessions, Idempotency-Key `checkout-${registrationId}-${attempt}`. */
  createCheckoutSession(input: {
    registrationId: string;
    attempt: number;
    amount: number;
    currency: string;
    /** The race's title: the line item's name. */
    description: string;
    customerEmail: string;
    expiresAt: Date;
    successUrl: string;
    cancelUrl: string;
  }): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** POST /v1/checkout/sessions/{id}/expire; a session already complete or expired is answered as retrieved. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /** POST /v1/refunds { payment_intent, amount } with the caller's Idempotency-Key. */
  refund(input: { paymentIntent: string; amount: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Checks `Stripe-Signature` against the raw body (at most 5 minutes old); throws WebhookSignatureError. */
  verifyWebhook(rawBody: string | Buffer, signature: string | undefined): StripeEvent;
};

/** A webhook whose `Stripe-Signature` is missing, wrong or too old: not from Stripe, nothing to do. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * A call Stripe refused or that never reached it. Stripe's status is `stripeStatus`, not `statusCode`: the error
 * handler would pass a `statusCode` on to the runner, and Stripe's 400 is our failure, not theirs.
 */
export class StripeGatewayError extends Error {
  override name = 'StripeGatewayError';
  readonly stripeStatus: number | undefined;
  /** Stripe's error type, e.g. `invalid_request_error`, `idempotency_error`. */
  readonly stripeType: string | undefined;
  /** Stripe's error code, e.g. `resource_missing`. */
  readonly stripeCode: string | undefined;

  constructor(message: string, stripe: { status?: number; type?: string; code?: string } = {}) {
    super(message);
    this.stripeStatus = stripe.status;
    this.stripeType = stripe.type;
    this.stripeCode = stripe.code;
  }
}

/** Stripe accepts an `expires_at` from 30 minutes to 24 hours after it receives the request. */
const STRIPE_MIN_EXPIRY_MS = 30 * 60_000;
const STRIPE_MAX_EXPIRY_MS = 24 * 60 * 60_000;
/** Room for the request's trip and retries, and for our clock being a little off Stripe's. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * When a hold's checkout session should expire: at the hold's end, moved into Stripe's limits (a little inside
 * them), in whole seconds. A hold ending sooner than Stripe's minimum gets the minimum; the caller decides
 * whether such a hold deserves a session.
 */
export function checkoutExpiresAt(holdEndsAt: Date, now: Date): Date {
  const earliest = now.getTime() + STRIPE_MIN_EXPIRY_MS + EXPIRY_MARGIN_MS;
  const latest = now.getTime() + STRIPE_MAX_EXPIRY_MS - EXPIRY_MARGIN_MS;
  const at = Math.min(Math.max(holdEndsAt.getTime(), earliest), latest);
  return new Date(Math.floor(at / 1000) * 1000);
}

const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Stripe answers 429 above its rate (about 100 writes a second per account, 25 in test mode); a sell-out sends
 * more. The SDK retries a 429 only when Stripe says so (`Stripe-Should-Retry`), so we back off ourselves:
 * jittered, doubling from `firstMs` up to `longestMs` per wait, giving up after `totalMs` of waiting.
 */
export type RateLimitBackoff = { firstMs: number; longestMs: number; totalMs: number };
const RATE_LIMIT_BACKOFF: RateLimitBackoff = { firstMs: 100, longestMs: 5_000, totalMs: 30_000 };

async function retryRateLimited<T>(backoff: RateLimitBackoff, call: () => Promise<T>): Promise<T> {
  let waitedMs = 0;
  for (let retry = 0; ; retry++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeRateLimitError)) throw error;
      const ceiling = Math.min(backoff.firstMs * 2 ** retry, backoff.longestMs);
      const delayMs = ceiling * (0.5 + Math.random() / 2);
      if (waitedMs + delayMs > backoff.totalMs) throw error;
      await sleep(delayMs);
      waitedMs += delayMs;
    }
  }
}

/**
 * Calls this process sends Stripe a second at most, in the order they were asked for: under a sell-out the
 * runners wait their turn here rather than all being refused by Stripe and backing off at random (which is not
 * fair to those refused a few times). A little under Stripe's 100 a second, so a 429 stays the exception.
 */
const CALLS_PER_SECOND = 80;

/** Spaces calls `1/perSecond` apart, first come first served. */
function createPacer(perSecond: number) {
  const gapMs = 1000 / perSecond;
  let nextAt = 0;
  return async function wait(): Promise<void> {
    const at = performance.now();
    const slot = Math.max(at, nextAt);
    nextAt = slot + gapMs;
    if (slot > at) await sleep(slot - at);
  };
}

const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;

/** A value of a list Stripe may extend: one Stride does not know is an error, not a guess. */
function known<T extends string>(values: readonly T[], value: string, what: string): T {
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new StripeGatewayError(`Stripe answered a ${what} Stride does not know: ${value}`);
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const paymentIntent = session.payment_intent;
  return {
    id: session.id,
    url: session.url,
    // Null only on sessions made by API versions older than the SDK's.
    status: known(SESSION_STATUSES, session.status ?? 'open', 'session status'),
    paymentStatus: known(PAYMENT_STATUSES, session.payment_status, 'payment status'),
    paymentIntent: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
    amountTotal: session.amount_total,
    currency: session.currency?.toUpperCase() ?? null,
    expiresAt: new Date(session.expires_at * 1000),
    registrationId: session.metadata?.registrationId ?? session.client_reference_id ?? null,
  };
}

/** The SDK's `host`, `port` and `protocol` for another Stripe than api.stripe.com (a local fake in tests). */
function hostOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiUrl === undefined) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The only place the server talks to Stripe: Checkout Sessions, refunds and webhook signatures. */
export function createStripeGateway(
  settings: StripeSettings,
  options: { now?: () => Date; rateLimitBackoff?: RateLimitBackoff; callsPerSecond?: number } = {},
): PaymentGateway {
  const now = options.now ?? (() => new Date());
  const backoff = options.rateLimitBackoff ?? RATE_LIMIT_BACKOFF;
  const pace = createPacer(options.callsPerSecond ?? CALLS_PER_SECOND);
  const stripe = new Stripe(settings.secretKey, {
    // Connection failures and Stripe's 5xx; 429s are retried by retryRateLimited.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...hostOptions(settings.apiUrl),
  });
  const apiHost = settings.apiUrl ?? 'https://api.stripe.com';

  /** Runs one API call, retried while rate limited; any other failure becomes a StripeGatewayError. */
  async function call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    try {
      return await retryRateLimited(backoff, async () => {
        await pace();
        return request();
      });
    } catch (error) {
      throw describeFailure(operation, error);
    }
  }

  function describeFailure(operation: string, error: unknown): StripeGatewayError {
    const failed = `Stripe ${operation} at ${apiHost} failed`;
    if (!(error instanceof Stripe.errors.StripeError)) {
      const reason = error instanceof Error ? error.message : String(error);
      return new StripeGatewayError(hideSecret(`${failed}: ${reason}`));
    }
    // "(HTTP 400, invalid_request_error, resource_missing, request req_…)"
    const details = [
      error.statusCode && `HTTP ${error.statusCode}`,
      error.rawType,
      error.code,
      error.requestId && `request ${error.requestId}`,
    ].filter(Boolean);
    const message = `${failed}: ${error.message || error.type}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
    return new StripeGatewayError(hideSecret(message), {
      status: error.statusCode,
      type: error.rawType,
      code: error.code,
    });
  }

  /** Stripe masks keys in its messages; this is for anything that might not. */
  const hideSecret = (text: string) => text.split(settings.secretKey).join('[secret key]');

  const retrieve = async (id: string) =>
    toCheckoutSession(
      await call(`GET /v1/checkout/sessions/${id}`, () => stripe.checkout.sessions.retrieve(id)),
    );

  return {
    async createCheckoutSession(input) {
      const session = await call('POST /v1/checkout/sessions', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: { name: input.description },
                },
                quantity: 1,
              },
            ],
            client_reference_id: input.registrationId,
            metadata: { registrationId: input.registrationId },
            customer_email: input.customerEmail,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `checkout-${input.registrationId}-${input.attempt}` },
        ),
      );
      return toCheckoutSession(session);
    },

    retrieveCheckoutSession: retrieve,

    async expireCheckoutSession(id) {
      try {
        return toCheckoutSession(
          await call(`POST /v1/checkout/sessions/${id}/expire`, () =>
            // The session's id is the registration's attempt's (its own idempotency key made it).
            stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` }),
          ),
        );
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already): say which.
        if (!(error instanceof StripeGatewayError) || error.stripeStatus !== 400) throw error;
        const session = await retrieve(id);
        if (session.status === 'open') throw error;
        return session;
      }
    },

    async refund({ paymentIntent, amount, idempotencyKey }) {
      const refund = await call('POST /v1/refunds', () =>
        stripe.refunds.create({ payment_intent: paymentIntent, amount }, { idempotencyKey }),
      );
      return { id: refund.id };
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now().getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(`Stripe-Signature rejected: ${error.message}`);
        }
        throw error;
      }
      const session = event.type.startsWith('checkout.session.')
        ? toCheckoutSession(event.data.object as Stripe.Checkout.Session)
        : null;
      return { id: event.id, type: event.type, session };
    },
  };
}
