import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEATURED_MARATHONS_LIMIT,
  createMarathonSchema,
  deletedSchema,
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
import { errorResponses } from '../../lib/error-responses.js';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../plugins/auth/session.js';
import { type MarathonReads, marathonListSchema, sendPublicRead } from './marathons.reads.js';
import { MARATHON_MESSAGES, type MarathonsService, marathonNotFound } from './marathons.service.js';

type MarathonsRouteDependencies = {
  service: MarathonsService;
  reads: MarathonReads;
  calendars: Pick<CalendarFiles, 'race'>;
};

const ownRaceErrors = errorResponses(400, 401, 403, 404);

/** The races anyone may read: the lists, the search, one race, its calendar file. */
export const marathonsRoutes: FastifyPluginAsyncZod<MarathonsRouteDependencies> = async (
  app,
  { reads, calendars },
) => {
  app.get(
    '/api/marathons/featured',
    {
      schema: {
        operationId: 'listFeaturedMarathons',
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
        operationId: 'listMarathons',
        tags: ['marathons'],
        summary:
          'All marathons by creation time, or those a search finds (q, distance, from, to, open); ' +
          'the total is in the X-Total-Count header',
        querystring: marathonListQuerySchema,
        response: { 200: marathonListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPublicRead(reply, await reads.list(request.query)),
  );

  app.get(
    '/api/marathons/:id/calendar.ics',
    {
      schema: {
        operationId: 'getMarathonCalendar',
        tags: ['marathons'],
        summary: 'The race as an iCalendar file (one VEVENT), to add to a calendar',
        params: idParamSchema,
        produces: [CALENDAR_CONTENT_TYPE],
        response: { 200: z.string().describe('text/calendar'), ...errorResponses(404) },
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
        operationId: 'getMarathon',
        tags: ['marathons'],
        summary:
          "One marathon; with include=myRegistration (signed in) also the runner's registration for it, or null",
        params: idParamSchema,
        querystring: marathonDetailsQuerySchema,
        response: { 200: marathonDetailsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw marathonNotFound();
      if (request.query.include !== 'myRegistration') return sendPublicRead(reply, await reads.race(id));
      const runner = await request.getUser();
      if (!runner) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
      return sendPublicRead(reply, await reads.raceWithMyRegistration(id, runner.id));
    },
  );

  app.get(
    '/api/upcoming-marathons',
    {
      schema: {
        operationId: 'listUpcomingMarathons',
        tags: ['marathons'],
        summary: 'Races not started yet, soonest first; the total is in the X-Total-Count header',
        querystring: pageQuerySchema,
        response: { 200: marathonListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => sendPublicRead(reply, await reads.listPage('upcoming', request.query)),
  );
};

/** The organizer's own races: publishing, changing, deleting, listing them (signed-in scope). */
export const organizerMarathonsRoutes: FastifyPluginAsyncZod<MarathonsRouteDependencies> = async (
  app,
  { service, reads },
) => {
  app.post(
    '/api/add-marathon',
    {
      schema: {
        operationId: 'createMarathon',
        tags: ['marathons'],
        summary: 'Publish a marathon (the creator is the signed-in user)',
        body: createMarathonSchema,
        response: { 201: marathonSchema, ...ownRaceErrors },
      },
    },
    async (request, reply) => {
      const marathon = await service.createMarathon(request.user, request.body);
      return reply.status(201).send(marathon);
    },
  );

  app.get(
    '/api/my-marathons',
    {
      schema: {
        operationId: 'listMyMarathons',
        tags: ['marathons'],
        summary:
          "The signed-in user's own marathons, newest first: all of them, or a page with page/limit (the total in the X-Total-Count header)",
        querystring: z.object({ email: z.string().optional(), ...optionalPagingFields }),
        response: { 200: marathonListSchema, ...ownRaceErrors },
      },
    },
    async (request, reply) => {
      const { user } = request;
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
      schema: {
        operationId: 'updateMarathon',
        tags: ['marathons'],
        summary: 'Change a marathon you created (totalRegistrationCount is never taken from the body)',
        params: idParamSchema,
        body: updateMarathonSchema,
        response: { 200: marathonUpdatedSchema, ...ownRaceErrors },
      },
    },
    async (request) => {
      const { marathon, changed } = await service.updateMarathon(
        request.user,
        request.params.id,
        request.body,
      );
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
      schema: {
        operationId: 'deleteMarathon',
        tags: ['marathons'],
        summary: 'Delete a marathon you created, with its registrations',
        params: idParamSchema,
        response: { 200: deletedSchema, ...ownRaceErrors },
      },
    },
    async (request) => {
      const { registrationsDeleted } = await service.deleteMarathon(request.user, request.params.id);
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
