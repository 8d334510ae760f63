import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  recordIdParam,
  participantSchema,
  participantsQuerySchema,
  raceStatsSchema,
  TOTAL_COUNT_HEADER,
} from '@stride/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { CSV_CONTENT_TYPE, sendCsv } from '../../lib/csv.js';
import { PARTICIPANT_MESSAGES, type ParticipantReads } from './participants.reads.js';
import type { RegistrationsService } from './registrations.service.js';

const errors = errorResponses(400, 401, 403, 404);

/** The organizer's race desk: the entries of their race, the CSV, sign-ups per day, cancelling (signed-in scope). */
export const participantsRoutes: FastifyPluginAsyncZod<{
  participants: ParticipantReads;
  service: Pick<RegistrationsService, 'cancelForOrganizer'>;
}> = async (app, { participants: reads, service }) => {
  app.get(
    '/api/marathons/:id/participants',
    {
      schema: {
        operationId: 'listParticipants',
        tags: ['participants'],
        summary:
          "Your race's entries, a page at a time: registered by bib, then the waitlist in line (or by sort); " +
          'q searches name, e-mail and bib; the total is in the X-Total-Count header',
        params: idParamSchema,
        querystring: participantsQuerySchema,
        response: { 200: z.array(participantSchema), ...errors },
      },
    },
    async (request, reply) => {
      const organizer = request.user;
      const { participants, total } = await reads.page(organizer, request.params.id, request.query);
      return reply.header(TOTAL_COUNT_HEADER, total).send(participants);
    },
  );

  app.get(
    '/api/marathons/:id/participants.csv',
    {
      schema: {
        operationId: 'exportParticipantsCsv',
        tags: ['participants'],
        summary:
          "Your race's entries as a CSV file (UTF-8 with a byte order mark), with the list's filters and order",
        params: idParamSchema,
        querystring: participantsQuerySchema.omit({ page: true, limit: true }),
        produces: [CSV_CONTENT_TYPE],
        response: { 200: z.string().describe(CSV_CONTENT_TYPE), ...errors },
      },
    },
    async (request, reply) => {
      const organizer = request.user;
      const { filename, content } = await reads.csv(organizer, request.params.id, request.query);
      return sendCsv(reply, filename, content);
    },
  );

  app.get(
    '/api/marathons/:id/stats',
    {
      schema: {
        operationId: 'getRaceStats',
        tags: ['participants'],
        summary:
          "Your race's sign-ups per UTC day since its window opened, with its limit, places left and counts",
        params: idParamSchema,
        response: { 200: raceStatsSchema, ...errors },
      },
    },
    async (request) => reads.stats(request.user, request.params.id),
  );

  app.delete(
    '/api/marathons/:id/participants/:registrationId',
    {
      schema: {
        operationId: 'cancelParticipantRegistration',
        tags: ['participants'],
        summary:
          'Cancel an entry of your race: the runner is mailed, and a place it frees goes to the first in line',
        params: z.object({ id: recordIdParam, registrationId: recordIdParam }),
        response: { 200: z.object({ message: z.string(), refundAmount: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { id, registrationId } = request.params;
      const { refundAmount } = await service.cancelForOrganizer(request.user, id, registrationId);
      return { message: PARTICIPANT_MESSAGES.cancelled, refundAmount };
    },
  );
};
