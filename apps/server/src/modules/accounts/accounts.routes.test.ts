import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  accountDeletionPreviewSchema,
  accountExportSchema,
  dashboardSchema,
  type Registration,
} from '@stride/shared';
import { accounts, mailOutbox, marathons, sessions, users, verifications } from '../../db/schema/index.js';
import {
  DAY_MS,
  createMarathon,
  findCountMismatches,
  getMarathon,
  insertSignedInUsers,
  raceDates,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import {
  TEST_PASSWORD,
  type SignedIn,
  bearerHeaders,
  cookieHeaders,
  makeSignUpInput,
  postAuth,
  signUp,
} from '../../testing/test-app.js';

const main = useTestApp();
const app = () => main.current.app;
const db = () => main.current.database.db;

let organizer: SignedIn;
beforeAll(async () => {
  organizer = await signUp(app());
});

const deleteAccount = (headers: Record<string, string>, payload: object = {}) =>
  app().inject({ method: 'DELETE', url: '/api/me', headers, payload });

/** The mails queued for `recipient`, as kind and race title. */
async function mailsTo(recipient: string) {
  return db()
    .select({
      kind: sql<string>`${mailOutbox.payload}->>'kind'`,
      race: sql<string | null>`${mailOutbox.payload}->'race'->>'title'`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient));
}

describe('GET /api/me/export', () => {
  it('answers 401 to a visitor', async () => {
    expect((await app().inject({ url: '/api/me/export' })).statusCode).toBe(401);
  });

  it('downloads the account, its registrations with their answers and its races, and nobody else’s data', async () => {
    const me = await signUp(
      app(),
      makeSignUpInput({ name: 'Ada Export', image: 'https://example.com/ada.png' }),
    );
    const stranger = await signUp(app());
    const theirRace = await createMarathon(app(), organizer, { title: 'Harbour Half', capacity: 1 });
    await register(app(), stranger, theirRace._id, { firstName: 'Stranger', lastName: 'Danger' });
    const waitlisted = await register(app(), me, theirRace._id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      contact: '+44 20 7946 0000',
      info: 'Vegetarian meal',
      waitlist: true,
    });
    const myRace = await createMarathon(app(), me, { title: 'Ada’s Night Run' });
    await register(app(), stranger, myRace._id, {
      firstName: 'Grace',
      lastName: 'Hopper',
      info: 'Secret note',
    });

    const response = await app().inject({ url: '/api/me/export', headers: cookieHeaders(me.cookie) });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="stride-my-data-${today}.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = accountExportSchema.parse(response.json());
    expect(data.account).toEqual({
      name: 'Ada Export',
      email: me.user.email,
      photoURL: 'https://example.com/ada.png',
      createdAt: expect.any(String),
    });
    expect(data.registrations).toEqual([
      {
        ...waitlisted,
        marathonTitle: 'Harbour Half',
        status: 'waitlisted',
        bib: null,
        waitlistPosition: 1,
      } satisfies Registration,
    ]);
    expect(data.racesOrganized).toEqual([
      expect.objectContaining({ _id: myRace._id, title: 'Ada’s Night Run', totalRegistrationCount: 1 }),
    ]);
    // The organizer's race has a runner: only the count says so.
    for (const secret of [
      stranger.user.email,
      'Grace',
      'Hopper',
      'Secret note',
      'Stranger',
      organizer.user.email,
    ])
      expect(response.body).not.toContain(secret);
    const [passwordHash] = await db()
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, me.user.id));
    expect(passwordHash?.password).toBeTruthy();
    expect(response.body).not.toContain(passwordHash!.password!);
    expect(response.body).not.toContain(me.token.split('.')[0]);
    expect(response.body).not.toMatch(/"(password|token|sessions?)"/);
  });
});

describe('GET /api/me/dashboard', () => {
  it('answers 401 to a visitor', async () => {
    expect((await app().inject({ url: '/api/me/dashboard' })).statusCode).toBe(401);
  });

  it('names the runner’s next race and the organizer’s upcoming races with their counts', async () => {
    const me = await signUp(app());
    const [runner] = await insertSignedInUsers(main.current, 1);
    const later = await createMarathon(app(), organizer, {
      title: 'Later Loop',
      startDate: new Date(Date.now() + 40 * DAY_MS).toISOString(),
    });
    const sooner = await createMarathon(app(), organizer, { title: 'Sooner Sprint', capacity: 1 });
    const run = await createMarathon(app(), organizer, { title: 'Run Already' });
    await register(app(), me, run._id);
    // Run yesterday: no longer ahead.
    await db()
      .update(marathons)
      .set({
        startRegDate: new Date(Date.now() - 3 * DAY_MS),
        endRegDate: new Date(Date.now() - 2 * DAY_MS),
        startDate: new Date(Date.now() - DAY_MS),
      })
      .where(eq(marathons.id, run._id));
    await register(app(), me, later._id);
    await register(app(), runner!, sooner._id);
    const mine = await register(app(), me, sooner._id, { waitlist: true });

    const myFirst = await createMarathon(app(), me, { title: 'My Spring 10k', capacity: 10 });
    const mySecond = await createMarathon(app(), me, {
      title: 'My Autumn 5k',
      startDate: new Date(Date.now() + 60 * DAY_MS).toISOString(),
    });
    await createMarathon(app(), me, { title: 'My Old Race', ...raceDates('started') });
    await register(app(), runner!, myFirst._id);

    const response = await app().inject({ url: '/api/me/dashboard', headers: bearerHeaders(me.token) });

    expect(response.statusCode, response.body).toBe(200);
    const dashboard = dashboardSchema.parse(response.json());
    expect(dashboard.nextRace).toEqual({ ...mine, waitlistPosition: 1 });
    expect(
      dashboard.upcomingRaces.map((race) => [race.title, race.totalRegistrationCount, race.capacity]),
    ).toEqual([
      ['My Spring 10k', 1, 10],
      ['My Autumn 5k', 0, null],
    ]);
    expect(dashboard.upcomingRaces.map((race) => race._id)).toEqual([myFirst._id, mySecond._id]);
    expect(dashboard.upcomingRaceCount).toBe(2);
    expect(dashboard.racesOrganized).toBe(3);
  });

  it('is empty for a new account', async () => {
    const me = await signUp(app());
    const response = await app().inject({ url: '/api/me/dashboard', headers: bearerHeaders(me.token) });
    expect(response.json()).toEqual({
      nextRace: null,
      upcomingRaces: [],
      upcomingRaceCount: 0,
      racesOrganized: 0,
    });
  });
});

describe('GET /api/me/deletion-preview', () => {
  it('counts what deleting would remove, and names the races that stop it', async () => {
    const me = await signUp(app());
    const [runner] = await insertSignedInUsers(main.current, 1);
    const theirs = await createMarathon(app(), organizer);
    await register(app(), me, theirs._id);
    await createMarathon(app(), me, { title: 'Empty Course' });
    const busy = await createMarathon(app(), me, { title: 'Busy Course' });
    await register(app(), runner!, busy._id);

    const response = await app().inject({
      url: '/api/me/deletion-preview',
      headers: bearerHeaders(me.token),
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(accountDeletionPreviewSchema.parse(response.json())).toEqual({
      registrations: 1,
      racesWithoutRunners: 1,
      racesWithRunners: [{ _id: busy._id, title: 'Busy Course' }],
      hasPassword: true,
    });
  });
});

describe('DELETE /api/me', () => {
  it('answers 401 to a visitor', async () => {
    expect(
      (await deleteAccount({ origin: 'http://localhost:3000' }, { password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['a wrong password', { password: 'Wrong1pass' }, ACCOUNT_MESSAGES.wrongPassword],
    ['no password', {}, ACCOUNT_MESSAGES.passwordRequired],
  ])('refuses %s with 400 on the field password, changing nothing', async (_case, body, message) => {
    const me = await signUp(app());

    const response = await deleteAccount(cookieHeaders(me.cookie), body);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'password', message }] });
    expect(await db().$count(users, eq(users.id, me.user.id))).toBe(1);
    expect(
      (await app().inject({ url: '/api/me/dashboard', headers: cookieHeaders(me.cookie) })).statusCode,
    ).toBe(200);
  });

  it('refuses an organizer whose races have runners (registered or waitlisted) with 409 naming them', async () => {
    const me = await signUp(app());
    const [runner, waiting] = await insertSignedInUsers(main.current, 2);
    const first = await createMarathon(app(), me, { title: 'Full Moon 10k', capacity: 1 });
    const second = await createMarathon(app(), me, { title: 'Dawn Dash' });
    await createMarathon(app(), me, { title: 'Nobody Came' });
    await register(app(), runner!, first._id);
    await register(app(), waiting!, second._id);
    const theirs = await createMarathon(app(), organizer);
    const entry = await register(app(), me, theirs._id);

    const response = await deleteAccount(bearerHeaders(me.token), { password: TEST_PASSWORD });

    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.racesFirst(['Full Moon 10k', 'Dawn Dash']));
    expect(response.json().message).toBe('Delete or hand over your races first: Full Moon 10k, Dawn Dash');
    expect(await db().$count(users, eq(users.id, me.user.id))).toBe(1);
    expect(await db().$count(marathons, eq(marathons.creatorId, me.user.id))).toBe(3);
    expect((await getMarathon(app(), theirs._id))!.totalRegistrationCount).toBe(1);
    expect(entry.status).toBe('registered');
  });

  it('withdraws every entry as the runner would, deletes runnerless races, the account, its sessions and its data', async () => {
    const input = makeSignUpInput();
    const me = await signUp(app(), input);
    const otherDevice = await postAuth(app(), '/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    const otherToken = otherDevice.headers['set-auth-token'] as string;
    const [ahead, next, behind] = await insertSignedInUsers(main.current, 3);
    // A full race: my place goes to the first in line.
    const full = await createMarathon(app(), organizer, { title: 'Capital Full', capacity: 2 });
    await register(app(), ahead!, full._id);
    await register(app(), me, full._id);
    await register(app(), next!, full._id, { waitlist: true });
    await register(app(), behind!, full._id, { waitlist: true });
    // A line I stand in: those behind me move up.
    const line = await createMarathon(app(), organizer, { title: 'Coastal Line', capacity: 1 });
    await register(app(), ahead!, line._id);
    await register(app(), me, line._id, { waitlist: true });
    await register(app(), behind!, line._id, { waitlist: true });
    const mine = await createMarathon(app(), me, { title: 'Quiet Trail' });
    await postAuth(app(), '/request-password-reset', {
      email: input.email,
      redirectTo: 'http://localhost:3000/reset-password',
    });
    expect(await db().$count(verifications, eq(verifications.value, me.user.id))).toBe(1);

    const response = await deleteAccount(cookieHeaders(me.cookie), { password: TEST_PASSWORD });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.deleted,
      registrationsWithdrawn: 2,
      racesDeleted: 1,
    });
    // The session cookie is cleared, and neither it nor any other session of the account works any more.
    const cleared = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(cleared).toMatchObject({ value: '', maxAge: 0 });
    expect(
      (await app().inject({ url: '/api/me/dashboard', headers: cookieHeaders(me.cookie) })).statusCode,
    ).toBe(401);
    expect(
      (await app().inject({ url: '/api/me/dashboard', headers: bearerHeaders(otherToken) })).statusCode,
    ).toBe(401);
    expect(
      (await app().inject({ url: '/api/auth/get-session', headers: { cookie: me.cookie } })).json(),
    ).toBeNull();
    // Gone: the user, its sessions, its sign-in accounts, its reset links, its race.
    expect(await db().$count(users, eq(users.id, me.user.id))).toBe(0);
    expect(await db().$count(sessions, eq(sessions.userId, me.user.id))).toBe(0);
    expect(await db().$count(accounts, eq(accounts.userId, me.user.id))).toBe(0);
    expect(await db().$count(verifications, eq(verifications.value, me.user.id))).toBe(0);
    expect(await getMarathon(app(), mine._id)).toBeNull();
    // The place went to the first in line, with the next bib; the line moved up; the counts are exact.
    expect(await getMarathon(app(), full._id)).toMatchObject({ totalRegistrationCount: 2, waitlistCount: 1 });
    expect(await getMarathon(app(), line._id)).toMatchObject({ totalRegistrationCount: 1, waitlistCount: 1 });
    expect(await findCountMismatches(db())).toEqual([]);
    const [promoted] = (
      await app().inject({
        url: `/api/registrations/by-email/${encodeURIComponent(next!.user.email)}`,
        headers: bearerHeaders(next!.token),
      })
    ).json<Registration[]>();
    expect(promoted).toMatchObject({ status: 'registered', bib: 3 });
    const behindEntries = (
      await app().inject({
        url: `/api/registrations/by-email/${encodeURIComponent(behind!.user.email)}`,
        headers: bearerHeaders(behind!.token),
      })
    ).json<Registration[]>();
    expect(behindEntries.map((entry) => [entry.marathonTitle, entry.waitlistPosition])).toEqual(
      expect.arrayContaining([
        ['Capital Full', 1],
        ['Coastal Line', 1],
      ]),
    );
    // Mails as when the runner withdraws: theirs cancelled (not by the organizer), the promoted runner's place.
    expect(await mailsTo(me.user.email)).toEqual(
      expect.arrayContaining([
        { kind: 'registration-cancelled', race: 'Capital Full' },
        { kind: 'registration-cancelled', race: 'Coastal Line' },
      ]),
    );
    const cancelledBy = await db()
      .select({ by: sql<string | null>`${mailOutbox.payload}->>'cancelledBy'` })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.recipient, me.user.email),
          sql`${mailOutbox.payload}->>'kind' = 'registration-cancelled'`,
        ),
      );
    expect(cancelledBy).toEqual([{ by: null }, { by: null }]);
    expect(await mailsTo(next!.user.email)).toContainEqual({
      kind: 'registration-promoted',
      race: 'Capital Full',
    });
    // The address is free again.
    expect((await postAuth(app(), '/sign-up/email', input)).statusCode).toBe(200);
  });

  it('lets an account without a password delete itself within 5 minutes of signing in, not later', async () => {
    const [fresh, stale] = await insertSignedInUsers(main.current, 2);
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(sessions.userId, stale!.user.id));

    const refused = await deleteAccount(bearerHeaders(stale!.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.signInAgain);
    expect(await db().$count(users, eq(users.id, stale!.user.id))).toBe(1);

    const accepted = await deleteAccount(bearerHeaders(fresh!.token));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await db().$count(users, eq(users.id, fresh!.user.id))).toBe(0);
  });

  it('refuses a cookie request from another site', async () => {
    const me = await signUp(app());
    const response = await deleteAccount(
      { cookie: me.cookie, origin: 'https://evil.example' },
      { password: TEST_PASSWORD },
    );
    expect(response.statusCode).toBe(403);
    expect(await db().$count(users, eq(users.id, me.user.id))).toBe(1);
  });
});
