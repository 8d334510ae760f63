import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { bearerHeaders, cookieHeaders, makeSignUpInput, signUp } from '../../testing/test-app.js';
import { createMarathon, register, useTestApp } from '../../testing/marathon-fixtures.js';
import { findSessionsByTokens } from './session-lookup.js';

const testApp = useTestApp();
afterEach(() => vi.restoreAllMocks());

const DAY_MS = 24 * 60 * 60 * 1000;
const myMarathons = (headers: Record<string, string>) =>
  testApp.current.app.inject({ method: 'GET', url: '/api/my-marathons', headers });
/** The session token and its signature, whatever shape `set-auth-token` handed out. */
const partsOf = (token: string) => {
  const [raw, signature] = decodeURIComponent(token).split('.');
  return { raw: raw!, signature: signature! };
};
const sign = (value: string, secret: string) => createHmac('sha256', secret).update(value).digest('base64');
const sessionRow = async (raw: string) =>
  (await testApp.current.database.db.select().from(sessions).where(eq(sessions.token, raw)))[0];

describe('session lookup on our signed-in routes', () => {
  it('reads the same user better-auth reads', async () => {
    const { token } = await signUp(
      testApp.current.app,
      makeSignUpInput({ name: 'Tegla Loroupe', image: 'https://example.com/t.png' }),
    );

    const [ours] = await findSessionsByTokens(testApp.current.database.db, [partsOf(token).raw]);
    const theirs = await testApp.current.app.auth.api.getSession({
      headers: new Headers(bearerHeaders(token)),
    });

    expect(ours?.user).toEqual(theirs?.user);
    expect(ours?.expiresAt).toEqual(theirs?.session.expiresAt);
  });

  it('reads many sessions in one statement, each answer in the order asked, unknown tokens as none', async () => {
    const runners = await Promise.all([1, 2, 3].map(() => signUp(testApp.current.app)));
    const [first, second, third] = runners.map(({ token }) => partsOf(token).raw);

    const found = await findSessionsByTokens(testApp.current.database.db, [
      third!,
      'A'.repeat(32),
      first!,
      second!,
      first!,
    ]);

    expect(found.map((session) => session?.user.id ?? null)).toEqual([
      runners[2]!.user.id,
      null,
      runners[0]!.user.id,
      runners[1]!.user.id,
      runners[0]!.user.id,
    ]);
  });

  it('gives each of many simultaneous requests its own runner', async () => {
    const organizer = await signUp(testApp.current.app);
    const race = await createMarathon(testApp.current.app, organizer);
    const runners = await Promise.all(Array.from({ length: 12 }, () => signUp(testApp.current.app)));

    const entries = await Promise.all(
      runners.map((runner) => register(testApp.current.app, runner, race._id)),
    );

    expect(entries.map((entry) => entry.email)).toEqual(runners.map((runner) => runner.user.email));
  });

  it('accepts every shape of credential better-auth accepts', async () => {
    const { cookie, token } = await signUp(testApp.current.app);
    const { raw, signature } = partsOf(token);
    const shapes = {
      'raw bearer token': bearerHeaders(raw),
      'signed bearer token': bearerHeaders(`${raw}.${signature}`),
      'percent-encoded signed bearer token': bearerHeaders(encodeURIComponent(`${raw}.${signature}`)),
      'lower-case scheme': { authorization: `bearer ${raw}.${signature}` },
      'session cookie': cookieHeaders(cookie),
    };

    for (const [shape, headers] of Object.entries(shapes)) {
      const response = await testApp.current.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers,
      });
      expect(response.json(), `better-auth, ${shape}`).not.toBeNull();
      expect((await myMarathons(headers)).statusCode, shape).toBe(200);
    }
  });

  it('refuses what better-auth refuses: forged, foreign or malformed signatures', async () => {
    const { token } = await signUp(testApp.current.app);
    const other = await signUp(testApp.current.app);
    const { raw, signature } = partsOf(token);
    const urlSafe = signature.replaceAll('+', '-').replaceAll('/', '_').replace(/=$/, '');
    const shapes = {
      'forged signature': bearerHeaders(`${raw}.${'A'.repeat(43)}=`),
      "another token's signature": bearerHeaders(`${raw}.${partsOf(other.token).signature}`),
      'signed with another secret': bearerHeaders(`${raw}.${sign(raw, 'not-the-server-secret')}`),
      'url-safe signature': bearerHeaders(`${raw}.${urlSafe}`),
      'unknown raw token': bearerHeaders('A'.repeat(32)),
      'no space after the scheme': { authorization: `Bearer\t${raw}` },
      'forged cookie': cookieHeaders(
        `better-auth.session_token=${encodeURIComponent(`${raw}.${'B'.repeat(43)}=`)}`,
      ),
    };

    for (const [shape, headers] of Object.entries(shapes)) {
      const response = await testApp.current.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers,
      });
      expect(response.json(), `better-auth, ${shape}`).toBeNull();
      expect((await myMarathons(headers)).statusCode, shape).toBe(401);
    }
  });

  it('refuses an expired session and deletes it, as better-auth does', async () => {
    const { token } = await signUp(testApp.current.app);
    const { raw } = partsOf(token);
    await testApp.current.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, raw));

    expect((await myMarathons(bearerHeaders(raw))).statusCode).toBe(401);
    expect(await sessionRow(raw)).toBeUndefined();
  });

  it('pushes a session on once a day of use has passed, and not before', async () => {
    const { token } = await signUp(testApp.current.app);
    const { raw, signature } = partsOf(token);
    const almostFresh = new Date(Date.now() + 30 * DAY_MS - DAY_MS / 2);
    const dueForRefresh = new Date(Date.now() + 30 * DAY_MS - 2 * DAY_MS);
    const setExpiry = (expiresAt: Date) =>
      testApp.current.database.db.update(sessions).set({ expiresAt }).where(eq(sessions.token, raw));

    const betterAuthReads = vi.spyOn(testApp.current.app.auth.api, 'getSession');

    await setExpiry(almostFresh);
    expect((await myMarathons(bearerHeaders(raw))).statusCode).toBe(200);
    expect((await sessionRow(raw))?.expiresAt).toEqual(almostFresh);
    expect(betterAuthReads).not.toHaveBeenCalled();

    await setExpiry(dueForRefresh);
    expect((await myMarathons(bearerHeaders(`${raw}.${signature}`))).statusCode).toBe(200);
    expect((await sessionRow(raw))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(betterAuthReads).toHaveBeenCalledOnce();
  });
});
