import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALLOT_ALGORITHM,
  BALLOT_MESSAGES,
  type Ballot,
  type Marathon,
  type Registration,
} from '@stride/shared';
import { rowsOf } from '../../db/client.js';
import { recomputeDraw, sha256Hex } from '../../testing/ballot-recompute.js';
import {
  type Actor,
  DAY_MS,
  createMarathon,
  errorFields,
  findCountMismatches,
  fromNow,
  getMarathon,
  insertSignedInUsers,
  marathonInput,
  registrationInput,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, type TestApp, bearerHeaders, buildTestApp, signUp } from '../../testing/test-app.js';

const main = useTestApp();
let organizer: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  [organizer, stranger] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
});

const inject = (options: InjectOptions, app = main.current.app) => app.inject(options);
const enter = (actor: Actor, marathonId: string, body: object = {}) =>
  inject({
    method: 'POST',
    url: '/api/registrations',
    headers: bearerHeaders(actor.token),
    payload: { ...registrationInput(marathonId), ...body },
  });
const changeRace = (id: string, payload: object) =>
  inject({ method: 'PATCH', url: `/api/marathons/${id}`, headers: bearerHeaders(organizer.token), payload });
const ballotOf = async (id: string): Promise<Ballot> =>
  (await inject({ method: 'GET', url: `/api/marathons/${id}/ballot` })).json();
const draw = (id: string, actor: Actor = organizer) =>
  inject({ method: 'POST', url: `/api/marathons/${id}/ballot/draw`, headers: bearerHeaders(actor.token) });

/** A ballot race open for entries, drawn a day after its window closes. */
const ballotRace = (overrides: object = {}) =>
  createMarathon(main.current.app, organizer, {
    entryMode: 'ballot',
    ballotDrawAt: fromNow(3 * DAY_MS),
    ...overrides,
  });

/** Closes the race's entry window a moment ago (the draw date stays ahead, or is `drawAt`). */
const closeWindow = async (id: string, drawAt?: string) => {
  const response = await changeRace(id, {
    endRegDate: fromNow(-2_000),
    ...(drawAt && { ballotDrawAt: drawAt }),
  });
  expect(response.statusCode, response.body).toBe(200);
};

async function enterMany(raceId: string, count: number) {
  const runners = await insertSignedInUsers(main.current, count);
  const entries: Registration[] = [];
  for (const runner of runners) {
    const response = await enter(runner, raceId, { waitlist: true });
    expect(response.statusCode, response.body).toBe(201);
    entries.push(response.json());
  }
  return { runners, entries };
}

/** The race's entries as stored, by id. */
async function storedEntries(raceId: string) {
  const rows = rowsOf<{ id: string; status: string; bib: number | null; waitlist_seq: string | null }>(
    await main.current.database.db.execute(
      sql`select id, status, bib, waitlist_seq from registrations where marathon_id = ${raceId}`,
    ),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

async function mailsOf(raceId: string, kind: string) {
  return rowsOf<{ recipient: string; payload: Record<string, unknown> }>(
    await main.current.database.db.execute(sql`
      select recipient, payload from mail_outbox
      where payload->>'kind' = ${kind} and payload->'race'->>'id' = ${raceId}`),
  );
}

const csvOf = async (id: string) => inject({ method: 'GET', url: `/api/marathons/${id}/ballot/entries.csv` });

describe('a ballot race (issue 35)', () => {
  it('needs a draw date after its window closes and not after the race starts', async () => {
    const post = (body: object) =>
      inject({
        method: 'POST',
        url: '/api/add-marathon',
        headers: bearerHeaders(organizer.token),
        payload: { ...marathonInput(), entryMode: 'ballot', ...body },
      });
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(errorFields(missing)).toEqual(['ballotDrawAt']);
    expect(missing.json().errors[0].message).toBe('Ballot Draw Date is required for entry by ballot');

    const early = await post({ ballotDrawAt: fromNow(DAY_MS) });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].message).toBe('Ballot Draw Date must be after the End Registration Date');

    const late = await post({ ballotDrawAt: fromNow(60 * DAY_MS) });
    expect(late.statusCode).toBe(400);
    expect(errorFields(late)).toEqual(['ballotDrawAt']);
  });

  it('is first come by default, with no draw date', async () => {
    const race = await createMarathon(main.current.app, organizer);
    expect(race).toMatchObject({
      entryMode: 'first_come',
      ballotDrawAt: null,
      ballotCount: 0,
      ballotDrawnAt: null,
    });
    expect(await ballotOf(race._id)).toMatchObject({
      entryMode: 'first_come',
      entries: 0,
      seedCommitment: null,
    });
  });

  it('takes entries into its ballot: no bib, no place, counted apart; one per runner; waitlist ignored', async () => {
    const race = await ballotRace({ capacity: 2 });
    const { runners, entries } = await enterMany(race._id, 3);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        status: 'ballot',
        bib: null,
        waitlistPosition: null,
        holdExpiresAt: null,
        ballotDrawAt: race.ballotDrawAt,
        ballot: null,
      });
    }
    expect(await getMarathon(main.current.app, race._id)).toMatchObject({
      ballotCount: 3,
      totalRegistrationCount: 0,
      waitlistCount: 0,
      placesLeft: 2,
    });
    const again = await enter(runners[0]!, race._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already registered for this marathon.');
    const mails = await mailsOf(race._id, 'ballot-entered');
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(
      runners.map((runner) => runner.user.email).sort(),
    );
    expect(mails[0]!.payload.ballotDrawAt).toBe(race.ballotDrawAt);
    expect(await findCountMismatches(main.current.database.db)).toEqual([]);
  });

  it('lets a runner withdraw from the ballot before the draw', async () => {
    const race = await ballotRace();
    const { runners, entries } = await enterMany(race._id, 2);
    const response = await inject({
      method: 'DELETE',
      url: `/api/registrations/${entries[0]!._id}`,
      headers: bearerHeaders(runners[0]!.token),
    });
    expect(response.statusCode).toBe(200);
    expect((await getMarathon(main.current.app, race._id))!.ballotCount).toBe(1);
    expect((await storedEntries(race._id)).has(entries[0]!._id)).toBe(false);
  });

  it('cannot change its entry mode once runners have entered', async () => {
    const race = await ballotRace();
    await enterMany(race._id, 1);
    const response = await changeRace(race._id, { entryMode: 'first_come' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BALLOT_MESSAGES.modeLocked);
    const empty = await ballotRace();
    expect((await changeRace(empty._id, { entryMode: 'first_come' })).statusCode).toBe(200);
    expect(await getMarathon(main.current.app, empty._id)).toMatchObject({
      entryMode: 'first_come',
      ballotDrawAt: null,
    });
  });

  it('publishes the commitment when the window closes and refuses an early draw before it', async () => {
    const race = await ballotRace();
    await enterMany(race._id, 2);
    const open = await ballotOf(race._id);
    expect(open).toMatchObject({
      entries: 2,
      seedCommitment: null,
      seed: null,
      drawnAt: null,
      winners: null,
    });
    const early = await draw(race._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BALLOT_MESSAGES.notClosed);
    expect((await csvOf(race._id)).statusCode).toBe(409);

    await closeWindow(race._id);
    const closed = await ballotOf(race._id);
    expect(closed.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(closed.seed).toBeNull();
    expect((await draw(race._id, stranger)).statusCode).toBe(403);
    expect((await ballotOf(race._id)).drawnAt).toBeNull();
  });

  it('draws once: winners = places in drawn order, the rest in line, the record recomputable', async () => {
    const race = await ballotRace({ capacity: 5 });
    const { runners, entries } = await enterMany(race._id, 12);
    await closeWindow(race._id);
    const { seedCommitment } = await ballotOf(race._id);

    const response = await draw(race._id);
    expect(response.statusCode, response.body).toBe(200);
    const record: Ballot = response.json();
    expect(record).toMatchObject({
      entries: 12,
      places: 5,
      winners: 5,
      seedCommitment,
      algorithm: BALLOT_ALGORITHM,
    });
    expect(await sha256Hex(record.seed!)).toBe(seedCommitment);

    const order = await recomputeDraw(
      entries.map((entry) => entry._id),
      record.seed!,
    );
    const csv = await csvOf(race._id);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('position,entryId,outcome');
    expect(lines.slice(1)).toEqual(
      order.map((id, index) => `${index + 1},${id},${index < 5 ? 'won' : 'waitlisted'}`),
    );

    const stored = await storedEntries(race._id);
    expect(order.slice(0, 5).map((id) => stored.get(id)!.bib)).toEqual([1, 2, 3, 4, 5]);
    expect(order.slice(0, 5).every((id) => stored.get(id)!.status === 'registered')).toBe(true);
    const line = order.slice(5).map((id) => stored.get(id)!);
    expect(line.every((entry) => entry.status === 'waitlisted')).toBe(true);
    expect(line.map((entry) => Number(entry.waitlist_seq))).toEqual(
      [...line.map((entry) => Number(entry.waitlist_seq))].sort((a, b) => a - b),
    );

    const after: Marathon = (await getMarathon(main.current.app, race._id))!;
    expect(after).toMatchObject({
      totalRegistrationCount: 5,
      waitlistCount: 7,
      placesLeft: 0,
      ballotCount: 12,
    });
    expect(after.ballotDrawnAt).toBe(record.drawnAt);

    // Each runner sees their drawn position; the line's own position follows the draw.
    const runnerOf = new Map(entries.map((entry, index) => [entry._id, runners[index]!]));
    const seventh = order[6]!;
    const own = await inject({
      method: 'GET',
      url: `/api/registrations/${seventh}`,
      headers: bearerHeaders(runnerOf.get(seventh)!.token),
    });
    expect(own.json()).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 2,
      ballot: { position: 7, outcome: 'waitlisted' },
      checkinCode: null,
    });
    // A winner's entry gets its race pass's code with its place.
    const winner = await inject({
      method: 'GET',
      url: `/api/registrations/${order[0]}`,
      headers: bearerHeaders(runnerOf.get(order[0]!)!.token),
    });
    expect(winner.json()).toMatchObject({
      status: 'registered',
      bib: 1,
      ballot: { position: 1, outcome: 'won' },
      checkinCode: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    const mails = await mailsOf(race._id, 'ballot-drawn');
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((mail) => mail.recipient)).size).toBe(12);
    const firstMail = mails.find((mail) => (mail.payload.registration as { id: string }).id === order[0])!;
    expect(firstMail.payload).toMatchObject({
      outcome: 'won',
      position: 1,
      entries: 12,
      waitlistPosition: null,
      registration: { checkinCode: winner.json().checkinCode },
    });

    const again = await draw(race._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BALLOT_MESSAGES.alreadyDrawn);
    expect(await mailsOf(race._id, 'ballot-drawn')).toHaveLength(12);
    expect(await findCountMismatches(main.current.database.db)).toEqual([]);
  });

  it('gives every entrant a place in a race without a limit', async () => {
    const race = await ballotRace();
    await enterMany(race._id, 3);
    await closeWindow(race._id);
    expect((await draw(race._id)).json()).toMatchObject({ winners: 3, places: null });
    expect(await getMarathon(main.current.app, race._id)).toMatchObject({
      totalRegistrationCount: 3,
      waitlistCount: 0,
    });
  });

  it('draws an empty ballot', async () => {
    const race = await ballotRace({ capacity: 3 });
    await closeWindow(race._id);
    expect((await draw(race._id)).json()).toMatchObject({ entries: 0, winners: 0 });
  });
});

describe('the draw at its time (issue 35)', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await buildTestApp({ database: main.current.database });
  });
  afterAll(() => second?.close());

  it('runs exactly once with two processes sweeping at once, and not again after a restart', async () => {
    const race = await ballotRace({ capacity: 4 });
    await enterMany(race._id, 9);
    // The window closed and the draw time passed while no process swept.
    await closeWindow(race._id, fromNow(-1_000));

    const drawn = await Promise.all([
      main.current.app.ballot.worker.sweep(),
      second.app.ballot.worker.sweep(),
    ]);
    expect(drawn).toHaveLength(2);
    const record = await ballotOf(race._id);
    expect(record).toMatchObject({ winners: 4, entries: 9 });
    expect(record.drawnAt).not.toBeNull();
    expect(await mailsOf(race._id, 'ballot-drawn')).toHaveLength(9);

    // A process started after the draw time finds it done.
    await second.close();
    second = await buildTestApp({ database: main.current.database });
    await second.app.ballot.worker.sweep();
    expect(await ballotOf(race._id)).toEqual(record);
    expect(await mailsOf(race._id, 'ballot-drawn')).toHaveLength(9);
    expect((await csvOf(race._id)).body.trim().split('\r\n')).toHaveLength(10);
    expect(await findCountMismatches(main.current.database.db)).toEqual([]);
  });

  it('leaves a ballot whose time has not come', async () => {
    const race = await ballotRace();
    await enterMany(race._id, 2);
    await closeWindow(race._id);
    await main.current.app.ballot.worker.sweep();
    expect((await ballotOf(race._id)).drawnAt).toBeNull();
  });
});
