import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRegistrationSchema,
  deletedSchema,
  errorResponseSchema,
  idParamSchema,
  registrationSchema,
  registrationUpdatedSchema,
  type Registration,
  updateRegistrationSchema,
} from '@stride/shared';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { createReadThroughCache } from '../../lib/expiring-cache.js';
import { sendSerializedJson, serializeJson, type SerializedJson } from '../../lib/serialized-json.js';
import { authenticate } from '../../plugins/auth.js';
import { createRegistrationsRepository } from './registrations.repository.js';
import { REGISTRATION_MESSAGES, createRegistrationsService } from './registrations.service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const registrationListSchema = z.array(registrationSchema);

/**
 * A runner's list, kept serialised for a few seconds: this server's own writes replace it at once (the runner's
 * registrations, or any race's change); the age bounds how long another server process's writes go unseen.
 */
const RUNNER_LIST_MAX_AGE_MS = 5_000;
const RUNNER_LISTS_KEPT = 500;

export const registrationsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  changes: ChangeFeed;
  readCache: boolean;
}> = async (app, { db, changes, readCache }) => {
  const registrations = createRegistrationsRepository(db);
  const runnerLists = createReadThroughCache<SerializedJson<Registration[]>>({
    maxEntries: RUNNER_LISTS_KEPT,
    maxAgeMs: readCache ? RUNNER_LIST_MAX_AGE_MS : 0,
  });
  changes.onRacesChanged(runnerLists.forgetAll);
  changes.onRegistrationsChanged(runnerLists.forget);
  const service = createRegistrationsService(db, { onRegistrationsChanged: changes.registrationsChanged });

  app.get(
    '/api/registrations/by-email/:email',
    {
      onRequest: authenticate,
      schema: {
        tags: ['registrations'],
        summary: "The signed-in user's registrations, with each race's title and start date",
        params: z.object({ email: z.string() }),
        response: { 200: registrationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      if (request.params.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can only list your own registrations.');
      }
      const body = await runnerLists.read(user.id, async () =>
        serializeJson(registrationListSchema, await registrations.findByUser(user.id)),
      );
      return sendSerializedJson(reply, body);
    },
  );

  app.post(
    '/api/registrations',
    {
      onRequest: authenticate,
      schema: {
        tags: ['registrations'],
        summary: 'Register the signed-in user for a marathon whose registration window is open',
        body: createRegistrationSchema,
        response: { 201: registrationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const registration = await service.register(await request.requireUser(), request.body);
      return reply.status(201).send(registration);
    },
  );

  app.patch(
    '/api/registrations/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['registrations'],
        summary: 'Change your registration (firstName, lastName, contact, info)',
        params: idParamSchema,
        body: updateRegistrationSchema,
        response: { 200: registrationUpdatedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { registration, changed } = await service.update(user, request.params.id, request.body);
      return {
        success: true as const,
        message: changed ? REGISTRATION_MESSAGES.updated : REGISTRATION_MESSAGES.nothingToUpdate,
        registration,
      };
    },
  );

  app.delete(
    '/api/registrations/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['registrations'],
        summary: 'Withdraw your registration; the race’s count goes down with it',
        params: idParamSchema,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      await service.withdraw(await request.requireUser(), request.params.id);
      return { success: true as const, message: REGISTRATION_MESSAGES.deleted, deletedCount: 1 };
    },
  );
};
