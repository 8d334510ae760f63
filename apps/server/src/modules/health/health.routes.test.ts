import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { type TestApp, buildTestApp } from '../../testing/test-app.js';
import { createTestDatabase } from '../../testing/test-database.js';

// Both health checks' tests build apps on one database, some with a ping that fails.
let database: DatabaseHandle;
let testApp: TestApp | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});
afterAll(() => database?.close());

describe('GET /api/health', () => {
  it('answers 200 ok when the database answers', async () => {
    testApp = await buildTestApp({ database });

    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', mail: { pending: 0, failed: 0 } });
  });

  it('answers 503 unavailable, without details, when the database does not answer', async () => {
    testApp = await buildTestApp({
      database: { ...database, ping: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:5432')) },
    });

    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});

describe('GET /api/health/ready', () => {
  const readiness = async () => {
    const response = await testApp!.app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers 200 ready, then 503 draining once the process starts to stop, while other routes still answer', async () => {
    testApp = await buildTestApp({ database });
    expect(await readiness()).toEqual({ status: 200, body: { status: 'ready' } });

    testApp.app.startDraining();

    expect(await readiness()).toEqual({ status: 503, body: { status: 'draining' } });
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close'); // a kept-alive connection ends with this answer
  });

  it('answers 503 unavailable when the database does not answer', async () => {
    testApp = await buildTestApp({
      database: { ...database, ping: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:5432')) },
    });

    expect(await readiness()).toEqual({ status: 503, body: { status: 'unavailable' } });
  });
});

describe('GET /api/version', () => {
  it('answers the API name and version without asking the database', async () => {
    const database = await createTestDatabase();
    const testApp = await buildTestApp({
      database: { ...database, ping: () => Promise.reject(new Error('the database is down')) },
    });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/version' });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'Stride API', version: '1.0.0' });
    } finally {
      await testApp.close();
      await database.close();
    }
  });
});
