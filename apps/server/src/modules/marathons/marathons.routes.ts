import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEATURED_MARATHONS_LIMIT,
  createMarathonSchema,
  deletedSchema,
  errorResponseSchema,
  idParamSchema,
  marathonDetailsQuerySchema,
  marathonDetailsSchema,
  marathonListQuerySchema,
  marathonSchema,
  marathonUpdatedSchema,
  optionalPagingFields,
  pageQuerySchema,
  requestedPage,
  updateMarathonSchema,
} from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import { CALENDAR_CONTENT_TYPE, sendCalendar } from '../../lib/calendar-reply.js';
import { isUuid } from '../../lib/ids.js';
import { sendJsonStream } from '../../lib/serialized-json.js';
import type { CalendarFiles } from '../../mail/calendar-files.js';
import { authenticate } from '../../plugins/auth.js';
import { type MarathonReads, marathonListSchema, sendPublicRead } from './marathons.reads.js';
import { MARATHON_MESSAGES, type MarathonsService, marathonNotFound } from './marathons.service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const marathonsRoutes: FastifyPluginAsyncZod<{
  service: MarathonsService;
  reads: MarathonReads;
  calendars: Pick<CalendarFiles, 'race'>;
}> = async (app, { service, reads, calendars }) => {
  app.post(
    '/api/add-marathon',
    {
      onRequest: authenticate,
      schema: {
        tags: ['marathons'],
        summary: 'Publish a marathon (the creator is the signed-in user)',
        body: createMarathonSchema,
        response: { 201: marathonSchema, ...errors },
      },
    },
    async (request, reply) => {
      const marathon = await service.createMarathon(await request.requireUser(), request.body);
      return reply.status(201).send(marathon);
    },
  );

  app.get(
    '/api/marathons/featured',
    {
      schema: {
        tags: ['marathons'],
        summary: `Up to ${FEATURED_MARATHONS_LIMIT} races not started yet: most registrations first, then the soonest`,
        response: { 200: marathonListSchema },
      },
    },
    async (_request, reply) => sendPublicRead(reply, await reads.featured()),
  );

  app.get(
    '/api/marathons',
    {
      schema: {
        tags: ['marathons'],
        summary:
          'All marathons by creation time, or those a search finds (q, distance, from, to, open); ' +
          'the total is in the X-Total-Count header',
        querystring: marathonListQuerySchema,
        response: { 200: marathonListSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => sendPublicRead(reply, await reads.list(request.query)),
  );

  app.get(
    '/api/marathons/:id/calendar.ics',
    {
      schema: {
        tags: ['marathons'],
        summary: 'The race as an iCalendar file (one VEVENT), to add to a calendar',
        params: idParamSchema,
        produces: [CALENDAR_CONTENT_TYPE],
        response: {
          200: z.string().describe('text/calendar'),
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw marathonNotFound();
      return sendCalendar(reply, calendars.race(await reads.calendarFacts(id)));
    },
  );

  app.get(
    '/api/marathons/:id',
    {
      schema: {
        tags: ['marathons'],
        summary:
          "One marathon; with include=myRegistration (signed in) also the runner's registration for it, or null",
        params: idParamSchema,
        querystring: marathonDetailsQuerySchema,
        response: {
          200: marathonDetailsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw marathonNotFound();
      if (request.query.include !== 'myRegistration') return sendPublicRead(reply, await reads.race(id));
      const runner = await request.requireUser();
      return sendPublicRead(reply, await reads.raceWithMyRegistration(id, runner.id));
    },
  );

  app.get(
    '/api/upcoming-marathons',
    {
      schema: {
        tags: ['marathons'],
        summary: 'Races not started yet, soonest first; the total is in the X-Total-Count header',
        querystring: pageQuerySchema,
        response: { 200: marathonListSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => sendPublicRead(reply, await reads.listPage('upcoming', request.query)),
  );

  app.get(
    '/api/my-marathons',
    {
      onRequest: authenticate,
      schema: {
        tags: ['marathons'],
        summary:
          "The signed-in user's own marathons, newest first: all of them, or a page with page/limit (the total in the X-Total-Count header)",
        querystring: z.object({ email: z.string().optional(), ...optionalPagingFields }),
        response: { 200: marathonListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { email } = request.query;
      if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can only list your own marathons.');
      }
      const page = requestedPage(request.query);
      if (!page) return sendJsonStream(reply, await reads.organizerRaces(user.id));
      return sendPublicRead(reply, await reads.organizerRacePage(user.id, page));
    },
  );

  app.patch(
    '/api/marathons/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['marathons'],
        summary: 'Change a marathon you created (totalRegistrationCount is never taken from the body)',
        params: idParamSchema,
        body: updateMarathonSchema,
        response: { 200: marathonUpdatedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { marathon, changed } = await service.updateMarathon(user, request.params.id, request.body);
      return {
        success: true as const,
        message: changed ? MARATHON_MESSAGES.updated : MARATHON_MESSAGES.nothingToUpdate,
        marathon,
      };
    },
  );

  app.delete(
    '/api/marathons/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['marathons'],
        summary: 'Delete a marathon you created, with its registrations',
        params: idParamSchema,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { registrationsDeleted } = await service.deleteMarathon(user, request.params.id);
      const withRegistrations =
        registrationsDeleted > 0
          ? ` with its ${registrationsDeleted} registration${registrationsDeleted === 1 ? '' : 's'}`
          : '';
      return {
        success: true as const,
        message: `${MARATHON_MESSAGES.deleted}${withRegistrations}`,
        deletedCount: 1,
      };
    },
  );
};
