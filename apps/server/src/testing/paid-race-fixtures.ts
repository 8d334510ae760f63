import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app.js';
import { rowsOf } from '../db/client.js';
import { registrations } from '../db/schema/index.js';
import { type FakeStripe, type SignedEvent, startFakeStripe } from './fake-stripe.js';
import { type Actor, type MarathonOverrides, SECOND_MS } from './marathon-fixtures.js';
import { startSmtpReceiver } from './smtp-receiver.js';
import { type TestApp, bearerHeaders, buildTestApp, createTestConfig } from './test-app.js';

/** The webhook signing secret the paid app and its fake Stripe share. */
export const WEBHOOK_SECRET = 'whsec_stride_tests';
export const HOLD_MINUTES = 30;
export const WAITLIST_CLAIM_HOURS = 48;

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
/** The app with online payment set up against a fake Stripe, its mail going to a local SMTP receiver. */
export type PaidTestApp = TestApp & { stripe: FakeStripe; smtp: SmtpReceiver };

/**
 * A paid app for the enclosing file or describe block (built in beforeAll, closed in afterAll): Stripe is the
 * repository's fake, holds last {@link HOLD_MINUTES}, a place offered from the line {@link WAITLIST_CLAIM_HOURS}.
 * Read `.current` inside hooks and tests.
 */
export function usePaidTestApp(): { current: PaidTestApp } {
  const holder = {} as { current: PaidTestApp };
  beforeAll(async () => {
    const stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    const smtp = await startSmtpReceiver();
    const base = createTestConfig();
    const testApp = await buildTestApp({
      config: {
        mail: { ...base.mail, smtpUrl: smtp.url },
        payments: {
          defaultCurrency: 'EUR',
          holdMinutes: HOLD_MINUTES,
          waitlistClaimHours: WAITLIST_CLAIM_HOURS,
          stripe: { secretKey: 'sk_test_stride', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
        },
      },
    });
    holder.current = { ...testApp, stripe, smtp };
  });
  afterAll(async () => {
    await holder.current?.close();
    await holder.current?.stripe.close();
    await holder.current?.smtp.close();
  });
  return holder;
}

/** A race of €45.00 that takes both ways of paying, online first; override any field. */
export function paidRaceInput(overrides: MarathonOverrides = {}): MarathonOverrides {
  return { entryFee: 4500, currency: 'EUR', paymentMethods: ['online', 'on_site'], ...overrides };
}

/** Stripe delivering an event to the webhook, as signed (or with another signature). */
export function deliverWebhook(app: App, event: Pick<SignedEvent, 'payload' | 'signature'>) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

/** The runner asks for the checkout of their held place. */
export function openCheckout(app: App, actor: Actor, registrationId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/registrations/${registrationId}/checkout`,
    headers: bearerHeaders(actor.token),
  });
}

/** The fake's session behind a checkout URL it answered. */
export function sessionIdOf(checkout: LightMyRequestResponse): string {
  const { checkoutUrl } = checkout.json<{ checkoutUrl: string }>();
  const id = /\/checkout\/(cs_test_\w+)$/.exec(checkoutUrl)?.[1];
  if (!id) throw new Error(`Not a checkout URL of the fake Stripe: ${checkoutUrl}`);
  return id;
}

/**
 * The runner opens the checkout of their hold and pays on the fake's page; returns the session and its signed
 * `checkout.session.completed` event, not yet delivered.
 */
export async function payAtStripe(
  paid: PaidTestApp,
  actor: Actor,
  registrationId: string,
): Promise<{ sessionId: string; event: SignedEvent }> {
  const checkout = await openCheckout(paid.app, actor, registrationId);
  if (checkout.statusCode !== 200) throw new Error(`Checkout: ${checkout.statusCode} ${checkout.body}`);
  const sessionId = sessionIdOf(checkout);
  return { sessionId, event: paid.stripe.pay(sessionId) };
}

/** Pays the hold online and delivers Stripe's event; throws unless the webhook answers 200. */
export async function payOnline(paid: PaidTestApp, actor: Actor, registrationId: string) {
  const { sessionId, event } = await payAtStripe(paid, actor, registrationId);
  const answer = await deliverWebhook(paid.app, event);
  if (answer.statusCode !== 200) throw new Error(`Webhook: ${answer.statusCode} ${answer.body}`);
  return { sessionId, event, paymentIntent: paid.stripe.sessions.get(sessionId)!.payment_intent! };
}

/** Moves the hold's end a second into the past, as if its time had run out (the release checks the time again). */
export async function endHold({ database }: Pick<TestApp, 'database'>, registrationId: string) {
  await database.db
    .update(registrations)
    .set({ holdExpiresAt: new Date(Date.now() - SECOND_MS) })
    .where(eq(registrations.id, registrationId));
}

/** The refunds the worker still has to make, and those made (payment_refunds rows), of one payment. */
export async function findRefundRows({ database }: Pick<TestApp, 'database'>, paymentIntent: string) {
  return rowsOf<{ amount: number; currency: string; reason: string; done: boolean }>(
    await database.db.execute(sql`
      select amount, currency, reason, done_at is not null as done from payment_refunds
      where payment_intent = ${paymentIntent} order by created_at`),
  );
}

/** A mail as its reader sees it: the subject and the text, quoted-printable undone as UTF-8. */
export type ReadMail = { to: string[]; subject: string; text: string };

/** RFC 2047's encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as the text they stand for. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Sends the outbox's mails, then answers those the receiver got for `email`, oldest first. */
export async function mailsTo(paid: Pick<PaidTestApp, 'app' | 'smtp'>, email: string): Promise<ReadMail[]> {
  await paid.app.mail.worker.flush();
  return paid.smtp.mails
    .filter((mail) => mail.to.includes(email))
    .map((mail) => {
      const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const subject = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
      // nodemailer writes the text part quoted-printable.
      const text = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/.exec(mail.raw)?.[1] ?? '';
      return { to: mail.to, subject: decodeWords(subject), text: decodeQuotedPrintable(text) };
    });
}
