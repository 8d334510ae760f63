import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@stride/shared';
import { users } from '../../db/schema/index.js';
import {
  TEST_PASSWORD,
  type TestApp,
  bearerHeaders,
  buildTestApp,
  cookieHeaders,
  createTestConfig,
  makeSignUpInput,
  postAuth,
  signIn,
  signUp,
} from '../../testing/test-app.js';
import { createTestDatabase } from '../../testing/test-database.js';
import { buildApp } from '../../app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const countUsersWithEmail = (email: string) => testApp.database.db.$count(users, eq(users.email, email));

const getSession = (headers: Record<string, string>) =>
  testApp.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });

describe('sign-up', () => {
  it('creates the user, signs them in with an HttpOnly SameSite=Lax cookie and returns a bearer token', async () => {
    const input = makeSignUpInput({ name: 'Grete Waitz', image: 'https://example.com/grete.png' });

    const response = await postAuth(testApp.app, '/sign-up/email', input);

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      name: 'Grete Waitz',
      email: input.email,
      image: 'https://example.com/grete.png',
    });
    expect(response.json().user).not.toHaveProperty('password');
    const sessionCookie = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sessionCookie?.value).toBeTruthy();
    expect(response.headers['set-auth-token']).toEqual(expect.any(String));
    expect(await countUsersWithEmail(input.email)).toBe(1);
  });

  it.each([
    ['abc', PASSWORD_MESSAGES.tooShort],
    ['ABCDEF', PASSWORD_MESSAGES.noLowercase],
    ['abcdef', PASSWORD_MESSAGES.noUppercase],
    ['ABC', PASSWORD_MESSAGES.tooShort],
    ['a'.repeat(129) + 'A', PASSWORD_MESSAGES.tooLong],
  ])('refuses the password %j with 400 "%s" and creates no user', async (password, message) => {
    const input = makeSignUpInput({ password });

    const response = await postAuth(testApp.app, '/sign-up/email', input);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countUsersWithEmail(input.email)).toBe(0);
  });

  it('refuses a second account with the same email, keeping exactly one user', async () => {
    const first = await signUp(testApp.app);

    const response = await postAuth(
      testApp.app,
      '/sign-up/email',
      makeSignUpInput({ email: first.user.email, name: 'Impostor' }),
    );

    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('User already exists. Use another email.');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countUsersWithEmail(first.user.email)).toBe(1);
    const [stored] = await testApp.database.db.select().from(users).where(eq(users.email, first.user.email));
    expect(stored?.name).toBe(first.user.name);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'not a url'])(
    'refuses the photo URL %j with 400 and creates no user',
    async (image) => {
      const input = makeSignUpInput({ image });

      const response = await postAuth(testApp.app, '/sign-up/email', input);

      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Photo URL must start with http:// or https://');
      expect(await countUsersWithEmail(input.email)).toBe(0);
    },
  );

  it('refuses a blank name with 400 and creates no user', async () => {
    const input = makeSignUpInput({ name: '   ' });

    const response = await postAuth(testApp.app, '/sign-up/email', input);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Name is required');
    expect(await countUsersWithEmail(input.email)).toBe(0);
  });
});

describe('sign-in', () => {
  it('signs in with the right password: cookie, bearer token and the user', async () => {
    const { user } = await signUp(testApp.app);

    const response = await postAuth(testApp.app, '/sign-in/email', {
      email: user.email,
      password: TEST_PASSWORD,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, email: user.email });
    expect(response.cookies.find((cookie) => cookie.name.endsWith('session_token'))).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(response.headers['set-auth-token']).toEqual(expect.any(String));
  });

  it.each([
    ['a wrong password', (email: string) => ({ email, password: 'Wrong-password1' })],
    ['an unknown email', () => ({ email: 'nobody@example.com', password: TEST_PASSWORD })],
  ])('answers 401 to %s, without a session', async (_case, body) => {
    const { user } = await signUp(testApp.app);

    const response = await postAuth(testApp.app, '/sign-in/email', body(user.email));

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['set-auth-token']).toBeUndefined();
  });

  it('refuses a sign-in sent from a foreign origin with 403, without a session', async () => {
    const { user } = await signUp(testApp.app);

    const response = await postAuth(
      testApp.app,
      '/sign-in/email',
      { email: user.email, password: TEST_PASSWORD },
      { origin: 'https://evil.example' },
    );

    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('session', () => {
  it('is found with the session cookie and with the bearer token', async () => {
    const { cookie, token, user } = await signUp(testApp.app);

    for (const headers of [cookieHeaders(cookie), bearerHeaders(token)]) {
      const response = await getSession(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { id: user.id, email: user.email } });
    }
  });

  it('is not found without credentials or with a forged token', async () => {
    const { token } = await signUp(testApp.app);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;

    for (const headers of [{}, bearerHeaders(forged), bearerHeaders('not-a-token')]) {
      const response = await getSession(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBeNull();
    }
  });

  it('ends at sign-out, for the cookie and the bearer token alike', async () => {
    const { cookie, token } = await signUp(testApp.app);

    const response = await postAuth(testApp.app, '/sign-out', {}, cookieHeaders(cookie));

    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name.endsWith('session_token'))).toMatchObject({
      value: '',
      maxAge: 0,
    });
    expect((await getSession(cookieHeaders(cookie))).json()).toBeNull();
    expect((await getSession(bearerHeaders(token))).json()).toBeNull();
  });

  it('our signed-in routes refuse the session as soon as it is signed out, though they reuse it briefly', async () => {
    const { cookie, token } = await signUp(testApp.app);
    const myMarathons = (headers: Record<string, string>) =>
      testApp.app.inject({ method: 'GET', url: '/api/my-marathons', headers });
    expect((await myMarathons(bearerHeaders(token))).statusCode).toBe(200);
    expect((await myMarathons(cookieHeaders(cookie))).statusCode).toBe(200);

    await postAuth(testApp.app, '/sign-out', {}, bearerHeaders(token));

    expect((await myMarathons(bearerHeaders(token))).statusCode).toBe(401);
    expect((await myMarathons(cookieHeaders(cookie))).statusCode).toBe(401);
  });

  it('is still valid for another sign-in of the same user after one signs out', async () => {
    const { cookie, user } = await signUp(testApp.app);
    const other = await signIn(testApp.app, { email: user.email, password: TEST_PASSWORD });

    await postAuth(testApp.app, '/sign-out', {}, cookieHeaders(cookie));

    expect((await getSession(cookieHeaders(other.cookie))).json()).toMatchObject({ user: { id: user.id } });
  });
});

describe('password change', () => {
  it.each([
    ['without revokeOtherSessions', {}],
    ['with revokeOtherSessions: false', { revokeOtherSessions: false }],
  ])('ends every other session of the account, %s', async (_case, extra) => {
    const input = makeSignUpInput();
    const laptop = await signUp(testApp.app, input);
    const phone = await signIn(testApp.app, input);

    const changed = await postAuth(
      testApp.app,
      '/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Marathon43', ...extra },
      cookieHeaders(laptop.cookie),
    );

    expect(changed.statusCode).toBe(200);
    expect((await getSession(bearerHeaders(phone.token))).json()).toBeNull();
    const myMarathons = await testApp.app.inject({
      url: '/api/my-marathons',
      headers: bearerHeaders(phone.token),
    });
    expect(myMarathons.statusCode).toBe(401);
    // The device that changed it carries on, signed in with the new session the change hands out.
    expect(changed.headers['set-auth-token']).toEqual(expect.any(String));
    const current = bearerHeaders(changed.headers['set-auth-token'] as string);
    expect((await getSession(current)).json()).toMatchObject({ user: { id: laptop.user.id } });
  });
});

describe('session tokens stay out of reach of page scripts', () => {
  const sessionIdOf = async (token: string) => (await getSession(bearerHeaders(token))).json().session.id;
  const revokeById = (id: string, cookie: string) =>
    postAuth(testApp.app, '/revoke-session', { id }, cookieHeaders(cookie));
  const signedInUserId = async (headers: Record<string, string>) =>
    (await getSession(headers)).json()?.user.id ?? null;

  it('get-session answers the session without its token, for the cookie and the bearer token alike', async () => {
    const { cookie, token, user } = await signUp(testApp.app);

    for (const headers of [cookieHeaders(cookie), bearerHeaders(token)]) {
      const response = await getSession(headers);
      expect(response.json()).toMatchObject({ user: { id: user.id }, session: { userId: user.id } });
      expect(response.json().session).not.toHaveProperty('token');
      expect(response.body).not.toContain(token.split('.')[0]);
      expect(response.headers['set-auth-token']).toBeUndefined();
    }
  });

  it('list-sessions lists every session by id, without tokens', async () => {
    const first = await signUp(testApp.app);
    const second = await signIn(testApp.app, { email: first.user.email, password: TEST_PASSWORD });

    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      headers: cookieHeaders(first.cookie),
    });

    expect(response.statusCode).toBe(200);
    const listed = response.json<Array<Record<string, unknown>>>();
    expect(listed).toHaveLength(2);
    for (const session of listed) {
      expect(session).toMatchObject({ id: expect.any(String), userId: first.user.id });
      expect(session).not.toHaveProperty('token');
    }
    for (const { token } of [first, second]) expect(response.body).not.toContain(token.split('.')[0]);
  });

  it('revokes a session by id: that session ends, the others stay', async () => {
    const first = await signUp(testApp.app);
    const second = await signIn(testApp.app, { email: first.user.email, password: TEST_PASSWORD });

    const response = await revokeById(await sessionIdOf(second.token), first.cookie);

    expect(response.statusCode).toBe(200);
    expect(await signedInUserId(bearerHeaders(second.token))).toBeNull();
    expect(await signedInUserId(cookieHeaders(first.cookie))).toBe(first.user.id);
  });

  it("refuses to revoke another user's session by id with 404, leaving it alone", async () => {
    const owner = await signUp(testApp.app);
    const stranger = await signUp(testApp.app);

    const response = await revokeById(await sessionIdOf(owner.token), stranger.cookie);

    expect(response.statusCode).toBe(404);
    expect(await signedInUserId(bearerHeaders(owner.token))).toBe(owner.user.id);
  });
});

describe('rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ config: { rateLimit: true } });
  });
  afterAll(() => limited?.close());

  it('answers the 6th sign-in attempt within a minute with 429, even with the right password', async () => {
    const { user } = await signUp(limited.app);
    const attempt = (password: string) =>
      postAuth(limited.app, '/sign-in/email', { email: user.email, password });

    for (let i = 1; i <= 5; i++) expect((await attempt('Wrong-password1')).statusCode).toBe(401);
    const refused = await attempt(TEST_PASSWORD);

    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.headers['set-auth-token']).toBeUndefined();
  });

  it("lets the owner sign in from another address after a stranger's failures lock the stranger out", async () => {
    const { user } = await signUp(limited.app);
    const attempt = (remoteAddress: string, password: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: { origin: limited.config.publicUrl },
        payload: { email: user.email, password },
      });

    for (let i = 1; i <= 5; i++)
      expect((await attempt('203.0.113.7', 'Wrong-password1')).statusCode).toBe(401);
    expect((await attempt('203.0.113.7', 'Wrong-password1')).statusCode).toBe(429);

    const owner = await attempt('198.51.100.2', TEST_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user).toMatchObject({ id: user.id });
  });

  it('limits one address trying many accounts: the 6th failure within a minute is a 429', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signUp(limited.app)));
    const attempt = (email: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '192.0.2.44',
        headers: { origin: limited.config.publicUrl },
        payload: { email, password: 'Wrong-password1' },
      });

    for (const { user } of accounts.slice(0, 5)) expect((await attempt(user.email)).statusCode).toBe(401);
    expect((await attempt(accounts[5]!.user.email)).statusCode).toBe(429);
  });

  it('checks at most 5 of 40 simultaneous guesses from one new address', async () => {
    const { user } = await signUp(limited.app);

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '192.0.2.45',
          headers: { origin: limited.config.publicUrl },
          payload: { email: user.email, password: index === 39 ? TEST_PASSWORD : 'Wrong-password1' },
        }),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
  });

  it('counts a successful sign-in as no failure: the owner signs in more than 5 times a minute', async () => {
    const { user } = await signUp(limited.app);
    for (let n = 0; n < 7; n++) {
      const answer = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '192.0.2.46',
        headers: { origin: limited.config.publicUrl },
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(answer.statusCode).toBe(200);
    }
  });

  it('is off when config.rateLimit is false', async () => {
    const { user } = await signUp(testApp.app);

    for (let i = 1; i <= 6; i++) {
      const response = await postAuth(testApp.app, '/sign-in/email', {
        email: user.email,
        password: 'Wrong-password1',
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('the auth bridge', () => {
  it('answers each auth call once: its log holds no warning of a second answer', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const database = await createTestDatabase();
    const app = await buildApp({
      config: createTestConfig({ rateLimit: true }),
      database,
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      const { user, token } = await signUp(app);
      await postAuth(app, '/sign-in/email', { email: user.email, password: 'Wrong-password1' });
      await postAuth(app, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
      await app.inject({ url: '/api/auth/get-session', headers: bearerHeaders(token) });
      await postAuth(app, '/sign-out', {}, bearerHeaders(token));
    } finally {
      await app.close();
      await database.close();
    }

    expect(lines.map((line) => line.msg).filter((msg) => /already sent/i.test(msg))).toEqual([]);
  });
});
