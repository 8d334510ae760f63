import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutSchema,
  createDiscountCodeSchema,
  discountCodeSchema,
  idParamSchema,
  paymentOptionsSchema,
  quoteRequestSchema,
  quoteSchema,
  recordIdParam,
  recordPaymentSchema,
  registrationSchema,
} from '@stride/shared';
import { errorResponses } from '../../lib/error-responses.js';
import type { PaymentsService } from './payments.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Discount codes, the organizer's record of on-site money and a hold's checkout (signed-in scope). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/marathons/:id/discount-codes',
    {
      schema: {
        operationId: 'createDiscountCode',
        tags: ['payments'],
        summary:
          'Add a discount code to your race: percentOff or amountOff, optionally limited in uses and time',
        params: idParamSchema,
        body: createDiscountCodeSchema,
        response: { 201: discountCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const code = await service.createCode(request.user, request.params.id, request.body);
      return reply.status(201).send(code);
    },
  );

  app.get(
    '/api/marathons/:id/discount-codes',
    {
      schema: {
        operationId: 'listDiscountCodes',
        tags: ['payments'],
        summary: "Your race's discount codes with their uses, removed ones that were used included",
        params: idParamSchema,
        response: { 200: z.array(discountCodeSchema), ...errors },
      },
    },
    async (request) => service.listCodes(request.user, request.params.id),
  );

  app.delete(
    '/api/marathons/:id/discount-codes/:codeId',
    {
      schema: {
        operationId: 'deleteDiscountCode',
        tags: ['payments'],
        summary: 'Remove a discount code: deleted when unused, deactivated (still listed) once used',
        params: z.object({ id: recordIdParam, codeId: recordIdParam }),
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await service.removeCode(request.user, request.params.id, request.params.codeId);
      return { message: 'Discount code removed' };
    },
  );

  app.post(
    '/api/marathons/:id/participants/:registrationId/payment',
    {
      schema: {
        operationId: 'recordParticipantPayment',
        tags: ['payments'],
        summary: 'Record an on-site payment: paid (a fee due collected) or refunded (a refund due paid back)',
        params: z.object({ id: recordIdParam, registrationId: recordIdParam }),
        body: recordPaymentSchema,
        response: { 200: registrationSchema, ...errors },
      },
    },
    async (request) =>
      service.recordPayment(request.user, request.params.id, request.params.registrationId, request.body),
  );

  app.post(
    '/api/marathons/:id/quote',
    {
      schema: {
        operationId: 'quoteEntryFee',
        tags: ['payments'],
        summary:
          'What entering the race costs you now: its fee, and the amount after a discount code if given',
        params: idParamSchema,
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errors },
      },
    },
    async (request) => service.quote(request.params.id, request.body.discountCode),
  );

  app.post(
    '/api/registrations/:id/checkout',
    {
      schema: {
        operationId: 'checkoutRegistration',
        tags: ['payments'],
        summary: 'The Stripe Checkout page of your held place: the session still open, or a new one',
        params: idParamSchema,
        response: { 200: checkoutSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => service.checkout(request.user, request.params.id),
  );
};

/**
 * The public part: how this server takes fees, and Stripe's webhook. The webhook's body is kept as the raw text it
 * was signed as, verified, then applied once. Any event is answered 200 once verified; a wrong or stale signature
 * 400, nothing changed.
 */
export const publicPaymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/payment-options',
    {
      schema: {
        operationId: 'getPaymentOptions',
        tags: ['payments'],
        summary:
          'How this server takes entry fees: a new race’s currency, and whether online payment is set up',
        response: { 200: paymentOptionsSchema },
      },
    },
    async () => service.options,
  );

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/payments/stripe/webhook',
    {
      schema: {
        operationId: 'stripeWebhook',
        tags: ['payments'],
        summary:
          'Stripe’s events (checkout.session.completed, checkout.session.expired), signed with the webhook secret',
        hide: true,
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = service.verifyWebhook(
        String(request.body ?? ''),
        Array.isArray(signature) ? signature[0] : signature,
      );
      await service.handleEvent(event);
      return { received: true as const };
    },
  );
};
