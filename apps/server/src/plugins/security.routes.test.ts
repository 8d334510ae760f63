import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN, createMarathon, getMarathon, marathonInput } from '../testing/marathon-fixtures.js';
import {
  type SignedIn,
  type TestApp,
  bearerHeaders,
  buildTestApp,
  cookieHeaders,
  signUp,
} from '../testing/test-app.js';
import { CROSS_SITE_MESSAGES, SCAN_WRITES_FACTOR } from './security.js';

describe('security headers and limits', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      config: { rateLimit: true, rateLimits: { signInFailures: 5, signUps: 30, writes: 3 } },
    });
  });
  afterAll(() => testApp?.close());

  it('sends a Content-Security-Policy that allows only the site’s own scripts', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    const policy = response.headers['content-security-policy'];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every answer: a read, a 404 and a refused write', async () => {
    const answers = await Promise.all([
      testApp.app.inject({ url: '/api/health' }),
      testApp.app.inject({ url: '/api/no-such-route' }),
      testApp.app.inject({ method: 'POST', url: '/api/add-marathon', payload: {} }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401]);
    const [first] = answers;
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(first!.headers[name]).toBeTruthy();
      for (const answer of answers) expect(answer.headers[name]).toBe(first!.headers[name]);
    }
    expect(first!.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a body over 1 MiB with 413 and the error shape', async () => {
    const { token } = await signUp(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/add-marathon',
      headers: { 'content-type': 'application/json', ...bearerHeaders(token) },
      payload: JSON.stringify({ description: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, message: 'The request body is too large.' });
  });

  it('limits writes per user with 429 and Retry-After, leaving other users and reads alone', async () => {
    const runner = await signUp(testApp.app);
    const other = await signUp(testApp.app);
    const marathon = await createMarathon(testApp.app, runner, marathonInput());
    const patch = (token: string) =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/marathons/${marathon._id}`,
        headers: bearerHeaders(token),
        payload: { title: 'Renamed' },
      });

    expect((await patch(runner.token)).statusCode).toBe(200);
    expect((await patch(runner.token)).statusCode).toBe(200); // the create above was the first write
    const limited = await patch(runner.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many changes/),
    });

    expect((await patch(other.token)).statusCode).toBe(403); // counted separately: refused for ownership, not rate
    expect((await getMarathon(testApp.app, marathon._id))?.title).toBe('Renamed');
  });

  it("counts a check-in phone's scan batches apart from other writes, with more of them a minute", async () => {
    const organizer = await signUp(testApp.app);
    const marathon = await createMarathon(testApp.app, organizer, marathonInput()); // writes: 1 of 3
    const scan = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/marathons/${marathon._id}/checkins`,
        headers: bearerHeaders(organizer.token),
        payload: { scans: [{ scanId: randomUUID(), bib: 1 }] },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 3 * SCAN_WRITES_FACTOR + 1; i++) statuses.push((await scan()).statusCode);
    expect(statuses.slice(0, 3 * SCAN_WRITES_FACTOR)).toEqual(Array(3 * SCAN_WRITES_FACTOR).fill(200));
    expect(statuses.at(-1)).toBe(429);
    // The other writes kept their own count: two left.
    const patch = () =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/marathons/${marathon._id}`,
        headers: bearerHeaders(organizer.token),
        payload: { title: 'Race morning' },
      });
    expect((await patch()).statusCode).toBe(200);
    expect((await patch()).statusCode).toBe(200);
    expect((await patch()).statusCode).toBe(429);
  });
});

describe('OpenAPI', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp?.close());

  it('documents every call of docs/SPEC.md §7 at /api/openapi.json, generated from the schemas', async () => {
    const response = await testApp.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/add-marathon',
        'GET /api/marathons/featured',
        'GET /api/marathons',
        'GET /api/marathons/{id}',
        'GET /api/upcoming-marathons',
        'GET /api/my-marathons',
        'PATCH /api/marathons/{id}',
        'DELETE /api/marathons/{id}',
        'GET /api/registrations/by-email/{email}',
        'POST /api/registrations',
        'PATCH /api/registrations/{id}',
        'DELETE /api/registrations/{id}',
      ]),
    );
    const addMarathon = document.paths['/api/add-marathon']?.post as { requestBody?: unknown };
    expect(JSON.stringify(addMarathon.requestBody)).toContain('startRegDate');
  });

  it('serves the interactive docs at /api/docs', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('who a write acts for', () => {
  let testApp: TestApp;
  let runner: SignedIn;
  beforeAll(async () => {
    testApp = await buildTestApp();
    runner = await signUp(testApp.app);
  });
  afterAll(() => testApp?.close());

  const addMarathon = (headers: Record<string, string>) =>
    testApp.app.inject({ method: 'POST', url: '/api/add-marathon', headers, payload: marathonInput() });
  const myMarathonTitles = async () =>
    (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/my-marathons',
        headers: bearerHeaders(runner.token),
      })
    ).json<Array<{ title: string }>>();

  it('a bearer token authenticates alone: a bad one is a 401 even beside a valid cookie and a foreign Origin', async () => {
    // A token with a forged signature (better-auth would fall back on the cookie), and one it cannot use.
    const badTokens = [`${runner.token.split('.')[0]}.${'A'.repeat(43)}`, 'bogus-token'];
    for (const badToken of badTokens) {
      const headers = { cookie: runner.cookie, authorization: `Bearer ${badToken}` };

      const write = await addMarathon({ ...headers, origin: FOREIGN_ORIGIN });
      expect(write.statusCode).toBe(401);
      const read = await testApp.app.inject({ method: 'GET', url: '/api/my-marathons', headers });
      expect(read.statusCode).toBe(401);
      const session = await testApp.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
      expect(session.json()).toBeNull();
    }
    expect(await myMarathonTitles()).toEqual([]);
  });

  it('refuses a cookie write without an Origin header with 403, changing nothing', async () => {
    const response = await addMarathon({ cookie: runner.cookie });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: CROSS_SITE_MESSAGES.noOrigin });
    expect(await myMarathonTitles()).toEqual([]);
  });

  it('accepts a cookie write without Origin when the browser vouches for it with Sec-Fetch-Site: same-origin', async () => {
    const response = await addMarathon({ cookie: runner.cookie, 'sec-fetch-site': 'same-origin' });

    expect(response.statusCode).toBe(201);
    expect(await myMarathonTitles()).toEqual([expect.objectContaining({ title: response.json().title })]);
  });

  it('refuses Sec-Fetch-Site: cross-site without Origin, and a foreign Origin, with 403', async () => {
    const refusedHeaders: Array<Record<string, string>> = [
      { cookie: runner.cookie, 'sec-fetch-site': 'cross-site' },
      { cookie: runner.cookie, origin: FOREIGN_ORIGIN, 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of refusedHeaders) expect((await addMarathon(headers)).statusCode).toBe(403);
  });

  it('an anonymous write without Origin is a 401, not a 403: nobody is signed in', async () => {
    expect((await addMarathon({})).statusCode).toBe(401);
  });
});

describe('personal answers are never cached', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp?.close());

  it('sends Cache-Control: no-store on every API answer to a request with credentials', async () => {
    const runner = await signUp(testApp.app);
    const answers = await Promise.all([
      testApp.app.inject({ url: '/api/my-marathons', headers: bearerHeaders(runner.token) }),
      testApp.app.inject({ url: '/api/my-marathons', headers: cookieHeaders(runner.cookie) }),
      testApp.app.inject({
        url: `/api/registrations/by-email/${encodeURIComponent(runner.user.email)}`,
        headers: bearerHeaders(runner.token),
      }),
      testApp.app.inject({ url: '/api/auth/get-session', headers: cookieHeaders(runner.cookie) }),
      testApp.app.inject({ url: '/api/my-marathons', headers: bearerHeaders('bogus') }),
    ]);

    expect(answers.map((answer) => [answer.statusCode, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
    ]);
  });
});
