import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RACE_DAY_LIMITS,
  checkinParamSchema,
  checkinsRequestSchema,
  checkinsResponseSchema,
  idParamSchema,
  rosterEntrySchema,
  rosterQuerySchema,
  rosterSchema,
} from '@stride/shared';
import { sendCompressedJson } from '../../lib/compressed-json.js';
import { errorResponses } from '../../lib/error-responses.js';
import type { CheckinReads } from './checkin.reads.js';
import type { CheckinService } from './checkin.service.js';

const tags = ['checkin'];

/** Race day's check-in, for the race's organizer and team (signed-in scope). */
export const checkinRoutes: FastifyPluginAsyncZod<{ service: CheckinService; reads: CheckinReads }> = async (
  app,
  { service, reads },
) => {
  app.get(
    '/api/marathons/:id/checkin/roster',
    {
      schema: {
        operationId: 'getCheckinRoster',
        tags,
        summary:
          "The race's check-in roster (organizer, co-organizers, check-in volunteers): every registered runner by bib " +
          'with the SHA-256 of their check-in code, or with since (an earlier cursor) those changed and removed since; ' +
          'compressed for clients that accept it, with an ETag (304 for If-None-Match)',
        params: idParamSchema,
        querystring: rosterQuerySchema,
        response: { 200: rosterSchema, ...errorResponses(400, 401, 403, 404) },
      },
      // The phone keeps it and asks again with If-None-Match: private, no-cache rather than no-store.
      config: { keptPrivately: true },
    },
    async (request, reply) => {
      return reads.roster(request.user, request.params.id, request.query.since, (parts) =>
        sendCompressedJson(request, reply, parts),
      );
    },
  );

  app.post(
    '/api/marathons/:id/checkins',
    {
      schema: {
        operationId: 'checkInRunners',
        tags,
        summary:
          `Check runners in: 1 to ${RACE_DAY_LIMITS.scansPerBatch} scans, each by code, bib or registrationId with a ` +
          'client-made scanId; answered in the order sent. The first check-in of a runner wins; a scanId sent again ' +
          `gets its first answer; a scan's at is kept within the last ${RACE_DAY_LIMITS.pastScanHours} hours, else the server's time`,
        params: idParamSchema,
        body: checkinsRequestSchema,
        response: { 200: checkinsResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: { scanWrites: true },
    },
    async (request) => ({
      results: await service.checkIn(request.user, request.params.id, request.body.scans),
    }),
  );

  app.delete(
    '/api/marathons/:id/checkins/:registrationId',
    {
      schema: {
        operationId: 'undoCheckIn',
        tags,
        summary:
          "Undo a runner's check-in: the organizer and co-organizers any, a check-in volunteer their own within " +
          `${RACE_DAY_LIMITS.undoMinutes} minutes`,
        params: checkinParamSchema,
        response: { 200: rosterEntrySchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
      config: { scanWrites: true },
    },
    async (request) => {
      const { id, registrationId } = request.params;
      return service.undo(request.user, id, registrationId);
    },
  );
};
