import type { FastifyReply } from 'fastify';
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
  pageQuerySchema,
  updateMarathonSchema,
} from '@stride/shared';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { createReadThroughCache } from '../../lib/expiring-cache.js';
import { sendSerializedJson, serializeJson, type SerializedJson } from '../../lib/serialized-json.js';
import { isUuid } from '../../lib/ids.js';
import { authenticate } from '../../plugins/auth.js';
import { createMarathonLists } from './marathon-lists.js';
import { createMarathonsRepository, type MarathonList } from './marathons.repository.js';
import { MARATHON_MESSAGES, createMarathonsService, marathonNotFound } from './marathons.service.js';

const TOTAL_COUNT_HEADER = 'x-total-count';
const marathonListSchema = z.array(marathonSchema);

/**
 * Public reads are kept serialised for 2 s: under load most requests are answered from memory. This server's
 * own writes (a race's, or a registration moving a count) replace them at once; the age bounds how long
 * another server process's writes go unseen.
 */
const PUBLIC_READ_MAX_AGE_MS = 2_000;
const PUBLIC_READS_KEPT = 2_000;
type PublicRead = { body: SerializedJson<unknown>; total?: number };
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** What the marathons module needs to know of registrations: a runner's entry for a race. */
export type RunnerEntries = {
  findRegistrationId: (raceId: string, runnerId: string) => Promise<string | null>;
};

export const marathonsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  changes: ChangeFeed;
  readCache: boolean;
  runnerEntries: RunnerEntries;
}> = async (app, { db, changes, readCache, runnerEntries }) => {
  const marathons = createMarathonsRepository(db);
  const lists = createMarathonLists(marathons);
  changes.onRacesChanged(lists.invalidate);
  const publicReads = createReadThroughCache<PublicRead>({
    maxEntries: PUBLIC_READS_KEPT,
    maxAgeMs: readCache ? PUBLIC_READ_MAX_AGE_MS : 0,
  });
  changes.onRacesChanged(publicReads.forgetAll);
  changes.onRegistrationsChanged(publicReads.forgetAll);
  const sendPublicRead = (reply: FastifyReply, { body, total }: PublicRead) =>
    sendSerializedJson(total === undefined ? reply : reply.header(TOTAL_COUNT_HEADER, total), body);
  const readListPage = (list: MarathonList, { page, limit }: { page: number; limit: number }) =>
    publicReads.read(`${list}:${page}:${limit}`, async () => {
      const { items, total } = await lists.page(list, { page, limit });
      return { body: serializeJson(marathonListSchema, items), total };
    });
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
        response: { 200: marathonListSchema },
      },
    },
    async (_request, reply) =>
      sendPublicRead(
        reply,
        await publicReads.read('featured', async () => ({
          body: serializeJson(
            marathonListSchema,
            await marathons.findFeatured(new Date(), FEATURED_MARATHONS_LIMIT),
          ),
        })),
      ),
  );

  app.get(
    '/api/marathons',
    {
      schema: {
        tags: ['marathons'],
        summary: 'All marathons by creation time; the total is in the X-Total-Count header',
        querystring: marathonListQuerySchema,
        response: { 200: marathonListSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { sort, page, limit } = request.query;
      return sendPublicRead(reply, await readListPage(sort, { page, limit }));
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
      const runner = request.query.include === 'myRegistration' ? await request.requireUser() : null;
      const read = await publicReads.read(`race:${id}`, async () => {
        const marathon = await marathons.findById(id);
        if (!marathon) throw marathonNotFound(); // not kept: a missing race may be created any moment
        return { body: serializeJson(marathonSchema, marathon) };
      });
      if (!runner) return sendPublicRead(reply, read);
      const registrationId = await runnerEntries.findRegistrationId(id, runner.id);
      const myRegistration = JSON.stringify(registrationId === null ? null : { _id: registrationId });
      // The kept public body with one more field: `{…}` → `{…,"myRegistration":…}`.
      return sendSerializedJson(reply, `${read.body.slice(0, -1)},"myRegistration":${myRegistration}}`);
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
    async (request, reply) => {
      return sendPublicRead(reply, await readListPage('upcoming', request.query));
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
        response: { 200: marathonListSchema, ...errors },
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
