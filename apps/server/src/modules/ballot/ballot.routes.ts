import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ballotSchema, idParamSchema } from '@stride/shared';
import { CSV_CONTENT_TYPE, sendCsv } from '../../lib/csv.js';
import { errorResponses } from '../../lib/error-responses.js';
import type { BallotService } from './ballot.service.js';

const tags = ['ballot'];

/** A race's ballot, public: anyone can check a draw (public scope). */
export const ballotRoutes: FastifyPluginAsyncZod<{ service: BallotService }> = async (app, { service }) => {
  app.get(
    '/api/marathons/:id/ballot',
    {
      schema: {
        operationId: 'getBallot',
        tags,
        summary:
          'The race’s ballot: entries, the seed’s SHA-256 commitment once entries close, the seed once drawn, ' +
          'the algorithm (docs/PRODUCT.md says how to recompute the draw)',
        params: idParamSchema,
        response: { 200: ballotSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-cache').send(await service.record(request.params.id)),
  );

  app.get(
    '/api/marathons/:id/ballot/entries.csv',
    {
      schema: {
        operationId: 'downloadBallotEntries',
        tags,
        summary: 'After the draw: every entry id in drawn order with its outcome (won, waitlisted); no names',
        params: idParamSchema,
        produces: [CSV_CONTENT_TYPE],
        response: { 200: z.string().describe(CSV_CONTENT_TYPE), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await service.entriesCsv(request.params.id);
      return sendCsv(reply, filename, content);
    },
  );
};

/** Drawing a race's ballot early: its organizer and co-organizers (signed-in scope). */
export const ballotDrawRoutes: FastifyPluginAsyncZod<{ service: BallotService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/marathons/:id/ballot/draw',
    {
      schema: {
        operationId: 'drawBallot',
        tags,
        summary:
          'Draw the ballot now, once its entry window has closed (it draws itself at ballotDrawAt otherwise); ' +
          'only once',
        params: idParamSchema,
        response: { 200: ballotSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => service.draw(request.user, request.params.id),
  );
};
