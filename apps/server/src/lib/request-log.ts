import type { FastifyInstance } from 'fastify';

/** A request this slow is always logged. */
const SLOW_REQUEST_MS = 1_000;

/**
 * The request log: one line per request, at level info, when it is done. Every failed (4xx, 5xx) or slow
 * request is logged; of the others one in `every`, whose line says how many it stands for (`sampled`), so
 * counts from the log stay right. Formatting a line for each of tens of thousands of requests a second cost a
 * fifth of the throughput (docs/PERFORMANCE.md); a sample of them costs nothing measurable.
 */
export function registerRequestLog(app: FastifyInstance, { every }: { every: number }) {
  let successes = 0;
  app.addHook('onResponse', async (request, reply) => {
    const { statusCode, elapsedTime: responseTime } = reply;
    const sampled = statusCode < 400 && responseTime < SLOW_REQUEST_MS;
    if (sampled && successes++ % every !== 0) return;
    const { method, url } = request;
    request.log.info(
      { method, url, statusCode, responseTime, ...(sampled && every > 1 && { sampled: every }) },
      'request completed',
    );
  });
}
