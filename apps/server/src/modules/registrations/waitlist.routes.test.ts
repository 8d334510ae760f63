import { FREE_ENTRY } from './entry-payment.js';
import { NO_ENTRY_DETAILS } from '../../testing/entry-form-fixtures.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Marathon, Registration } from '@stride/shared';
import { mailOutbox, marathons, registrations } from '../../db/schema/index.js';
import {
  FREE_ENTRY_PAYMENT,
  NO_BALLOT_OR_TRANSFER,
  type Actor,
  countBackendsWaitingOnLocks,
  createMarathon,
  errorFields,
  findCountMismatches,
  findMyRegistrations,
  getMarathon,
  insertSignedInUsers,
  marathonInput,
  registrationInput,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';
import { createRaceEntryRepository } from './race-entry.repository.js';

const main = useTestApp();
let organizer: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  [organizer, stranger] = await Promise.all([signUp(main.current.app), signUp(main.current.app)]);
});

const inject = (options: InjectOptions) => main.current.app.inject(options);
const enter = (actor: Actor, marathonId: string, body: object = {}) =>
  inject({
    method: 'POST',
    url: '/api/registrations',
    headers: bearerHeaders(actor.token),
    payload: { ...registrationInput(marathonId), ...body },
  });
const withdraw = (actor: Actor, registrationId: string) =>
  inject({
    method: 'DELETE',
    url: `/api/registrations/${registrationId}`,
    headers: bearerHeaders(actor.token),
  });
const changeRace = (id: string, payload: object, actor: Actor = organizer) =>
  inject({ method: 'PATCH', url: `/api/marathons/${id}`, headers: bearerHeaders(actor.token), payload });

const newRace = (capacity: number | null) => createMarathon(main.current.app, organizer, { capacity });

/** `count` signed-in runners, entered one after another (so their order in line is known). */
async function enterInTurn(marathonId: string, count: number) {
  const runners = await insertSignedInUsers(main.current, count);
  const entries: Registration[] = [];
  for (const runner of runners) {
    const response = await enter(runner, marathonId, { waitlist: true });
    expect(response.statusCode, response.body).toBe(201);
    entries.push(response.json());
  }
  return { runners, entries };
}

/** The race's entries as stored: who holds which bib, and the line in order (position = index + 1). */
async function entriesOf(marathonId: string) {
  const rows = await main.current.database.db
    .select({ id: registrations.id, status: registrations.status, bib: registrations.bib })
    .from(registrations)
    .where(eq(registrations.marathonId, marathonId))
    .orderBy(asc(registrations.bib), asc(registrations.waitlistSeq));
  return {
    bibs: rows.filter((row) => row.status === 'registered').map((row) => row.bib!),
    registeredIds: rows.filter((row) => row.status === 'registered').map((row) => row.id),
    line: rows.filter((row) => row.status === 'waitlisted').map((row) => row.id),
  };
}

/** The race's counters as the API shows them. */
async function countersOf(marathonId: string) {
  const race = (await getMarathon(main.current.app, marathonId))!;
  const { totalRegistrationCount, capacity, placesLeft, waitlistCount } = race;
  return { totalRegistrationCount, capacity, placesLeft, waitlistCount };
}

/** The "A place opened up" mails queued for the race, by registration id. */
async function promotionMailsOf(marathonId: string) {
  const rows = await main.current.database.db
    .select({
      recipient: mailOutbox.recipient,
      registrationId: sql<string>`${mailOutbox.payload}->'registration'->>'id'`,
    })
    .from(mailOutbox)
    .where(
      and(
        sql`${mailOutbox.payload}->>'kind' = 'registration-promoted'`,
        sql`${mailOutbox.payload}->'race'->>'id' = ${marathonId}`,
      ),
    );
  return rows;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n);

describe('capacity on add and update', () => {
  it.each([0, -1, 100_001, 1.5, '10', true])(
    'refuses %j with a message naming the Participant Limit',
    async (capacity) => {
      const before = await main.current.database.db.$count(marathons);

      const response = await inject({
        method: 'POST',
        url: '/api/add-marathon',
        headers: bearerHeaders(organizer.token),
        payload: { ...marathonInput(), capacity },
      });

      expect(response.statusCode).toBe(400);
      expect(errorFields(response)).toEqual(['capacity']);
      expect(response.json().errors).toEqual([
        {
          field: 'capacity',
          message: 'Participant Limit must be a whole number from 1 to 100000, or empty for no limit',
        },
      ]);
      expect(await main.current.database.db.$count(marathons)).toBe(before);
    },
  );

  it('takes 1 to 100,000 or null (no limit, the default) and reports places left and the waitlist', async () => {
    const unlimited = await createMarathon(main.current.app, organizer);
    const smallest = await newRace(1);
    const largest = await newRace(100_000);

    expect(unlimited).toMatchObject({ capacity: null, placesLeft: null, waitlistCount: 0 });
    expect(smallest).toMatchObject({ capacity: 1, placesLeft: 1, waitlistCount: 0 });
    expect(largest).toMatchObject({ capacity: 100_000, placesLeft: 100_000, waitlistCount: 0 });
  });

  it('refuses a limit below the runners already registered with a 409, and changes nothing', async () => {
    const race = await newRace(10);
    await enterInTurn(race._id, 3);

    const response = await changeRace(race._id, { capacity: 2, title: 'Renamed' });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Participant Limit cannot be lower than the 3 runners already registered',
    );
    expect(await getMarathon(main.current.app, race._id)).toMatchObject({ title: race.title, capacity: 10 });
    const exact = await changeRace(race._id, { capacity: 3 });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().marathon).toMatchObject({ capacity: 3, placesLeft: 0, totalRegistrationCount: 3 });
  });

  it('refuses a bad limit on update with a 400 and leaves the race as it was', async () => {
    const race = await newRace(5);

    const response = await changeRace(race._id, { capacity: 0 });

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(['capacity']);
    expect(await countersOf(race._id)).toMatchObject({ capacity: 5 });
  });

  it("lets only the race's organizer change its limit", async () => {
    const race = await newRace(5);

    const response = await changeRace(race._id, { capacity: 50 }, stranger);

    expect(response.statusCode).toBe(403);
    expect(await countersOf(race._id)).toMatchObject({ capacity: 5 });
  });
});

describe('registering for a limited race', () => {
  it('gives bibs in order and counts places left', async () => {
    const race = await newRace(3);

    const { entries } = await enterInTurn(race._id, 2);

    expect(entries.map(({ status, bib, waitlistPosition }) => ({ status, bib, waitlistPosition }))).toEqual([
      { status: 'registered', bib: 1, waitlistPosition: null },
      { status: 'registered', bib: 2, waitlistPosition: null },
    ]);
    expect(await countersOf(race._id)).toEqual({
      totalRegistrationCount: 2,
      capacity: 3,
      placesLeft: 1,
      waitlistCount: 0,
    });
  });

  it('answers a full race with 409 "This marathon is full" and stores nothing, unless asked for the waitlist', async () => {
    const race = await newRace(1);
    await enterInTurn(race._id, 1);
    const [late] = await insertSignedInUsers(main.current, 1);

    const refused = await enter(late!, race._id);
    const refusedExplicitly = await enter(late!, race._id, { waitlist: false });

    for (const response of [refused, refusedExplicitly]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This marathon is full');
    }
    expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 1, waitlistCount: 0 });
    expect((await entriesOf(race._id)).line).toEqual([]);

    const waitlisted = await enter(late!, race._id, { waitlist: true });

    expect(waitlisted.statusCode).toBe(201);
    expect(waitlisted.json()).toMatchObject({ status: 'waitlisted', bib: null, waitlistPosition: 1 });
    expect(await countersOf(race._id)).toEqual({
      totalRegistrationCount: 1,
      capacity: 1,
      placesLeft: 0,
      waitlistCount: 1,
    });
  });

  it('ignores waitlist: true while the race has places, and refuses a waitlist that is not true or false', async () => {
    const race = await newRace(2);
    const [runner] = await insertSignedInUsers(main.current, 1);

    const badFlag = await enter(runner!, race._id, { waitlist: 'yes' });
    expect(badFlag.statusCode).toBe(400);
    expect(errorFields(badFlag)).toEqual(['waitlist']);

    const response = await enter(runner!, race._id, { waitlist: true });
    expect(response.json()).toMatchObject({ status: 'registered', bib: 1, waitlistPosition: null });
  });

  it('allows one entry per runner and race, registered or waitlisted', async () => {
    const race = await newRace(1);
    const { runners } = await enterInTurn(race._id, 2);

    for (const runner of runners) {
      const again = await enter(runner, race._id, { waitlist: true });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You have already registered for this marathon.');
    }
    expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 1, waitlistCount: 1 });
  });

  it('shows the runner where they stand: in their list and on the race page', async () => {
    const race = await newRace(1);
    const { runners, entries } = await enterInTurn(race._id, 3);
    const last = runners[2]!;

    const [listed] = await findMyRegistrations(main.current.app, last);
    const details = await inject({
      method: 'GET',
      url: `/api/marathons/${race._id}?include=myRegistration`,
      headers: bearerHeaders(last.token),
    });

    expect(listed).toMatchObject({
      _id: entries[2]!._id,
      status: 'waitlisted',
      bib: null,
      waitlistPosition: 2,
    });
    expect(details.json().myRegistration).toEqual({
      _id: entries[2]!._id,
      status: 'waitlisted',
      bib: null,
      waitlistPosition: 2,
      ...NO_ENTRY_DETAILS,
      ...FREE_ENTRY_PAYMENT,
      checkinCode: null,
      result: null,
      ...NO_BALLOT_OR_TRANSFER,
    });
  });

  it('takes 200 concurrent runners on 100 places: bibs 1–100 and places in line 1–100, each once', async () => {
    const race = await newRace(100);
    const runners = await insertSignedInUsers(main.current, 200);

    const responses = await Promise.all(runners.map((runner) => enter(runner, race._id, { waitlist: true })));

    expect(responses.map((response) => response.statusCode)).toEqual(runners.map(() => 201));
    const answers = responses.map((response) => response.json<Registration>());
    const registered = answers.filter((answer) => answer.status === 'registered');
    const waitlisted = answers.filter((answer) => answer.status === 'waitlisted');
    expect(registered.map((answer) => answer.bib).sort((a, b) => a! - b!)).toEqual(range(1, 100));
    expect(waitlisted.map((answer) => answer.waitlistPosition).sort((a, b) => a! - b!)).toEqual(
      range(1, 100),
    );
    const stored = await entriesOf(race._id);
    expect(stored.bibs).toEqual(range(1, 100));
    // The line as stored is the order in which the answers gave the places.
    expect(stored.line).toEqual(
      [...waitlisted].sort((a, b) => a.waitlistPosition! - b.waitlistPosition!).map((answer) => answer._id),
    );
    expect(await countersOf(race._id)).toEqual({
      totalRegistrationCount: 100,
      capacity: 100,
      placesLeft: 0,
      waitlistCount: 100,
    });
  });
});

describe('places opening up', () => {
  /** A full race of `capacity` with `waiting` runners in line, entered in turn. */
  async function fullRace(capacity: number, waiting: number) {
    const race = await newRace(capacity);
    const { runners, entries } = await enterInTurn(race._id, capacity + waiting);
    const owners = new Map(entries.map((entry, n) => [entry._id, runners[n]!]));
    return { race, entries, owners };
  }

  it('gives 50 places withdrawn at once to the first 50 in line, in order, each mailed once', async () => {
    const { race, entries, owners } = await fullRace(100, 100);
    const line = (await entriesOf(race._id)).line;
    const leaving = entries.slice(0, 50);

    const responses = await Promise.all(leaving.map((entry) => withdraw(owners.get(entry._id)!, entry._id)));

    expect(responses.map((response) => response.statusCode)).toEqual(leaving.map(() => 200));
    const after = await entriesOf(race._id);
    expect(after.line).toEqual(line.slice(50));
    expect(after.bibs).toEqual([...range(51, 100), ...range(101, 150)]);
    // Bibs 101–150 went to the first 50 in line, in the order they stood.
    const promotedInBibOrder = after.registeredIds.slice(50);
    expect(promotedInBibOrder).toEqual(line.slice(0, 50));
    expect(await countersOf(race._id)).toEqual({
      totalRegistrationCount: 100,
      capacity: 100,
      placesLeft: 0,
      waitlistCount: 50,
    });
    const mails = await promotionMailsOf(race._id);
    expect(mails.map((mail) => mail.registrationId).sort()).toEqual([...line.slice(0, 50)].sort());
    // The line behind moved up: the runner who was 51st is now first.
    const nowFirst = owners.get(line[50]!)!;
    const [listed] = await findMyRegistrations(main.current.app, nowFirst);
    expect(listed).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
  });

  it('promotes with the next bib, never one given before, and tells the runner', async () => {
    const { race, entries, owners } = await fullRace(3, 1);
    const waiting = entries[3]!;

    expect((await withdraw(owners.get(entries[2]!._id)!, entries[2]!._id)).statusCode).toBe(200);

    const [promoted] = await findMyRegistrations(main.current.app, owners.get(waiting._id)!);
    expect(promoted).toMatchObject({
      _id: waiting._id,
      status: 'registered',
      bib: 4,
      waitlistPosition: null,
    });
    expect(await promotionMailsOf(race._id)).toEqual([
      { recipient: owners.get(waiting._id)!.user.email, registrationId: waiting._id },
    ]);
    // With nobody in line a withdrawal frees a place; the next runner still gets a new number.
    expect((await withdraw(owners.get(entries[1]!._id)!, entries[1]!._id)).statusCode).toBe(200);
    const {
      entries: [late],
    } = await enterInTurn(race._id, 1);
    expect(late).toMatchObject({ status: 'registered', bib: 5 });
    expect((await entriesOf(race._id)).bibs).toEqual([1, 4, 5]);
  });

  it('lets a waitlisted runner leave the line: the gap closes and nobody is promoted', async () => {
    const { race, entries, owners } = await fullRace(1, 3);
    const [, first, second, third] = entries;

    expect((await withdraw(owners.get(second!._id)!, second!._id)).statusCode).toBe(200);

    expect((await entriesOf(race._id)).line).toEqual([first!._id, third!._id]);
    const [thirdNow] = await findMyRegistrations(main.current.app, owners.get(third!._id)!);
    expect(thirdNow).toMatchObject({ waitlistPosition: 2 });
    expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 1, waitlistCount: 2 });
    expect(await promotionMailsOf(race._id)).toEqual([]);
  });

  it('gives new places to the line in order when the organizer raises the limit, and all of it when removed', async () => {
    const { race, entries } = await fullRace(2, 5);
    const line = (await entriesOf(race._id)).line;

    const raised = await changeRace(race._id, { capacity: 4 });

    expect(raised.statusCode).toBe(200);
    expect(raised.json().marathon).toMatchObject({
      totalRegistrationCount: 4,
      placesLeft: 0,
      waitlistCount: 3,
    });
    let stored = await entriesOf(race._id);
    expect(stored.registeredIds).toEqual([entries[0]!._id, entries[1]!._id, ...line.slice(0, 2)]);
    expect(stored.bibs).toEqual([1, 2, 3, 4]);

    const unlimited = await changeRace(race._id, { capacity: null });

    expect(unlimited.json().marathon).toMatchObject({
      capacity: null,
      placesLeft: null,
      totalRegistrationCount: 7,
      waitlistCount: 0,
    });
    stored = await entriesOf(race._id);
    expect(stored.line).toEqual([]);
    expect(stored.bibs).toEqual(range(1, 7));
    expect((await promotionMailsOf(race._id)).map((mail) => mail.registrationId).sort()).toEqual(
      [...line].sort(),
    );
  });

  it('moves up everyone behind in their own lists at once when the line moves, though the lists were kept', async () => {
    const { race, entries, owners } = await fullRace(2, 4);
    const waiting = entries.slice(2).map((entry) => owners.get(entry._id)!);
    const positions = async () =>
      Promise.all(
        waiting.map(async (runner) => {
          const [listed] = await findMyRegistrations(main.current.app, runner);
          if (!listed) return 'withdrawn';
          return listed.status === 'waitlisted' ? listed.waitlistPosition : 'registered';
        }),
      );
    expect(await positions()).toEqual([1, 2, 3, 4]); // each runner's list is now kept

    // A registered runner withdraws: the first in line is promoted, the others move up.
    expect((await withdraw(owners.get(entries[0]!._id)!, entries[0]!._id)).statusCode).toBe(200);
    expect(await positions()).toEqual(['registered', 1, 2, 3]);

    // A runner in line leaves it: those behind move up.
    expect((await withdraw(waiting[1]!, entries[3]!._id)).statusCode).toBe(200);
    expect(await positions()).toEqual(['registered', 'withdrawn', 1, 2]);

    // The organizer cancels the registered runner: the next in line is promoted.
    const cancelled = await inject({
      method: 'DELETE',
      url: `/api/marathons/${race._id}/participants/${entries[1]!._id}`,
      headers: bearerHeaders(organizer.token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await positions()).toEqual(['registered', 'withdrawn', 'registered', 1]);
  });

  it('keeps a stranger away from another runner’s entry: no reading it, no changing it, no taking its place', async () => {
    const { race, entries } = await fullRace(1, 1);
    const [holder, waiting] = entries;

    for (const entry of [holder!, waiting!]) {
      const patch = await inject({
        method: 'PATCH',
        url: `/api/registrations/${entry._id}`,
        headers: bearerHeaders(stranger.token),
        payload: { firstName: 'Mallory' },
      });
      const remove = await withdraw(stranger, entry._id);
      const calendar = await inject({
        method: 'GET',
        url: `/api/my-registrations/${entry._id}/calendar.ics`,
        headers: bearerHeaders(stranger.token),
      });
      expect([patch.statusCode, remove.statusCode, calendar.statusCode]).toEqual([403, 403, 403]);
    }
    expect((await entriesOf(race._id)).line).toEqual([waiting!._id]);
    expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 1, waitlistCount: 1 });
    expect(await promotionMailsOf(race._id)).toEqual([]);
  });

  it('deletes a race with its line: nothing of it is left', async () => {
    const { race } = await fullRace(1, 2);

    const response = await inject({
      method: 'DELETE',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
    });

    expect(response.json()).toMatchObject({
      deletedCount: 1,
      message: 'Marathon deleted successfully with its 3 registrations',
    });
    expect(await main.current.database.db.$count(registrations, eq(registrations.marathonId, race._id))).toBe(
      0,
    );
  });
});

describe('marathon answers', () => {
  it('carry the counts in every list and read', async () => {
    const race = await newRace(2);
    await enterInTurn(race._id, 3);

    const lists = await Promise.all(
      ['/api/marathons?sort=newest&limit=100', '/api/upcoming-marathons?limit=100', '/api/my-marathons'].map(
        (url) => inject({ method: 'GET', url, headers: bearerHeaders(organizer.token) }),
      ),
    );

    for (const list of lists) {
      const listed = list.json<Marathon[]>().find((each) => each._id === race._id);
      expect(listed, list.body).toMatchObject({
        totalRegistrationCount: 2,
        capacity: 2,
        placesLeft: 0,
        waitlistCount: 1,
      });
    }
  });
});

describe('entering from two server processes at once', () => {
  it('refuses only the runner who is already in when another process entered them meanwhile', async () => {
    const race = await newRace(10);
    const [twice, other] = await insertSignedInUsers(main.current, 2);
    const { db, driver } = main.current.database;
    const request = (runner: typeof twice) => ({
      firstName: 'Ada',
      lastName: 'Runner',
      contact: '+1 555 0100',
      info: '',
      userId: runner!.user.id,
      email: runner!.user.email,
      waitlist: false,
      entry: {},
      payment: FREE_ENTRY,
    });
    let entering: ReturnType<ReturnType<typeof createRaceEntryRepository>['enter']> | undefined;

    // Another process enters `twice`, holding the race's lock until it commits.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from marathons where id = ${race._id} for update`);
      await tx.execute(sql`
        insert into registrations (marathon_id, user_id, first_name, last_name, contact, bib)
        values (${race._id}, ${twice!.user.id}, 'Ada', 'Runner', '+1 555 0100', 1)`);
      await tx.execute(sql`
        update marathons set total_registration_count = 1, bibs_issued = 1 where id = ${race._id}`);
      // This statement's snapshot predates that entry; it waits for the lock (PGlite: runs after the commit).
      entering = createRaceEntryRepository(db).enter(
        race._id,
        [request(twice), request(other)],
        new Date(),
        0,
        new Date(),
      );
      if (driver === 'postgres') await expect.poll(() => countBackendsWaitingOnLocks(db)).toBeGreaterThan(0);
    });

    const outcomes = await entering!;
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['already-registered', 'entered']);
    expect(outcomes[1]).toMatchObject({ registration: { status: 'registered', bib: 2 } });
    expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 2, placesLeft: 8 });
  });
});

describe('places freed or added while runners register', () => {
  /** A race of `capacity` filled by runners entered at once (nobody waiting). */
  async function filledRace(capacity: number) {
    const race = await newRace(capacity);
    const runners = await insertSignedInUsers(main.current, capacity);
    const entries = await Promise.all(runners.map((runner) => enter(runner, race._id)));
    expect(entries.map((entry) => entry.statusCode)).toEqual(runners.map(() => 201));
    return { race, runners, entries: entries.map((entry) => entry.json<Registration>()) };
  }

  it('gives a place freed while a registration waits for the race to the waiting runner (201, not 500)', async () => {
    const { race, entries } = await filledRace(3);
    const [newcomer] = await insertSignedInUsers(main.current, 1);
    const { db, driver } = main.current.database;
    let registering: ReturnType<typeof inject> | undefined;

    // A withdrawal in another transaction, holding the race's lock while the registration starts.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from marathons where id = ${race._id} for update`);
      await tx.execute(sql`delete from registrations where id = ${entries[0]!._id}`);
      await tx.execute(sql`
        update marathons set total_registration_count = total_registration_count - 1 where id = ${race._id}`);
      registering = enter(newcomer!, race._id);
      if (driver === 'postgres') await expect.poll(() => countBackendsWaitingOnLocks(db)).toBeGreaterThan(0);
    });

    const response = await registering!;
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'registered', bib: 4 });
    expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 3, placesLeft: 0 });
  });

  it('gives places added while a registration waits for the race to the waiting runners', async () => {
    const { race } = await filledRace(3);
    const newcomers = await insertSignedInUsers(main.current, 3);
    const { db, driver } = main.current.database;
    let registering: Array<ReturnType<typeof inject>> = [];

    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from marathons where id = ${race._id} for update`);
      await tx.execute(sql`update marathons set capacity = 5 where id = ${race._id}`);
      registering = newcomers.map((newcomer) => enter(newcomer, race._id));
      if (driver === 'postgres') await expect.poll(() => countBackendsWaitingOnLocks(db)).toBeGreaterThan(0);
    });

    const statuses = (await Promise.all(registering)).map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409]);
    expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 5, placesLeft: 0 });
  });

  it('answers every registration 201 or 409 while runners withdraw from a full race, over 3 rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const { race, runners, entries } = await filledRace(20);
      const newcomers = await insertSignedInUsers(main.current, 20);

      const [withdrawals, registrations] = await Promise.all([
        Promise.all(entries.slice(0, 10).map((entry, n) => withdraw(runners[n]!, entry._id))),
        Promise.all(newcomers.map((newcomer) => enter(newcomer, race._id))),
      ]);

      expect(withdrawals.map((response) => response.statusCode)).toEqual(withdrawals.map(() => 200));
      for (const response of registrations) expect([201, 409], response.body).toContain(response.statusCode);
      const entered = registrations.filter((response) => response.statusCode === 201).length;
      expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 10 + entered });
      expect(await findCountMismatches(main.current.database.db)).toEqual([]);
      // A place still free is taken by the next runner who asks.
      if (entered < 10) {
        const [late] = await insertSignedInUsers(main.current, 1);
        expect((await enter(late!, race._id)).statusCode).toBe(201);
      }
    }
  });

  it('answers every registration 201 or 409 while the organizer raises the limit, over 3 rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const { race } = await filledRace(20);
      const newcomers = await insertSignedInUsers(main.current, 20);

      const [raised, registrations] = await Promise.all([
        changeRace(race._id, { capacity: 30 }),
        Promise.all(newcomers.map((newcomer) => enter(newcomer, race._id))),
      ]);

      expect(raised.statusCode).toBe(200);
      for (const response of registrations) expect([201, 409], response.body).toContain(response.statusCode);
      const entered = registrations.filter((response) => response.statusCode === 201).length;
      expect(entered).toBeLessThanOrEqual(10);
      expect(await countersOf(race._id)).toMatchObject({ totalRegistrationCount: 20 + entered });
      expect(await findCountMismatches(main.current.database.db)).toEqual([]);
    }
  });
});
