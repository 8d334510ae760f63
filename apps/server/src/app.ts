import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Container, createContainer } from './container.js';
import type { DatabaseHandle } from './db/client.js';
import type { MailTransport } from './mail/mail-transport.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { imageUploadRoutes, imagesRoutes } from './modules/images/images.routes.js';
import { marathonsRoutes, organizerMarathonsRoutes } from './modules/marathons/marathons.routes.js';
import { participantsRoutes } from './modules/registrations/participants.routes.js';
import { registrationsRoutes } from './modules/registrations/registrations.routes.js';
import { paymentsRoutes, publicPaymentsRoutes } from './modules/payments/payments.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { checkinRoutes } from './modules/checkin/checkin.routes.js';
import { resultsManageRoutes, resultsRoutes } from './modules/results/results.routes.js';
import { ballotDrawRoutes, ballotRoutes } from './modules/ballot/ballot.routes.js';
import { transfersRoutes } from './modules/registrations/transfers.routes.js';
import type { PaymentGateway } from './modules/payments/stripe-gateway.js';
import { authPlugin } from './plugins/auth/auth.js';
import { registerSignedIn } from './plugins/auth/session.js';
import { createFrameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRacePage } from './plugins/race-page.js';
import { createSecurityHeaderSetter, registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';
import { createLogDestination } from './logging/log-destination.js';
import { openRateLimitStore } from './rate-limits/rate-limit-store.js';
import { SampledRequestLog } from './logging/request-log.js';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where mail goes; by default SMTP or .eml files in DATA_DIR/outbox, as configured. */
  mailTransport?: MailTransport;
  /** Stripe or a stand-in (tests); by default as configured. */
  paymentGateway?: PaymentGateway | null;
};

const MAX_PATH_SEGMENT_LENGTH = 2048;
/** As many requests in flight as this and the server counts as busy (about two per core here)… */
const BUSY_REQUESTS_IN_FLIGHT = 4;
/** …and stays busy this long after such a moment: a burst has short gaps between its requests. */
const BUSY_FOR_MS = 500;

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail pipeline: its worker (tests flush it) and queue counts. */
    mail: Container['mail'];
    /** Entry fees: the worker releasing holds and making refunds (server.ts starts it; tests sweep it). */
    payments: Container['payments'];
    /** The ballot: the worker drawing ballots when due (server.ts starts it; tests sweep it). */
    ballot: Container['ballot'];
    /** From now on GET /api/health/ready answers 503: the process is about to stop (server.ts). */
    startDraining: () => void;
  }
}

/** Builds the whole HTTP application without side effects: no listening, no process hooks. */
export async function buildApp({ config, database, logger, mailTransport, paymentGateway }: BuildAppOptions) {
  const logDestination = logger === undefined ? createLogDestination() : undefined;
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      stream: logDestination!.stream,
    },
    logController: new SampledRequestLog(config.requestLogEvery),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Behind a balancer: request.ip (rate limits, logs) is the client's address from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // Ids are UUIDs, but any id up to a browser's URL length is an unknown id (404), not "URI too long".
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT_LENGTH },
    frameworkErrors: createFrameworkErrorHandler(createSecurityHeaderSetter(config)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Draining, every answer closes its connection: a balancer's kept-alive connection would otherwise hold
    // the stop until the balancer's own idle timeout, and a request sent on it after the close would meet a 503.
    if (draining) reply.header('connection', 'close');
  });
  if (logDestination) app.addHook('onClose', async () => logDestination.flush());

  // Requests in flight: the mail worker gives way to them (mail/mail-worker.ts).
  const requestsInFlight = new Set<FastifyRequest>();
  let lastBusyAt = 0;
  app.addHook('onRequest', async (request) => {
    requestsInFlight.add(request);
    if (requestsInFlight.size >= BUSY_REQUESTS_IN_FLIGHT) lastBusyAt = performance.now();
  });
  const requestDone = async (request: FastifyRequest) => {
    requestsInFlight.delete(request);
  };
  app.addHook('onResponse', requestDone);
  app.addHook('onRequestAbort', requestDone);
  const container = createContainer({
    config,
    database,
    log: app.log,
    isBusy: () => performance.now() - lastBusyAt < BUSY_FOR_MS,
    ...(mailTransport && { mailTransport }),
    ...(paymentGateway !== undefined && { paymentGateway }),
  });
  // server.ts starts the mail worker. Mails in flight finish before the database closes; unsent ones wait in
  // the outbox for the next start.
  app.addHook('onClose', () => container.mail.worker.stop());
  app.decorate('mail', container.mail);
  app.addHook('onClose', () => container.payments.worker.stop());
  app.decorate('payments', container.payments);
  app.addHook('onClose', () => container.ballot.worker.stop());
  app.decorate('ballot', container.ballot);
  const { changeNotifications, changes } = container;
  if (changeNotifications) {
    await changeNotifications.listen(changes.receive);
    app.addHook('onClose', () => changeNotifications.close());
  }

  // The rate limits' counts: this process's memory, or PostgreSQL or Redis, shared with the other processes.
  const rateLimitStore = await openRateLimitStore({ config, db: database.db, log: app.log });
  app.addHook('onClose', () => rateLimitStore.close());

  registerErrorHandler(app);
  await registerSecurity(app, config, rateLimitStore);
  await app.register(authPlugin, {
    db: database.db,
    config,
    sendMail: container.mail.send,
    changes,
    rateLimitStore,
  });
  await registerOpenApi(app);
  await app.register(healthRoutes, {
    ping: database.ping,
    mailCounts: container.mail.counts,
    isDraining: () => draining,
  });
  await app.register(marathonsRoutes, container.marathons);
  await app.register(imagesRoutes, container.images);
  await app.register(publicPaymentsRoutes, container.payments);
  await app.register(resultsRoutes, container.results);
  await app.register(ballotRoutes, container.ballot);
  // Every route registered here answers 401 to anyone not signed in, before its body is read.
  await registerSignedIn(app, async (signedIn) => {
    await signedIn.register(organizerMarathonsRoutes, container.marathons);
    await signedIn.register(registrationsRoutes, container.registrations);
    await signedIn.register(transfersRoutes, container.registrations);
    await signedIn.register(participantsRoutes, container.registrations);
    await signedIn.register(paymentsRoutes, container.payments);
    await signedIn.register(staffRoutes, container.staff);
    await signedIn.register(checkinRoutes, container.checkin);
    await signedIn.register(resultsManageRoutes, container.results);
    await signedIn.register(ballotDrawRoutes, container.ballot);
    await signedIn.register(accountsRoutes, container.accounts);
    await signedIn.register(imageUploadRoutes, container.images);
  });
  await registerRacePage(app, {
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
    reads: container.marathons.reads,
    resultCard: container.results.reads.publishedCard,
  });
  await registerWebApp(app, config.webDistDir);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
