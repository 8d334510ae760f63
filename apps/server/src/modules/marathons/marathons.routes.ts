import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEATURED_MARATHONS_LIMIT,
  createMarathonSchema,
  deletedSchema,
  errorResponseSchema,
  idParamSchema,
  marathonListQuerySchema,
  marathonSchema,
  marathonUpdatedSchema,
  pageQuerySchema,
  updateMarathonSchema,
} from '@stride/shared';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { isUuid } from '../../lib/ids.js';
import { authenticate } from '../../plugins/auth.js';
import { createMarathonLists } from './marathon-lists.js';
import { createMarathonsRepository } from './marathons.repository.js';
import { MARATHON_MESSAGES, createMarathonsService, marathonNotFound } from './marathons.service.js';

const TOTAL_COUNT_HEADER = 'x-total-count';
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const marathonsRoutes: FastifyPluginAsyncZod<{ db: Database; changes: ChangeFeed }> = async (
  app,
  { db, changes },
) => {
  const marathons = createMarathonsRepository(db);
  const lists = createMarathonLists(marathons);
  changes.onRacesChanged(lists.invalidate);
  const service = createMarathonsService(db, { onRacesChanged: changes.racesChanged });

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
        response: { 200: z.array(marathonSchema) },
      },
    },
    async () => marathons.findFeatured(new Date(), FEATURED_MARATHONS_LIMIT),
  );

  app.get(
    '/api/marathons',
    {
      schema: {
        tags: ['marathons'],
        summary: 'All marathons by creation time; the total is in the X-Total-Count header',
        querystring: marathonListQuerySchema,
        response: { 200: z.array(marathonSchema), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { sort, page, limit } = request.query;
      const { items, total } = await lists.page(sort, { page, limit });
      return reply.header(TOTAL_COUNT_HEADER, total).send(items);
    },
  );

  app.get(
    '/api/marathons/:id',
    {
      schema: {
        tags: ['marathons'],
        summary: 'One marathon',
        params: idParamSchema,
        response: { 200: marathonSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const marathon = isUuid(request.params.id) ? await marathons.findById(request.params.id) : null;
      if (!marathon) throw marathonNotFound();
      return marathon;
    },
  );

  app.get(
    '/api/upcoming-marathons',
    {
      schema: {
        tags: ['marathons'],
        summary: 'Races not started yet, soonest first; the total is in the X-Total-Count header',
        querystring: pageQuerySchema,
        response: { 200: z.array(marathonSchema), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await lists.page('upcoming', request.query);
      return reply.header(TOTAL_COUNT_HEADER, total).send(items);
    },
  );

  app.get(
    '/api/my-marathons',
    {
      onRequest: authenticate,
      schema: {
        tags: ['marathons'],
        summary: "The signed-in user's own marathons, newest first",
        querystring: z.object({ email: z.string().optional() }),
        response: { 200: z.array(marathonSchema), ...errors },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { email } = request.query;
      if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can only list your own marathons.');
      }
      return marathons.findByCreator(user.id);
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
