import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createContainer } from './container.js';
import type { DatabaseHandle } from './db/client.js';
import type { Mailer } from './lib/mailer.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { marathonsRoutes } from './modules/marathons/marathons.routes.js';
import { registrationsRoutes } from './modules/registrations/registrations.routes.js';
import { authPlugin } from './plugins/auth.js';
import { createFrameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { createSecurityHeaderSetter, registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where account mail goes; by default SMTP or the DATA_DIR outbox, as configured. */
  mailer?: Mailer;
};

const MAX_PATH_SEGMENT_LENGTH = 2048;

/** Builds the whole HTTP application without side effects: no listening, no process hooks. */
export async function buildApp({ config, database, logger, mailer }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Ids are UUIDs, but any id up to a browser's URL length is an unknown id (404), not "URI too long".
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT_LENGTH },
    frameworkErrors: createFrameworkErrorHandler(createSecurityHeaderSetter(config)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const container = createContainer({ config, database, log: app.log, ...(mailer && { mailer }) });

  registerErrorHandler(app);
  await registerSecurity(app, config);
  await app.register(authPlugin, { db: database.db, config, mailer: container.mailer });
  await registerOpenApi(app);
  await app.register(healthRoutes, { ping: database.ping });
  await app.register(marathonsRoutes, container.marathons);
  await app.register(registrationsRoutes, container.registrations);
  await registerWebApp(app, config.webDistDir);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
