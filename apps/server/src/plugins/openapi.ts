import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_INFO = { name: 'Stride API', version: '1.0.0' } as const;

/** The OpenAPI 3 document, generated from the routes' zod schemas, at /api/openapi.json; docs at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_INFO.name,
        version: API_INFO.version,
        description:
          'Marathons and registrations. Sign in through /api/auth (better-auth): browsers use the session cookie; ' +
          'API clients send `Authorization: Bearer <token>` with the token from the `set-auth-token` header of sign-in.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
  // The site-wide CSP (plugins/security.ts) already fits Swagger UI: its scripts are files, its styles inline.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
