import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Registration, TRANSFER_MESSAGES, type Transfer } from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import {
  type Actor,
  DAY_MS,
  createMarathon,
  errorFields,
  findCountMismatches,
  fromNow,
  marathonInput,
  registrationInput,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';

const main = useTestApp();
let organizer: SignedIn;
beforeAll(async () => {
  organizer = await signUp(main.current.app);
});

const inject = (options: InjectOptions) => main.current.app.inject(options);
const as = (actor: Actor) => bearerHeaders(actor.token);
const offer = (actor: Actor, registrationId: string, email: string) =>
  inject({
    method: 'POST',
    url: `/api/registrations/${registrationId}/transfer`,
    headers: as(actor),
    payload: { email },
  });
const withdrawOffer = (actor: Actor, registrationId: string) =>
  inject({ method: 'DELETE', url: `/api/registrations/${registrationId}/transfer`, headers: as(actor) });
const openOffer = (actor: Actor | null, token: string) =>
  inject({ method: 'GET', url: `/api/transfers/${token}`, ...(actor && { headers: as(actor) }) });
const accept = (actor: Actor, token: string, body: object = {}) =>
  inject({
    method: 'POST',
    url: `/api/transfers/${token}/accept`,
    headers: as(actor),
    payload: { firstName: 'Grace', lastName: 'Hopper', contact: '+44 20 7946 0018', ...body },
  });

/** A race that allows transfers until a week before it starts (the race is a month ahead). */
const transferableRace = (overrides: object = {}) =>
  createMarathon(main.current.app, organizer, { transfersUntil: fromNow(20 * DAY_MS), ...overrides });

async function registeredRunner(raceId: string, details: object = {}) {
  const runner = await signUp(main.current.app);
  const response = await inject({
    method: 'POST',
    url: '/api/registrations',
    headers: as(runner),
    payload: registrationInput(raceId, details),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { runner, entry: response.json() as Registration };
}

/** The token of the last offer mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const [row] = rowsOf<{ token: string }>(
    await main.current.database.db.execute(sql`
      select payload->>'token' as token from mail_outbox
      where recipient = ${email} and payload->>'kind' = 'transfer-offered' order by created_at desc limit 1`),
  );
  return row!.token;
}

async function mailKindsTo(email: string) {
  const rows = rowsOf<{ kind: string }>(
    await main.current.database.db.execute(
      sql`select payload->>'kind' as kind from mail_outbox where recipient = ${email} order by id`,
    ),
  );
  return rows.map((row) => row.kind);
}

async function offered(raceOverrides: object = {}, senderDetails: object = {}) {
  const race = await transferableRace(raceOverrides);
  const { runner, entry } = await registeredRunner(race._id, senderDetails);
  const receiver = await signUp(main.current.app);
  const response = await offer(runner, entry._id, receiver.user.email.toUpperCase());
  expect(response.statusCode, response.body).toBe(201);
  return {
    race,
    runner,
    entry,
    receiver,
    transfer: response.json() as Transfer,
    token: await mailedToken(receiver.user.email),
  };
}

describe('offering a place (issue 35)', () => {
  it('answers 201 with the offer, lasting 7 days or until the deadline, and mails the receiver a link', async () => {
    const { race, entry, receiver, transfer, token } = await offered();
    expect(transfer).toMatchObject({
      registrationId: entry._id,
      marathonId: race._id,
      toEmail: receiver.user.email,
      status: 'offered',
    });
    const days = (Date.parse(transfer.expiresAt) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(token.length).toBeGreaterThanOrEqual(32);

    const soon = await transferableRace({ transfersUntil: fromNow(2 * DAY_MS) });
    const { runner, entry: soonEntry } = await registeredRunner(soon._id);
    const short = (await offer(runner, soonEntry._id, 'friend@example.com')).json();
    expect(short.expiresAt).toBe(soon.transfersUntil);
  });

  it('shows the open offer on the runner’s entry', async () => {
    const { runner, entry, transfer } = await offered();
    const own = await inject({ method: 'GET', url: `/api/registrations/${entry._id}`, headers: as(runner) });
    expect(own.json().transfer).toEqual(transfer);
    expect(own.json().transfersUntil).not.toBeNull();
  });

  it('refuses a race without transfers, after the deadline, a place not held, another’s entry', async () => {
    const closedRace = await createMarathon(main.current.app, organizer);
    const { runner, entry } = await registeredRunner(closedRace._id);
    const none = await offer(runner, entry._id, 'friend@example.com');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(TRANSFER_MESSAGES.notAllowed);

    const race = await transferableRace();
    const holder = await registeredRunner(race._id);
    await main.current.database.db.execute(
      sql`update marathons set transfers_until = now() - interval '1 minute' where id = ${race._id}`,
    );
    const late = await offer(holder.runner, holder.entry._id, 'friend@example.com');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TRANSFER_MESSAGES.closed);

    const full = await transferableRace({ capacity: 1 });
    await registeredRunner(full._id);
    const waiting = await signUp(main.current.app);
    const lined = await inject({
      method: 'POST',
      url: '/api/registrations',
      headers: as(waiting),
      payload: { ...registrationInput(full._id), waitlist: true },
    });
    const notHeld = await offer(waiting, lined.json()._id, 'friend@example.com');
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().message).toBe(TRANSFER_MESSAGES.notRegistered);

    const other = await offer(organizer, holder.entry._id, 'friend@example.com');
    expect(other.statusCode).toBe(403);
    expect((await offer(runner, randomUUID(), 'friend@example.com')).statusCode).toBe(404);
  });

  it('refuses a bad address, one’s own, and a second open offer', async () => {
    const race = await transferableRace();
    const { runner, entry } = await registeredRunner(race._id);
    const bad = await offer(runner, entry._id, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad)).toEqual(['email']);
    const self = await offer(runner, entry._id, runner.user.email);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toContain(TRANSFER_MESSAGES.toSelf);
    expect((await offer(runner, entry._id, 'first@example.com')).statusCode).toBe(201);
    const second = await offer(runner, entry._id, 'second@example.com');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(TRANSFER_MESSAGES.offerOpen);
  });

  it('refuses a runner who has checked in', async () => {
    const race = await transferableRace();
    const { runner, entry } = await registeredRunner(race._id);
    const scan = await inject({
      method: 'POST',
      url: `/api/marathons/${race._id}/checkins`,
      headers: as(organizer),
      payload: { scans: [{ scanId: randomUUID(), registrationId: entry._id }] },
    });
    expect(scan.json().results[0].result).toBe('checked_in');
    const response = await offer(runner, entry._id, 'friend@example.com');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TRANSFER_MESSAGES.checkedIn);
  });

  it('withdraws an open offer, whose link then answers 410', async () => {
    const { runner, entry, receiver, token } = await offered();
    const response = await withdrawOffer(runner, entry._id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(TRANSFER_MESSAGES.withdrawn);
    expect((await withdrawOffer(runner, entry._id)).statusCode).toBe(404);
    const link = await openOffer(receiver, token);
    expect(link.statusCode).toBe(410);
    expect(link.json().message).toBe('This transfer is no longer available');
    expect((await offer(runner, entry._id, 'another@example.com')).statusCode).toBe(201);
  });
});

describe('taking a place (issue 35)', () => {
  it('shows the offer to its receiver only', async () => {
    const { race, runner, receiver, token } = await offered();
    const seen = await openOffer(receiver, token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      fromName: 'Ada Runner',
      marathon: { _id: race._id, title: race.title },
    });
    expect((await openOffer(runner, token)).statusCode).toBe(404);
    expect((await openOffer(await signUp(main.current.app), token)).statusCode).toBe(404);
    expect((await openOffer(receiver, 'no-such-token')).statusCode).toBe(404);
    expect((await openOffer(null, token)).statusCode).toBe(401);
  });

  it('hands the entry over in one go: same id, bib and place; new details and check-in code; both mailed', async () => {
    const { race, runner, entry, receiver, token } = await offered();
    const before = (
      await inject({ method: 'GET', url: `/api/registrations/${entry._id}`, headers: as(runner) })
    ).json() as Registration;

    const response = await accept(receiver, token);
    expect(response.statusCode, response.body).toBe(200);
    const taken: Registration = response.json();
    expect(taken).toMatchObject({
      _id: entry._id,
      bib: before.bib,
      status: 'registered',
      email: receiver.user.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      transfer: null,
    });
    expect(taken.checkinCode).toMatch(/^[0-9a-f]{32}$/);
    expect(taken.checkinCode).not.toBe(before.checkinCode);

    const senderView = await inject({
      method: 'GET',
      url: `/api/registrations/${entry._id}`,
      headers: as(runner),
    });
    expect(senderView.statusCode).toBe(403);
    expect(await mailKindsTo(runner.user.email)).toContain('transfer-completed');
    expect((await mailKindsTo(receiver.user.email)).sort()).toEqual([
      'transfer-offered',
      'transfer-received',
    ]);

    // The sender's pass checks nobody in; the receiver's does.
    const scan = (code: string) =>
      inject({
        method: 'POST',
        url: `/api/marathons/${race._id}/checkins`,
        headers: as(organizer),
        payload: { scans: [{ scanId: randomUUID(), code }] },
      });
    expect((await scan(before.checkinCode!)).json().results[0].result).toBe('unknown');
    expect((await scan(taken.checkinCode!)).json().results[0].result).toBe('checked_in');

    const desk = await inject({
      method: 'GET',
      url: `/api/marathons/${race._id}/participants?q=Hopper`,
      headers: as(organizer),
    });
    expect(desk.json()[0].transferredFrom).toEqual([
      { name: 'Ada Runner', email: runner.user.email, at: expect.any(String) },
    ]);

    const again = await accept(receiver, token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This transfer is no longer available');
    expect(await findCountMismatches(main.current.database.db)).toEqual([]);
  });

  it('refuses a receiver already entered in the race, and changes nothing', async () => {
    const { race, runner, entry, token } = await offered();
    const { runner: entered } = await registeredRunner(race._id);
    // The offer went to someone else's address: the entered runner cannot see it.
    expect((await accept(entered, token)).statusCode).toBe(404);

    const second = await registeredRunner(race._id);
    const response = await offer(runner, entry._id, second.runner.user.email);
    expect(response.statusCode).toBe(409); // the first offer is still open
    await withdrawOffer(runner, entry._id);
    expect((await offer(runner, entry._id, second.runner.user.email)).statusCode).toBe(201);
    const refused = await accept(second.runner, await mailedToken(second.runner.user.email));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TRANSFER_MESSAGES.alreadyEntered);
    const own = await inject({ method: 'GET', url: `/api/registrations/${entry._id}`, headers: as(runner) });
    expect(own.json()).toMatchObject({ firstName: 'Ada', status: 'registered' });
  });

  it('answers 410 once the offer has expired; the place can then be offered again', async () => {
    const { runner, entry, receiver, transfer, token } = await offered();
    await main.current.database.db.execute(
      sql`update transfers set expires_at = now() - interval '1 second' where id = ${transfer._id}`,
    );
    expect((await openOffer(receiver, token)).statusCode).toBe(410);
    const response = await accept(receiver, token);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe('This transfer is no longer available');
    const own = await inject({ method: 'GET', url: `/api/registrations/${entry._id}`, headers: as(runner) });
    expect(own.json().transfer).toBeNull();
    const again = await offer(runner, entry._id, receiver.user.email);
    expect(again.statusCode, again.body).toBe(201);
    expect((await openOffer(receiver, await mailedToken(receiver.user.email))).statusCode).toBe(200);
  });

  it('asks the receiver what the race’s form asks (400), and keeps the entry as it was', async () => {
    const { runner, entry, receiver, token } = await offered(
      { registrationFields: { dateOfBirth: 'required' } },
      { dateOfBirth: '1980-02-03' },
    );
    const response = await accept(receiver, token);
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toContain('dateOfBirth');
    const own = await inject({ method: 'GET', url: `/api/registrations/${entry._id}`, headers: as(runner) });
    expect(own.statusCode).toBe(200);
    expect((await accept(receiver, token, { dateOfBirth: '1990-05-17' })).statusCode).toBe(200);
  });

  it('keeps the deadline within the race: not after it starts', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/add-marathon',
      headers: as(organizer),
      payload: { ...marathonInput(), transfersUntil: fromNow(90 * DAY_MS) },
    });
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(['transfersUntil']);
  });
});
