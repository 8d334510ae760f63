import { beforeAll, describe, expect, it } from 'vitest';
import { type CreateRegistrationInput, PAYMENT_MESSAGES, type Registration } from '@stride/shared';
import {
  type Actor,
  MISSING_ID,
  type MarathonOverrides,
  createMarathon,
  errorFields,
  findMyRegistrations,
  getMarathon,
  insertSignedInUsers,
  register,
  registrationInput,
} from '../../testing/marathon-fixtures.js';
import {
  HOLD_MINUTES,
  WAITLIST_CLAIM_HOURS,
  endHold,
  mailsTo,
  openCheckout,
  paidRaceInput,
  payOnline,
  sessionIdOf,
  usePaidTestApp,
} from '../../testing/paid-race-fixtures.js';
import { bearerHeaders } from '../../testing/test-app.js';

/**
 * Issue 32 as an API client meets it: registering for a paid race online (a hold, its checkout, the payment) or on
 * site (the organizer records it); amounts too small to pay by card; yen; the waitlist of a paid race. Stripe is
 * the repository's fake; mail goes to a local SMTP receiver.
 */
const paid = usePaidTestApp();
const app = () => paid.current.app;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

let organizer: Actor;
beforeAll(async () => {
  const [first] = await insertSignedInUsers(paid.current, 1);
  organizer = first!;
});

const updateRace = (id: string, body: object, actor: Actor = organizer) =>
  app().inject({
    method: 'PATCH',
    url: `/api/marathons/${id}`,
    headers: bearerHeaders(actor.token),
    payload: body,
  });
const newPaidRace = (overrides: MarathonOverrides = {}) =>
  createMarathon(app(), organizer, paidRaceInput(overrides));
const enter = (actor: Actor, raceId: string, overrides: Partial<CreateRegistrationInput> = {}) =>
  app().inject({
    method: 'POST',
    url: '/api/registrations',
    headers: bearerHeaders(actor.token),
    payload: registrationInput(raceId, overrides),
  });
const runners = (count: number) => insertSignedInUsers(paid.current, count);
const raceOf = async (id: string) => (await getMarathon(app(), id))!;
const entryOf = async (runner: Actor & { user: { email: string } }, id: string) =>
  (await findMyRegistrations(app(), runner)).find((entry) => entry._id === id)!;
const recordPayment = (raceId: string, registrationId: string, status: string, actor: Actor = organizer) =>
  app().inject({
    method: 'POST',
    url: `/api/marathons/${raceId}/participants/${registrationId}/payment`,
    headers: bearerHeaders(actor.token),
    payload: { status },
  });
/** The 400's problems: the fields they name and what they say. */
const problemOf = (response: { json: () => { errors?: unknown } }) => response.json().errors;

describe('registering online: a hold, its checkout, the payment', () => {
  it('holds a place without a bib while the runner pays; the race counts it as pending', async () => {
    const race = await newPaidRace({ capacity: 3 });
    const [runner] = await runners(1);
    const before = Date.now();
    const response = await enter(runner!, race._id, { paymentMethod: 'online' });
    const after = Date.now();

    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json<Registration>();
    expect(entry).toMatchObject({
      status: 'pending_payment',
      bib: null,
      paymentMethod: 'online',
      paymentStatus: 'pending',
      amountDue: 4500,
      amountPaid: 0,
      amountRefunded: 0,
      currency: 'EUR',
      discountCode: null,
      receiptNumber: null,
    });
    const holdEnds = Date.parse(entry.holdExpiresAt!);
    expect(holdEnds).toBeGreaterThanOrEqual(before + HOLD_MINUTES * MINUTE_MS - 1000);
    expect(holdEnds).toBeLessThanOrEqual(after + HOLD_MINUTES * MINUTE_MS + 1000);
    expect(await raceOf(race._id)).toMatchObject({
      totalRegistrationCount: 0,
      pendingCount: 1,
      placesLeft: 2,
    });
    const stats = await app().inject({
      url: `/api/marathons/${race._id}/stats`,
      headers: bearerHeaders(organizer.token),
    });
    expect(stats.json()).toMatchObject({ pendingCount: 1, placesLeft: 2 });
    // Nothing is confirmed before the money is in.
    expect(await mailsTo(paid.current, runner!.user.email)).toEqual([]);
  });

  it('pays the race’s first way by default, and refuses a way the race does not take', async () => {
    const onSiteFirst = await newPaidRace({ paymentMethods: ['on_site', 'online'] });
    const onlineOnly = await newPaidRace({ paymentMethods: ['online'] });
    const [first, second, third] = await runners(3);
    expect(await register(app(), first!, onSiteFirst._id)).toMatchObject({
      paymentMethod: 'on_site',
      paymentStatus: 'due',
    });
    expect(await register(app(), second!, onlineOnly._id)).toMatchObject({
      paymentMethod: 'online',
      paymentStatus: 'pending',
    });

    const refused = await enter(third!, onlineOnly._id, { paymentMethod: 'on_site' });
    expect(refused.statusCode).toBe(400);
    expect(problemOf(refused)).toEqual([{ field: 'paymentMethod', message: PAYMENT_MESSAGES.notOffered }]);
    const unknown = await enter(third!, onlineOnly._id, { paymentMethod: 'cheque' as never });
    expect(unknown.statusCode).toBe(400);
    expect(errorFields(unknown)).toEqual(['paymentMethod']);
  });

  it('the checkout is a Stripe Checkout Session for the amount due, reused while it is open', async () => {
    const race = await newPaidRace({ title: 'Harbour Half', capacity: 10 });
    const [runner] = await runners(1);
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const sessionsBefore = paid.current.stripe.sessions.size;

    const checkout = await openCheckout(app(), runner!, entry._id);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(Object.keys(checkout.json())).toEqual(['checkoutUrl']);
    const sessionId = sessionIdOf(checkout);
    expect(checkout.json().checkoutUrl).toBe(`${paid.current.stripe.url}/checkout/${sessionId}`);
    const session = paid.current.stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount_total: 4500,
      currency: 'eur',
      client_reference_id: entry._id,
      metadata: { registrationId: entry._id },
      customer_email: runner!.user.email,
    });
    expect(session.success_url).toContain(`/marathon-details/${race._id}`);
    // Within Stripe's limits, and not long after the hold ends.
    const now = Date.now() / 1000;
    expect(session.expires_at).toBeGreaterThanOrEqual(now + 30 * 60 - 5);
    expect(session.expires_at * 1000).toBeLessThanOrEqual(Date.parse(entry.holdExpiresAt!) + 5 * MINUTE_MS);
    const create = paid.current.stripe.requests.filter((request) => request.path === '/v1/checkout/sessions');
    expect(create.at(-1)?.idempotencyKey).toEqual(expect.stringContaining(entry._id));

    const again = await openCheckout(app(), runner!, entry._id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(checkout.json());
    expect(paid.current.stripe.sessions.size).toBe(sessionsBefore + 1);
  });

  it('only the runner opens their checkout, and only while the entry waits for payment', async () => {
    const race = await newPaidRace({ capacity: 10 });
    const [runner, stranger, onSite] = await runners(3);
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    const atDesk = await register(app(), onSite!, race._id, { paymentMethod: 'on_site' });

    expect((await openCheckout(app(), stranger!, entry._id)).statusCode).toBe(403);
    const anonymous = await app().inject({ method: 'POST', url: `/api/registrations/${entry._id}/checkout` });
    expect(anonymous.statusCode).toBe(401);
    expect((await openCheckout(app(), runner!, MISSING_ID)).statusCode).toBe(404);
    expect((await openCheckout(app(), runner!, 'not-an-id')).statusCode).toBe(404);
    expect((await openCheckout(app(), onSite!, atDesk._id)).statusCode).toBe(409);

    await payOnline(paid.current, runner!, entry._id);
    expect((await openCheckout(app(), runner!, entry._id)).statusCode).toBe(409);

    // A hold whose time is up, not yet released, has no checkout either.
    const [late] = await runners(1);
    const lapsed = await register(app(), late!, race._id, { paymentMethod: 'online' });
    await endHold(paid.current, lapsed._id);
    expect((await openCheckout(app(), late!, lapsed._id)).statusCode).toBe(409);
  });

  it('the amount due is fixed when the entry is made: a later price change does not alter it', async () => {
    const race = await newPaidRace({ capacity: 10 });
    const [runner] = await runners(1);
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    expect((await updateRace(race._id, { entryFee: 6000 })).statusCode).toBe(200);

    const { sessionId } = await payOnline(paid.current, runner!, entry._id);

    expect(paid.current.stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 4500 });
    expect(await entryOf(runner!, entry._id)).toMatchObject({ amountDue: 4500, amountPaid: 4500 });
    expect((await updateRace(race._id, { entryFee: 3000 })).statusCode).toBe(200);
    expect(await entryOf(runner!, entry._id)).toMatchObject({ amountDue: 4500, amountPaid: 4500 });
  });

  it('the payment confirms the entry: the next bib, paid, a receipt, and only now the confirmation mail', async () => {
    const race = await newPaidRace({ title: 'Quayside 10K', capacity: 10 });
    const [early, runner] = await runners(2);
    await register(app(), early!, race._id, { paymentMethod: 'on_site' });
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'online' });

    await payOnline(paid.current, runner!, entry._id);

    const confirmed = await entryOf(runner!, entry._id);
    expect(confirmed).toMatchObject({
      status: 'registered',
      bib: 2,
      paymentStatus: 'paid',
      amountDue: 4500,
      amountPaid: 4500,
      amountRefunded: 0,
      currency: 'EUR',
      receiptNumber: '000001',
      holdExpiresAt: null,
    });
    expect(await raceOf(race._id)).toMatchObject({
      totalRegistrationCount: 2,
      pendingCount: 0,
      placesLeft: 8,
    });
    const mails = await mailsTo(paid.current, runner!.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["You're registered: Quayside 10K"]);
    expect(mails[0]!.text).toContain('Amount paid: €45.00');
    expect(mails[0]!.text).toContain('Receipt: 000001');
    expect(mails[0]!.text).toContain('Bib number: 2');
  });

  it('a full race holds no more places than it has: the others join the line or are turned away', async () => {
    const race = await newPaidRace({ capacity: 1 });
    const [holder, late, queued] = await runners(3);
    await register(app(), holder!, race._id, { paymentMethod: 'online' });
    expect(await raceOf(race._id)).toMatchObject({ placesLeft: 0, pendingCount: 1 });

    const turnedAway = await enter(late!, race._id, { paymentMethod: 'online' });
    expect(turnedAway.statusCode).toBe(409);
    const inLine = await register(app(), queued!, race._id, { paymentMethod: 'online', waitlist: true });
    expect(inLine).toMatchObject({ status: 'waitlisted', bib: null, amountPaid: 0, holdExpiresAt: null });
    expect((await openCheckout(app(), queued!, inLine._id)).statusCode).toBe(409);
  });

  it('an online amount below the smallest card charge: 400 on paymentMethod; on site it is fine', async () => {
    const cents = await newPaidRace({ entryFee: 40 });
    const [runner, other, edge] = await runners(3);
    const refused = await enter(runner!, cents._id, { paymentMethod: 'online' });
    expect(refused.statusCode).toBe(400);
    expect(problemOf(refused)).toEqual([
      { field: 'paymentMethod', message: PAYMENT_MESSAGES.tooSmallOnline },
    ]);
    expect(await register(app(), other!, cents._id, { paymentMethod: 'on_site' })).toMatchObject({
      status: 'registered',
      paymentStatus: 'due',
      amountDue: 40,
    });
    const fifty = await newPaidRace({ entryFee: 50 });
    expect(await register(app(), edge!, fifty._id, { paymentMethod: 'online' })).toMatchObject({
      status: 'pending_payment',
      amountDue: 50,
    });
  });

  it('yen have no minor unit: ¥4,500 is charged as 4500, and ¥40 is too small to pay by card', async () => {
    const race = await newPaidRace({
      title: 'Kyoto Riverside',
      currency: 'JPY',
      entryFee: 4500,
      capacity: 5,
    });
    expect(race).toMatchObject({ currency: 'JPY', currentFee: 4500 });
    const [runner, small] = await runners(2);
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'online' });
    expect(entry).toMatchObject({ amountDue: 4500, currency: 'JPY' });

    const { sessionId } = await payOnline(paid.current, runner!, entry._id);
    expect(paid.current.stripe.sessions.get(sessionId)).toMatchObject({
      amount_total: 4500,
      currency: 'jpy',
    });
    expect(await entryOf(runner!, entry._id)).toMatchObject({
      paymentStatus: 'paid',
      amountPaid: 4500,
      currency: 'JPY',
    });
    const [mail] = await mailsTo(paid.current, runner!.user.email);
    expect(mail!.text).toContain('Amount paid: ¥4,500');

    const cheap = await newPaidRace({ currency: 'JPY', entryFee: 40 });
    const refused = await enter(small!, cheap._id, { paymentMethod: 'online' });
    expect(refused.statusCode).toBe(400);
    expect(errorFields(refused)).toEqual(['paymentMethod']);
  });
});

describe('paying on site', () => {
  it('registers at once with a bib and the fee due; the organizer records it paid, with a receipt', async () => {
    const race = await newPaidRace({ capacity: 10 });
    const [runner] = await runners(1);
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'on_site' });
    expect(entry).toMatchObject({
      status: 'registered',
      bib: 1,
      paymentMethod: 'on_site',
      paymentStatus: 'due',
      amountDue: 4500,
      amountPaid: 0,
      receiptNumber: null,
      holdExpiresAt: null,
    });
    const [confirmation] = await mailsTo(paid.current, runner!.user.email);
    expect(confirmation!.subject).toMatch(/^You're registered: /);

    const marked = await recordPayment(race._id, entry._id, 'paid');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      _id: entry._id,
      status: 'registered',
      bib: 1,
      paymentStatus: 'paid',
      amountPaid: 4500,
      receiptNumber: '000001',
    });
    expect(await entryOf(runner!, entry._id)).toMatchObject({
      paymentStatus: 'paid',
      receiptNumber: '000001',
    });

    const twice = await recordPayment(race._id, entry._id, 'paid');
    expect(twice.statusCode).toBe(409);
    const notOwed = await recordPayment(race._id, entry._id, 'refunded');
    expect(notOwed.statusCode).toBe(409);
  });

  it('only the organizer records payments (401/403/404 as the desk), and only what is owed', async () => {
    const race = await newPaidRace({ capacity: 10 });
    const other = await newPaidRace({ capacity: 10 });
    const [runner, stranger, online] = await runners(3);
    const entry = await register(app(), runner!, race._id, { paymentMethod: 'on_site' });
    const hold = await register(app(), online!, race._id, { paymentMethod: 'online' });

    const anonymous = await app().inject({
      method: 'POST',
      url: `/api/marathons/${race._id}/participants/${entry._id}/payment`,
      payload: { status: 'paid' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await recordPayment(race._id, entry._id, 'paid', stranger!)).statusCode).toBe(403);
    expect((await recordPayment(race._id, entry._id, 'paid', runner!)).statusCode).toBe(403);
    expect((await recordPayment(MISSING_ID, entry._id, 'paid')).statusCode).toBe(404);
    expect((await recordPayment(race._id, MISSING_ID, 'paid')).statusCode).toBe(404);
    expect((await recordPayment(other._id, entry._id, 'paid')).statusCode).toBe(404);
    const bad = await recordPayment(race._id, entry._id, 'waived');
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad)).toEqual(['status']);
    // A hold is paid through Stripe, not at the desk.
    expect((await recordPayment(race._id, hold._id, 'paid')).statusCode).toBe(409);
    expect(await entryOf(runner!, entry._id)).toMatchObject({ paymentStatus: 'due', amountPaid: 0 });
  });
});

describe('the waitlist of a paid race', () => {
  it('joining is free; a promoted runner gets a hold for the claim time, a mail to pay by then, and pays', async () => {
    const race = await newPaidRace({ title: 'Lakeshore Loop', capacity: 1 });
    const [holder, queued] = await runners(2);
    const hold = await register(app(), holder!, race._id, { paymentMethod: 'online' });
    const inLine = await register(app(), queued!, race._id, { paymentMethod: 'online', waitlist: true });
    expect(inLine).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
      amountDue: 4500,
      amountPaid: 0,
    });

    await endHold(paid.current, hold._id);
    const before = Date.now();
    await app().payments.worker.sweep();
    const after = Date.now();

    const offered = await entryOf(queued!, inLine._id);
    expect(offered).toMatchObject({
      status: 'pending_payment',
      bib: null,
      paymentStatus: 'pending',
      waitlistPosition: null,
    });
    const claimEnds = Date.parse(offered.holdExpiresAt!);
    expect(claimEnds).toBeGreaterThanOrEqual(before + WAITLIST_CLAIM_HOURS * HOUR_MS - 1000);
    expect(claimEnds).toBeLessThanOrEqual(after + WAITLIST_CLAIM_HOURS * HOUR_MS + 1000);
    expect(await raceOf(race._id)).toMatchObject({ pendingCount: 1, waitlistCount: 0, placesLeft: 0 });
    const offer = (await mailsTo(paid.current, queued!.user.email)).find((mail) =>
      mail.subject.startsWith('A place opened up'),
    );
    expect(offer!.subject).toMatch(/^A place opened up: pay by /);
    expect(offer!.text).toContain('€45.00');

    // A claim longer than Stripe's 24 hours gets a session within them.
    const { sessionId } = await payOnline(paid.current, queued!, inLine._id);
    const session = paid.current.stripe.sessions.get(sessionId)!;
    expect(session.expires_at * 1000).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS);
    expect(await entryOf(queued!, inLine._id)).toMatchObject({
      status: 'registered',
      bib: 1,
      paymentStatus: 'paid',
    });
  });

  it('an unpaid offer moves on down the line', async () => {
    const race = await newPaidRace({ capacity: 1 });
    const [holder, second, third] = await runners(3);
    const hold = await register(app(), holder!, race._id, { paymentMethod: 'online' });
    const secondEntry = await register(app(), second!, race._id, { paymentMethod: 'online', waitlist: true });
    const thirdEntry = await register(app(), third!, race._id, { paymentMethod: 'online', waitlist: true });

    await endHold(paid.current, hold._id);
    await app().payments.worker.sweep();
    expect(await entryOf(second!, secondEntry._id)).toMatchObject({ status: 'pending_payment' });
    expect(await entryOf(third!, thirdEntry._id)).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });

    await endHold(paid.current, secondEntry._id);
    await app().payments.worker.sweep();
    expect(await entryOf(second!, secondEntry._id)).toMatchObject({ status: 'expired', bib: null });
    expect(await entryOf(third!, thirdEntry._id)).toMatchObject({ status: 'pending_payment' });
    expect(await raceOf(race._id)).toMatchObject({ pendingCount: 1, waitlistCount: 0 });
  });

  it('a runner in line paying on site is registered at once with a bib when a place opens, the fee due', async () => {
    const race = await newPaidRace({ capacity: 1 });
    const [holder, queued] = await runners(2);
    const hold = await register(app(), holder!, race._id, { paymentMethod: 'online' });
    const inLine = await register(app(), queued!, race._id, { paymentMethod: 'on_site', waitlist: true });

    await endHold(paid.current, hold._id);
    await app().payments.worker.sweep();

    expect(await entryOf(queued!, inLine._id)).toMatchObject({
      status: 'registered',
      bib: 1,
      paymentStatus: 'due',
    });
  });
});
