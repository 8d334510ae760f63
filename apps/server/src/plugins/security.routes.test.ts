import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarathon, getMarathon, marathonInput } from '../testing/marathon-fixtures.js';
import { type TestApp, bearerHeaders, buildTestApp, signUp } from '../testing/test-app.js';

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
});

describe('OpenAPI', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp?.close());

  it('documents every call of SPEC.md §7 at /api/openapi.json, generated from the schemas', async () => {
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
