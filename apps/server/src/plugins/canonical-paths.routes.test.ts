import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN, createMarathon, marathonInput } from '../testing/marathon-fixtures.js';
import { listenOnLoopback, sendRaw } from '../testing/raw-http.js';
import { TEST_PASSWORD, type TestApp, buildTestApp, signUp } from '../testing/test-app.js';

/**
 * Every rule keyed on a path (the sign-in limits, the same-origin rule for writes, `no-store`) must judge the
 * path the router routes. Over a real socket: `fetch` and `app.inject` would tidy the paths up before sending.
 */
describe('paths written otherwise than the router reads them', () => {
  let testApp: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    testApp = await buildTestApp({
      config: {
        rateLimit: true,
        rateLimits: { signInFailures: 5, signUps: 1000, writes: 1000 },
        trustProxy: ['loopback'],
      },
    });
    baseUrl = await listenOnLoopback(testApp.app);
  });
  afterAll(() => testApp?.close());

  const signInPaths = [
    '/api/auth/./sign-in/email',
    '/api/auth/sign-in/./email',
    '/api/auth/sign-in/x/../email',
    '/api/auth/sign-in/email#x',
    '/api/auth/sign-in/%2e/email',
    '/api/auth/sign-in/%65mail',
    '/%61pi/auth/sign-in/email',
  ];
  const signInFrom = (address: string, path: string, body: object) =>
    sendRaw(baseUrl, {
      method: 'POST',
      path,
      headers: { origin: testApp.config.publicUrl, 'x-forwarded-for': address },
      body,
    });

  it.each(signInPaths)('answers a sign-in to %s with 400, checking no password', async (path) => {
    const { user } = await signUp(testApp.app);

    const answer = await signInFrom('203.0.113.90', path, { email: user.email, password: TEST_PASSWORD });

    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      success: false,
      message:
        'The address is not in its plain form: write it without "." or ".." segments, "#" or escaped letters.',
    });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('an address answered 429 stays refused, whichever way it writes the path: no password is checked', async () => {
    const { user } = await signUp(testApp.app);
    const address = '203.0.113.91';
    for (let n = 0; n < 5; n++) {
      const failed = await signInFrom(address, '/api/auth/sign-in/email', {
        email: user.email,
        password: 'Wrong-password1',
      });
      expect(failed.status).toBe(401);
    }

    for (const path of signInPaths) {
      for (const password of ['Wrong-password1', TEST_PASSWORD]) {
        const answer = await signInFrom(address, path, { email: user.email, password });
        expect([400, 429]).toContain(answer.status);
      }
    }
    const plain = await signInFrom(address, '/api/auth/sign-in/email', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(plain.status).toBe(429);
  });

  it('refuses a cookie-signed write from a foreign origin whatever escapes its path uses, and changes nothing', async () => {
    const organizer = await signUp(testApp.app);
    const race = await createMarathon(testApp.app, organizer, marathonInput());
    const headers = { cookie: organizer.cookie, origin: FOREIGN_ORIGIN };
    const attempts = [
      { method: 'POST', path: '/%61pi/add-marathon', body: marathonInput() },
      { method: 'PATCH', path: `/%61pi/marathons/${race._id}`, body: { title: 'Taken over' } },
      { method: 'PATCH', path: `/api/marath%6Fns/${race._id}`, body: { title: 'Taken over' } },
      { method: 'DELETE', path: `/%61pi/marathons/${race._id}` },
      { method: 'DELETE', path: `/api/./marathons/${race._id}` },
    ];

    for (const attempt of attempts) {
      const answer = await sendRaw(baseUrl, { ...attempt, headers });
      expect([400, 403, 404]).toContain(answer.status);
    }

    const stored = await testApp.app.inject({ url: `/api/marathons/${race._id}` });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().title).toBe(race.title);
    const own = await testApp.app.inject({ url: '/api/my-marathons', headers: { cookie: organizer.cookie } });
    expect(own.json()).toHaveLength(1);
  });

  it('never answers a personal read without Cache-Control: no-store, whichever way the path is written', async () => {
    const organizer = await signUp(testApp.app);
    await createMarathon(testApp.app, organizer, marathonInput());

    for (const path of ['/api/my-marathons', '/%61pi/my-marathons', '/api/my-marath%6Fns']) {
      const answer = await sendRaw(baseUrl, { path, headers: { cookie: organizer.cookie } });
      if (answer.status === 200) expect(answer.headers['cache-control']).toBe('no-store');
      else expect(answer.status).toBe(400);
    }
  });

  it('still routes what browsers and clients send: escaped reserved characters and any query string', async () => {
    const { user, cookie } = await signUp(testApp.app);

    const byEmail = await sendRaw(baseUrl, {
      path: `/api/registrations/by-email/${encodeURIComponent(user.email)}?q=${encodeURIComponent('é ü')}`,
      headers: { cookie },
    });
    const search = await sendRaw(baseUrl, { path: '/api/marathons?q=%2E%2E%2Fx%23y' });
    const page = await sendRaw(baseUrl, { path: '/marathons?page=2' });

    expect(byEmail.status).toBe(200);
    expect(search.status).toBe(200);
    expect([200, 404]).toContain(page.status);
  });
});
