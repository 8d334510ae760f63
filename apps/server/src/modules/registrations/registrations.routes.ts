import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRegistrationSchema,
  deletedSchema,
  idParamSchema,
  registrationSchema,
  requestedPage,
  registrationUpdatedSchema,
  runnerRegistrationsQuerySchema,
  updateRegistrationSchema,
  TOTAL_COUNT_HEADER,
} from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import { CALENDAR_CONTENT_TYPE, sendCalendar } from '../../lib/calendar-reply.js';
import type { CalendarFiles } from '../../mail/calendar-files.js';
import { sendJsonStream, sendSerializedJson } from '../../lib/serialized-json.js';
import { errorResponses } from '../../lib/error-responses.js';
import { type RegistrationReads, registrationListSchema } from './registrations.reads.js';
import { REGISTRATION_MESSAGES, type RegistrationsService } from './registrations.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A runner's registrations (signed-in scope). */
export const registrationsRoutes: FastifyPluginAsyncZod<{
  service: RegistrationsService;
  reads: RegistrationReads;
  calendars: Pick<CalendarFiles, 'registration'>;
}> = async (app, { service, reads, calendars }) => {
  app.get(
    '/api/registrations/by-email/:email',
    {
      schema: {
        operationId: 'listMyRegistrations',
        tags: ['registrations'],
        summary:
          "The signed-in user's registrations, most recent first, with each race's title and start date: all of them, or a page with page/limit (the total in the X-Total-Count header); q keeps those whose race title holds it",
        params: z.object({ email: z.string() }),
        querystring: runnerRegistrationsQuerySchema,
        response: { 200: registrationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = request;
      if (request.params.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can only list your own registrations.');
      }
      const page = requestedPage(request.query);
      const { q } = request.query;
      if (!page) return sendJsonStream(reply, await reads.runnerList(user.id, q));
      const { body, total } = await reads.runnerPage(user.id, page, q);
      return sendSerializedJson(reply.header(TOTAL_COUNT_HEADER, total), body);
    },
  );

  app.post(
    '/api/registrations',
    {
      schema: {
        operationId: 'createRegistration',
        tags: ['registrations'],
        summary:
          'Register the signed-in user for a marathon whose registration window is open, with the answers its entry form asks for',
        body: createRegistrationSchema,
        response: { 201: registrationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const registration = await service.register(request.user, request.body);
      return reply.status(201).send(registration);
    },
  );

  app.get(
    '/api/registrations/:id',
    {
      schema: {
        operationId: 'getRegistration',
        tags: ['registrations'],
        summary:
          'Your registration, with its race pass’s checkinCode while it holds a place (the pass page reads it)',
        params: idParamSchema,
        response: { 200: registrationSchema, ...errors },
      },
    },
    async (request) => reads.ownRegistration(request.user.id, request.params.id),
  );

  app.get(
    '/api/my-registrations/:id/calendar.ics',
    {
      schema: {
        operationId: 'getRegistrationCalendar',
        tags: ['registrations'],
        summary:
          'Your registration as an iCalendar file: the race, with the same UID as your confirmation mail’s',
        params: idParamSchema,
        produces: [CALENDAR_CONTENT_TYPE],
        response: { 200: z.string().describe('text/calendar'), ...errors },
      },
    },
    async (request, reply) => {
      const { race, registration } = await reads.ownCalendarFacts(request.user.id, request.params.id);
      return sendCalendar(reply, calendars.registration(race, registration));
    },
  );

  app.patch(
    '/api/registrations/:id',
    {
      schema: {
        operationId: 'updateRegistration',
        tags: ['registrations'],
        summary:
          'Change your registration: firstName, lastName, contact, info, and while registration is open the entry form’s answers (dateOfBirth, gender, tShirtSize, emergencyContact, answers merged by question id, waiverAccepted)',
        params: idParamSchema,
        body: updateRegistrationSchema,
        response: { 200: registrationUpdatedSchema, ...errors },
      },
    },
    async (request) => {
      const { registration, changed } = await service.update(request.user, request.params.id, request.body);
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
      schema: {
        operationId: 'deleteRegistration',
        tags: ['registrations'],
        summary:
          'Withdraw your registration; the race’s count goes down with it. A paid entry is kept as cancelled and refunded as the race’s policy says (refundAmount)',
        params: idParamSchema,
        response: { 200: deletedSchema.extend({ refundAmount: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { refundAmount } = await service.withdraw(request.user, request.params.id);
      return {
        success: true as const,
        message: REGISTRATION_MESSAGES.deleted,
        deletedCount: 1,
        refundAmount,
      };
    },
  );
};
