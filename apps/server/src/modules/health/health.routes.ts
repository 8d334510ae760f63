import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema, versionResponseSchema } from '@stride/shared';
import { API_INFO } from '../../plugins/openapi.js';

export type HealthChecks = {
  ping: () => Promise<void>;
  mailCounts: () => Promise<{ pending: number; failed: number }>;
  /** Whether the process is stopping: it still answers, but a balancer should send its requests elsewhere. */
  isDraining: () => boolean;
};

export const healthRoutes: FastifyPluginAsyncZod<HealthChecks> = async (
  app,
  { ping, mailCounts, isDraining },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Whether the server and its database answer (503 when the database does not)',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, mail: await mailCounts() };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary:
          'Whether a load balancer should send requests here (503 while the process drains or its database is down)',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (request, reply) => {
      if (isDraining()) return reply.status(503).send({ status: 'draining' as const });
      try {
        await ping();
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );

  app.get(
    '/api/version',
    {
      schema: {
        operationId: 'getVersion',
        tags: ['health'],
        summary: 'The API name and version (no database involved)',
        response: { 200: versionResponseSchema },
      },
    },
    async () => API_INFO,
  );
};
