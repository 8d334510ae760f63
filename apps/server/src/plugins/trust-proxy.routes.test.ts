import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, postAuth } from '../testing/test-app.js';
import type { TrustProxy } from '../config.js';

const FAILURES_ALLOWED = 5;

describe('behind a balancer (TRUST_PROXY)', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  /** Failed sign-ins for one unknown account, as the balancer on loopback passes them on for `client`. */
  const failedSignIns = (times: number, client: string) =>
    Promise.all(
      Array.from({ length: times }, () =>
        postAuth(
          testApp!.app,
          '/sign-in/email',
          { email: 'nobody@example.com', password: 'Wrong-password-1' },
          { 'x-forwarded-for': client },
        ),
      ),
    ).then((responses) => responses.map((response) => response.statusCode));

  const start = (trustProxy: TrustProxy) =>
    buildTestApp({
      config: {
        trustProxy,
        rateLimit: true,
        rateLimits: { signInFailures: FAILURES_ALLOWED, signUps: 30, writes: 60 },
      },
    });

  it("limits each client by its own address when the balancer's word is trusted", async () => {
    testApp = await start(['loopback']);

    expect(await failedSignIns(FAILURES_ALLOWED, '203.0.113.7')).toEqual(Array(FAILURES_ALLOWED).fill(401));
    expect(await failedSignIns(1, '203.0.113.7')).toEqual([429]);
    expect(await failedSignIns(1, '203.0.113.8')).toEqual([401]);
  });

  it('ignores X-Forwarded-For from anyone it does not trust: every client is the one address', async () => {
    testApp = await start(false);

    await failedSignIns(FAILURES_ALLOWED, '203.0.113.7');

    expect(await failedSignIns(1, '203.0.113.8')).toEqual([429]);
  });
});
