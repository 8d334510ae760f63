import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptTransferSchema,
  createTransferSchema,
  idParamSchema,
  registrationSchema,
  transferDetailsSchema,
  transferSchema,
  TRANSFER_MESSAGES,
} from '@stride/shared';
import { errorResponses } from '../../lib/error-responses.js';
import type { TransfersService } from './transfers.service.js';

const tags = ['transfers'];
const tokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** Handing a place on to another runner (signed-in scope). */
export const transfersRoutes: FastifyPluginAsyncZod<{ transfers: TransfersService }> = async (
  app,
  { transfers },
) => {
  app.post(
    '/api/registrations/:id/transfer',
    {
      schema: {
        operationId: 'offerTransfer',
        tags,
        summary:
          'Offer your registered place to someone by e-mail, before the race’s transfersUntil: they are mailed a ' +
          'link; the offer lasts 7 days (or until transfersUntil); one open offer per entry',
        params: idParamSchema,
        body: createTransferSchema,
        response: { 201: transferSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await transfers.offer(request.user, request.params.id, request.body.email)),
  );

  app.delete(
    '/api/registrations/:id/transfer',
    {
      schema: {
        operationId: 'withdrawTransfer',
        tags,
        summary: 'Withdraw your entry’s open transfer offer',
        params: idParamSchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string() }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      await transfers.withdraw(request.user, request.params.id);
      return { success: true as const, message: TRANSFER_MESSAGES.withdrawn };
    },
  );

  app.get(
    '/api/transfers/:token',
    {
      schema: {
        operationId: 'getTransfer',
        tags,
        summary:
          'A transfer offered to you (signed in with the address it was sent to; 404 otherwise): the race and ' +
          'what its entry form asks; 410 once expired, taken or withdrawn',
        params: tokenParamSchema,
        response: { 200: transferDetailsSchema, ...errorResponses(401, 404, 410) },
      },
    },
    async (request) => transfers.details(request.user, request.params.token),
  );

  app.post(
    '/api/transfers/:token/accept',
    {
      schema: {
        operationId: 'acceptTransfer',
        tags,
        summary:
          'Take the place with your details (names, contact, the entry form’s fields and answers, the waiver): the ' +
          'entry becomes yours (same id, bib and place; a new check-in code); 409 if you are entered in the race',
        params: tokenParamSchema,
        body: acceptTransferSchema,
        response: { 200: registrationSchema, ...errorResponses(400, 401, 404, 409, 410) },
      },
    },
    async (request) => transfers.accept(request.user, request.params.token, request.body),
  );
};
