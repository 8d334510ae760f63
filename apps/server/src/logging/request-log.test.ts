import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SampledRequestLog } from './request-log.js';

/** A Fastify app with the request log, its log lines kept as objects. */
async function appWithRequestLog(every: number) {
  const lines: Array<Record<string, unknown>> = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    logController: new SampledRequestLog(every),
  });
  app.get('/ok', async () => ({ ok: true }));
  await app.ready();
  return { app, requests: () => lines.filter((line) => line.msg === 'request completed') };
}

describe('SampledRequestLog', () => {
  it('logs one successful request in `every`, saying how many it stands for', async () => {
    const { app, requests } = await appWithRequestLog(3);

    for (let n = 0; n < 6; n++) await app.inject({ url: '/ok' });

    expect(requests()).toEqual([
      expect.objectContaining({ method: 'GET', url: '/ok', statusCode: 200, sampled: 3 }),
      expect.objectContaining({ method: 'GET', url: '/ok', statusCode: 200, sampled: 3 }),
    ]);
  });

  it('logs every failed request, unsampled', async () => {
    const { app, requests } = await appWithRequestLog(100);

    await app.inject({ url: '/missing' });
    await app.inject({ url: '/missing?again' });

    expect(requests()).toEqual([
      expect.objectContaining({ url: '/missing', statusCode: 404 }),
      expect.objectContaining({ url: '/missing?again', statusCode: 404 }),
    ]);
    expect(requests()[0]).not.toHaveProperty('sampled');
  });

  it('with every = 1, logs each request without a sample weight', async () => {
    const { app, requests } = await appWithRequestLog(1);

    await app.inject({ url: '/ok' });
    await app.inject({ url: '/ok' });

    expect(requests()).toHaveLength(2);
    expect(requests()[0]).not.toHaveProperty('sampled');
    expect(requests()[0]).toHaveProperty('responseTime');
  });
});
