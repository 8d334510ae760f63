import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp, buildTestApp } from '../testing/test-app.js';

/** A handler failing with internals in its message, the way a driver or a bug would. */
const SECRET_DETAIL = 'relation "users" does not exist at /srv/stride/secret.ts:42';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.app.get('/api/test/explodes', async () => {
    throw new Error(SECRET_DETAIL);
  });
});
afterAll(() => testApp?.close());

const malformedJson: InjectOptions = {
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
  payload: '{"email": "ada@example.com", "password": ',
};

describe('errors found before routing', () => {
  it.each([
    [
      'a malformed %-escape',
      '/api/marathons/%E0%A4%A',
      400,
      'The address is not a valid URL (it holds a malformed %-escape).',
    ],
    [
      'a path segment over 2048 characters',
      `/api/marathons/${'a'.repeat(3000)}`,
      414,
      'The address is too long.',
    ],
  ])(
    'answer %s in the error shape, with the request id and security headers',
    async (_case, url, status, message) => {
      const response = await testApp.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ success: false, message });
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});

describe('the error handler', () => {
  it('answers a malformed JSON body with 400 and a JSON message', async () => {
    const response = await testApp.app.inject(malformedJson);

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nope?x=1' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: false, message: 'Not found: GET /api/nope' });
  });

  it('answers an unexpected failure with 500, a request id to report and none of the details', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/explodes' });

    const requestId = response.headers['x-request-id'];
    expect(response.statusCode).toBe(500);
    expect(requestId).toEqual(expect.any(String));
    expect(response.json()).toEqual({
      success: false,
      message: `Something went wrong on our side. If it keeps happening, report request ${requestId}.`,
      requestId,
    });
    expect(response.body).not.toContain('secret.ts');
  });

  it.each<[string, InjectOptions]>([
    ['malformed JSON', malformedJson],
    ['an unknown path', { method: 'DELETE', url: '/api/nope' }],
    ['an unexpected failure', { method: 'GET', url: '/api/test/explodes' }],
    ['a body that is too large', { ...malformedJson, payload: `"${'x'.repeat(1024 * 1024)}"` }],
    [
      'an unsupported content type',
      { ...malformedJson, headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
    ],
  ])('never shows a stack trace or internals: %s', async (_case, request) => {
    const response = await testApp.app.inject(request);

    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(response.json()).not.toHaveProperty('stack');
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts:\d+/);
  });
});
