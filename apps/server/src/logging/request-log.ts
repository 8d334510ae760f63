import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A request this slow is always logged. */
const SLOW_REQUEST_MS = 1_000;

/**
 * The request log: one line per request when it is done (not Fastify's two, "incoming request" and "request
 * completed"). Every failed (4xx, 5xx), errored or slow request is logged; of the others one in `every`, whose
 * line says how many it stands for (`sampled`), so counts from the log stay right. Formatting a line for each
 * of tens of thousands of requests a second cost a fifth of the throughput (docs/PERFORMANCE.md); a sample of
 * them costs nothing measurable. Fastify's other lines (errors, unknown routes) stay as they are.
 */
export class SampledRequestLog extends LogController {
  #successes = 0;

  constructor(private readonly every: number) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const { statusCode, elapsedTime: responseTime } = reply;
    const sampled = !error && statusCode < 400 && responseTime < SLOW_REQUEST_MS;
    if (sampled && this.#successes++ % this.every !== 0) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode,
      responseTime,
      ...(sampled && this.every > 1 && { sampled: this.every }),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
