import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, versionResponseSchema } from '@stride/shared';
import { API_INFO } from '../../plugins/openapi.js';

export type HealthChecks = {
  ping: () => Promise<void>;
  mailCounts: () => Promise<{ pending: number; failed: number }>;
};

export const healthRoutes: FastifyPluginAsyncZod<HealthChecks> = async (app, { ping, mailCounts }) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
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

  app.get('/api/version', { schema: { response: { 200: versionResponseSchema } } }, async () => API_INFO);
};
