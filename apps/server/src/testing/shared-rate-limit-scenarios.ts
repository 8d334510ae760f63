import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RateLimitStoreSetting } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createMarathon, marathonInput } from './marathon-fixtures.js';
import {
  type TestApp,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  bearerHeaders,
  buildTestApp,
  makeSignUpInput,
  signUp,
} from './test-app.js';
import { createTestDatabase } from './test-database.js';

const LIMITS = { signInFailures: 5, signUps: 3, writes: 4 };

/**
 * Two server processes on one database, as behind a load balancer, counting their rate limits in the store
 * `setting` names: each limit holds for the two together, requests alternating between them.
 */
export function testSharedRateLimits(setting: () => RateLimitStoreSetting) {
  let database: DatabaseHandle;
  let processes: TestApp[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { rateLimit: true, rateLimitStore: setting(), rateLimits: LIMITS };
    processes = [await buildTestApp({ database, config }), await buildTestApp({ database, config })];
  });
  afterAll(async () => {
    for (const { close } of processes) await close();
    await database?.close();
  });
  /** The process that answers the `index`-th request: each in turn. */
  const processFor = (index: number) => processes[index % processes.length]!.app;
  const postAuthFrom = (index: number, remoteAddress: string, path: string, payload: object) =>
    processFor(index).inject({
      method: 'POST',
      url: `/api/auth${path}`,
      remoteAddress,
      headers: { origin: TEST_PUBLIC_URL },
      payload,
    });

  it('refuses the failed sign-in after the limit with 429, whichever process counted the failures', async () => {
    const { user } = await signUp(processFor(0));
    const attempt = (index: number, password: string) =>
      postAuthFrom(index, '203.0.113.21', '/sign-in/email', { email: user.email, password });

    for (let index = 0; index < LIMITS.signInFailures; index++) {
      expect((await attempt(index, 'Wrong-password1')).statusCode).toBe(401);
    }
    for (const index of [0, 1]) {
      const refused = await attempt(index, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many attempts, try again in \d+ seconds$/),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-retry-after']).toBe(refused.headers['retry-after']);
    }
  });

  it('checks at most the limit of simultaneous guesses from one address, over both processes', async () => {
    const { user } = await signUp(processFor(0));

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        postAuthFrom(index, '203.0.113.22', '/sign-in/email', {
          email: user.email,
          password: index === 39 ? TEST_PASSWORD : 'Wrong-password1',
        }),
      ),
    );

    const checked = answers.filter((answer) => answer.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(LIMITS.signInFailures);
    expect(checked.every((answer) => answer.statusCode === 401 || answer.statusCode === 200)).toBe(true);
  });

  it('refuses the write after the limit with 429, whichever process counted the writes', async () => {
    const runner = await signUp(processFor(1));
    const marathon = await createMarathon(processFor(0), runner, marathonInput()); // the first write
    const rename = (index: number) =>
      processFor(index).inject({
        method: 'PATCH',
        url: `/api/marathons/${marathon._id}`,
        headers: bearerHeaders(runner.token),
        payload: { title: `Renamed ${index}` },
      });

    for (let index = 1; index < LIMITS.writes; index++) expect((await rename(index)).statusCode).toBe(200);
    for (const index of [0, 1]) {
      const refused = await rename(index);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        message: expect.stringMatching(/^Too many changes, try again in \d+ seconds$/),
      });
    }
  });

  it("refuses the sign-up after better-auth's limit with 429, whichever process counted the sign-ups", async () => {
    const signUpFrom = (index: number) =>
      postAuthFrom(index, '198.51.100.31', '/sign-up/email', makeSignUpInput());

    for (let index = 0; index < LIMITS.signUps; index++)
      expect((await signUpFrom(index)).statusCode).toBe(200);
    for (const index of [0, 1]) {
      const refused = await signUpFrom(index);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['x-retry-after'])).toBeGreaterThan(0);
    }
  });
}
