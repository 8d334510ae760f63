import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type Participant, type RaceStats } from '@stride/shared';
import {
  type Actor,
  createMarathon,
  findMyRegistrations,
  fromNow,
  getMarathon,
  insertSignedInUsers,
  register,
} from '../../testing/marathon-fixtures.js';
import { mailsTo, paidRaceInput, payOnline, usePaidTestApp } from '../../testing/paid-race-fixtures.js';
import { bearerHeaders } from '../../testing/test-app.js';

/**
 * Issue 32's refunds: a runner's withdrawal by the race's policy (rounded down, nothing after its deadline), the
 * organizer's cancellation and a deleted race in full; online through Stripe, on site owed until the organizer
 * records it; entries with money kept as cancelled; the race's revenue.
 */
const paid = usePaidTestApp();
const app = () => paid.current.app;
const stripe = () => paid.current.stripe;
const HOUR_MS = 60 * 60 * 1000;

let organizer: Actor;
let stranger: Actor;
beforeAll(async () => {
  const [first, second] = await insertSignedInUsers(paid.current, 2);
  organizer = first!;
  stranger = second!;
});

type Runner = Awaited<ReturnType<typeof insertSignedInUsers>>[number];
const runners = (count: number) => insertSignedInUsers(paid.current, count);
const newPaidRace = (overrides: Parameters<typeof paidRaceInput>[0] = {}) =>
  createMarathon(app(), organizer, paidRaceInput(overrides));
const entryOf = async (runner: Runner, id: string) =>
  (await findMyRegistrations(app(), runner)).find((entry) => entry._id === id);
const withdraw = (runner: Actor, id: string) =>
  app().inject({ method: 'DELETE', url: `/api/registrations/${id}`, headers: bearerHeaders(runner.token) });
const cancelAsOrganizer = (raceId: string, id: string, actor: Actor = organizer) =>
  app().inject({
    method: 'DELETE',
    url: `/api/marathons/${raceId}/participants/${id}`,
    headers: bearerHeaders(actor.token),
  });
const recordPayment = (raceId: string, id: string, status: 'paid' | 'refunded') =>
  app().inject({
    method: 'POST',
    url: `/api/marathons/${raceId}/participants/${id}/payment`,
    headers: bearerHeaders(organizer.token),
    payload: { status },
  });
const deleteRace = (raceId: string) =>
  app().inject({
    method: 'DELETE',
    url: `/api/marathons/${raceId}`,
    headers: bearerHeaders(organizer.token),
  });
const deskOf = async (raceId: string, query = '') =>
  (
    await app().inject({
      url: `/api/marathons/${raceId}/participants${query}`,
      headers: bearerHeaders(organizer.token),
    })
  ).json<Participant[]>();
const revenueOf = async (raceId: string) =>
  (
    await app().inject({ url: `/api/marathons/${raceId}/stats`, headers: bearerHeaders(organizer.token) })
  ).json<RaceStats>().revenue;
const refundsOf = (paymentIntent: string) =>
  stripe()
    .refunds.filter((refund) => refund.paymentIntent === paymentIntent)
    .map((refund) => refund.amount);

/** A runner entered online and paid: the entry and its payment intent. */
async function paidEntry(raceId: string, runner: Runner) {
  const entry = await register(app(), runner, raceId, { paymentMethod: 'online' });
  const { paymentIntent } = await payOnline(paid.current, runner, entry._id);
  return { entry, paymentIntent };
}

/** A runner entered on site, the fee collected at the desk. */
async function paidOnSite(raceId: string, runner: Runner) {
  const entry = await register(app(), runner, raceId, { paymentMethod: 'on_site' });
  expect((await recordPayment(raceId, entry._id, 'paid')).statusCode).toBe(200);
  return entry;
}

describe('a runner withdraws', () => {
  it('a paid entry: the policy’s share back, rounded down; kept as cancelled in their list and on the desk', async () => {
    const race = await newPaidRace({
      title: 'Pier Run',
      entryFee: 4550,
      capacity: 5,
      refundPolicy: { percent: 33, until: null },
    });
    const [runner] = await runners(1);
    const { entry, paymentIntent } = await paidEntry(race._id, runner!);

    const answer = await withdraw(runner!, entry._id);

    // 33 % of 4550 is 1501.5.
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ message: expect.any(String), refundAmount: 1501 });
    const kept = {
      _id: entry._id,
      status: 'cancelled',
      bib: null,
      paymentStatus: 'partially_refunded',
      amountDue: 4550,
      amountPaid: 4550,
      amountRefunded: 1501,
      receiptNumber: '000001',
    };
    expect(await entryOf(runner!, entry._id)).toMatchObject(kept);
    expect(await deskOf(race._id)).toEqual([]);
    expect(await deskOf(race._id, '?status=cancelled')).toMatchObject([kept]);
    expect(await getMarathon(app(), race._id)).toMatchObject({ totalRegistrationCount: 0, placesLeft: 5 });

    await app().payments.worker.sweep();
    expect(refundsOf(paymentIntent)).toEqual([1501]);
    const refundMail = (await mailsTo(paid.current, runner!.user.email)).find((mail) =>
      mail.subject.startsWith('Refund'),
    );
    expect(refundMail?.subject).toBe('Refund: Pier Run');
    expect(refundMail?.text).toContain('€15.01');
    expect(await revenueOf(race._id)).toMatchObject({ paid: 4550, refunded: 1501, net: 3049 });

    const again = await withdraw(runner!, entry._id);
    expect(again.statusCode).toBe(409);
  });

  it('after the policy’s deadline: nothing back, the entry kept as cancelled with its payment', async () => {
    const race = await newPaidRace({ refundPolicy: { percent: 50, until: fromNow(-HOUR_MS) } });
    const [runner] = await runners(1);
    const { entry, paymentIntent } = await paidEntry(race._id, runner!);

    const answer = await withdraw(runner!, entry._id);

    expect(answer.json()).toMatchObject({ refundAmount: 0 });
    expect(await entryOf(runner!, entry._id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      amountPaid: 4500,
      amountRefunded: 0,
    });
    await app().payments.worker.sweep();
    expect(refundsOf(paymentIntent)).toEqual([]);
    const subjects = (await mailsTo(paid.current, runner!.user.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Refund'))).toEqual([]);
  });

  it('yen: 33 % of ¥4,500 back is ¥1,485', async () => {
    const race = await newPaidRace({
      currency: 'JPY',
      entryFee: 4500,
      refundPolicy: { percent: 33, until: null },
    });
    const [runner] = await runners(1);
    const { entry, paymentIntent } = await paidEntry(race._id, runner!);

    expect((await withdraw(runner!, entry._id)).json()).toMatchObject({ refundAmount: 1485 });
    await app().payments.worker.sweep();
    expect(refundsOf(paymentIntent)).toEqual([1485]);
    const refundMail = (await mailsTo(paid.current, runner!.user.email)).find((mail) =>
      mail.subject.startsWith('Refund'),
    );
    expect(refundMail?.text).toContain('¥1,485');
  });

  it('an entry without money on it leaves as before: a hold, or an on-site fee not yet paid', async () => {
    const race = await newPaidRace({ capacity: 5, refundPolicy: { percent: 100, until: null } });
    const [holder, atDesk] = await runners(2);
    const hold = await register(app(), holder!, race._id, { paymentMethod: 'online' });
    const due = await register(app(), atDesk!, race._id, { paymentMethod: 'on_site' });

    expect((await withdraw(holder!, hold._id)).json()).toMatchObject({ refundAmount: 0 });
    expect((await withdraw(atDesk!, due._id)).json()).toMatchObject({ refundAmount: 0 });

    expect(await entryOf(holder!, hold._id)).toBeUndefined();
    expect(await entryOf(atDesk!, due._id)).toBeUndefined();
    expect(await getMarathon(app(), race._id)).toMatchObject({
      totalRegistrationCount: 0,
      pendingCount: 0,
      placesLeft: 5,
    });
  });

  it('paid on site: the refund is owed until the organizer records it paid back', async () => {
    const race = await newPaidRace({ refundPolicy: { percent: 100, until: null } });
    const [runner] = await runners(1);
    const entry = await paidOnSite(race._id, runner!);

    expect((await withdraw(runner!, entry._id)).json()).toMatchObject({ refundAmount: 4500 });
    expect(await entryOf(runner!, entry._id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_due',
      amountPaid: 4500,
      amountRefunded: 0,
    });
    expect(await revenueOf(race._id)).toMatchObject({ paid: 4500, refunded: 0, refundsDue: 4500 });

    const recorded = await recordPayment(race._id, entry._id, 'refunded');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 4500 });
    expect(await revenueOf(race._id)).toMatchObject({ paid: 4500, refunded: 4500, net: 0, refundsDue: 0 });
    expect((await recordPayment(race._id, entry._id, 'refunded')).statusCode).toBe(409);
  });
});

describe('the organizer cancels', () => {
  it('refunds in full whatever the policy; the place goes to the first in line', async () => {
    const race = await newPaidRace({
      title: 'Canal Classic',
      capacity: 1,
      refundPolicy: { percent: 0, until: null },
    });
    const [runner, queued] = await runners(2);
    const { entry, paymentIntent } = await paidEntry(race._id, runner!);
    const inLine = await register(app(), queued!, race._id, { paymentMethod: 'on_site', waitlist: true });

    expect((await cancelAsOrganizer(race._id, entry._id, stranger)).statusCode).toBe(403);
    const answer = await cancelAsOrganizer(race._id, entry._id);

    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ refundAmount: 4500 });
    expect(await entryOf(runner!, entry._id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      amountRefunded: 4500,
    });
    expect(await entryOf(queued!, inLine._id)).toMatchObject({ status: 'registered', bib: 2 });
    await app().payments.worker.sweep();
    expect(refundsOf(paymentIntent)).toEqual([4500]);
    const subjects = (await mailsTo(paid.current, runner!.user.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Registration cancelled: Canal Classic', 'Refund: Canal Classic']),
    );
  });
});

describe('deleting a race with money on it', () => {
  it('refunds every online payment in full, what was refunded already excepted', async () => {
    const race = await newPaidRace({ title: 'Last Stand 10K', refundPolicy: { percent: 50, until: null } });
    const [kept, withdrawn] = await runners(2);
    const first = await paidEntry(race._id, kept!);
    const second = await paidEntry(race._id, withdrawn!);
    expect((await withdraw(withdrawn!, second.entry._id)).json()).toMatchObject({ refundAmount: 2250 });

    const answer = await deleteRace(race._id);

    expect(answer.statusCode, answer.body).toBe(200);
    expect(await getMarathon(app(), race._id)).toBeNull();
    await app().payments.worker.sweep();
    expect(refundsOf(first.paymentIntent)).toEqual([4500]);
    expect(refundsOf(second.paymentIntent).sort()).toEqual([2250, 2250]);
    const subjects = (await mailsTo(paid.current, kept!.user.email)).map((mail) => mail.subject);
    expect(subjects).toContain('Refund: Last Stand 10K');
  });

  it('with on-site money not refunded: 409 until the organizer has paid it back', async () => {
    const race = await newPaidRace();
    const [payer, owing] = await runners(2);
    const collected = await paidOnSite(race._id, payer!);
    // A fee not collected yet is no money held.
    await register(app(), owing!, race._id, { paymentMethod: 'on_site' });

    const refused = await deleteRace(race._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.refundOnSiteFirst);
    expect(await getMarathon(app(), race._id)).not.toBeNull();

    expect((await cancelAsOrganizer(race._id, collected._id)).json()).toMatchObject({ refundAmount: 4500 });
    expect((await deleteRace(race._id)).statusCode).toBe(409);

    expect((await recordPayment(race._id, collected._id, 'refunded')).statusCode).toBe(200);
    expect((await deleteRace(race._id)).statusCode).toBe(200);
  });
});

describe('the race’s revenue', () => {
  it('sums the money received, given back, still due and still owed back', async () => {
    const race = await newPaidRace({ refundPolicy: { percent: 50, until: null } });
    const [online, withdrawn, cancelled, due, holding] = await runners(5);
    await paidEntry(race._id, online!);
    const left = await paidEntry(race._id, withdrawn!);
    await withdraw(withdrawn!, left.entry._id);
    const atDesk = await paidOnSite(race._id, cancelled!);
    await cancelAsOrganizer(race._id, atDesk._id);
    await register(app(), due!, race._id, { paymentMethod: 'on_site' });
    await register(app(), holding!, race._id, { paymentMethod: 'online' });

    expect(await revenueOf(race._id)).toEqual({
      currency: 'EUR',
      paid: 13_500,
      refunded: 2250,
      net: 11_250,
      due: 4500,
      refundsDue: 4500,
    });
  });
});
