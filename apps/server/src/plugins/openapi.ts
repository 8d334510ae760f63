import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@stride/shared';
import { toJsonSchema } from '../lib/json-schema.js';
import { authenticate } from './auth.js';
import { AUTH_PATHS } from './auth-openapi.js';

export const API_INFO = { name: 'Stride API', version: '1.0.0' } as const;

/**
 * The operationId of every documented operation, by method and path as the document writes them. Generated
 * clients name their calls after these (openapi-typescript's `operations`, SDK methods): keep them stable.
 * The app does not start while a documented operation is missing here or an entry matches none.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  'POST /api/auth/sign-up/email': 'signUpWithEmail',
  'POST /api/auth/sign-in/email': 'signInWithEmail',
  'POST /api/auth/sign-out': 'signOut',
  'GET /api/auth/get-session': 'getSession',
  'GET /api/health': 'getHealth',
  'GET /api/health/ready': 'getReadiness',
  'GET /api/version': 'getVersion',
  'GET /api/marathons': 'listMarathons',
  'GET /api/marathons/featured': 'listFeaturedMarathons',
  'GET /api/upcoming-marathons': 'listUpcomingMarathons',
  'GET /api/marathons/{id}': 'getMarathon',
  'GET /api/marathons/{id}/calendar.ics': 'getMarathonCalendar',
  'POST /api/add-marathon': 'createMarathon',
  'PATCH /api/marathons/{id}': 'updateMarathon',
  'DELETE /api/marathons/{id}': 'deleteMarathon',
  'GET /api/my-marathons': 'listMyMarathons',
  'GET /api/registrations/by-email/{email}': 'listMyRegistrations',
  'POST /api/registrations': 'createRegistration',
  'GET /api/my-registrations/{id}/calendar.ics': 'getRegistrationCalendar',
  'PATCH /api/registrations/{id}': 'updateRegistration',
  'DELETE /api/registrations/{id}': 'deleteRegistration',
  'GET /api/marathons/{id}/participants': 'listParticipants',
  'GET /api/marathons/{id}/participants.csv': 'exportParticipantsCsv',
  'GET /api/marathons/{id}/stats': 'getRaceStats',
  'DELETE /api/marathons/{id}/participants/{registrationId}': 'cancelParticipantRegistration',
};

const TAGS = [
  { name: 'auth', description: 'Accounts and sessions (better-auth). Sign-in answers the bearer token.' },
  {
    name: 'marathons',
    description: 'Races: the public lists and details; publishing and managing your own.',
  },
  { name: 'registrations', description: "A runner's registrations for races." },
  {
    name: 'participants',
    description: "An organizer's race desk: who entered their race, the CSV export, sign-ups per day.",
  },
  { name: 'health', description: 'Whether the server is up, and which API it serves.' },
];

/** The health routes carry no tag or summary of their own (modules/health), so they get them here. */
const HEALTH_SUMMARIES: Record<string, string> = {
  '/api/health': 'Whether the server and its database answer (503 when the database does not)',
  '/api/health/ready':
    'Whether a load balancer should send requests here (503 while the process drains or its database is down)',
  '/api/version': 'The API name and version (no database involved)',
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const CLIENT_ERROR = '#/components/responses/ClientError';

type Operation = { responses?: Record<string, unknown>; [key: string]: unknown };
type PathItem = Record<string, unknown>;

/** Tags the health routes; marks routes without the `authenticate` hook as open to anyone. */
const transform: SwaggerTransform = (document) => {
  const summary = HEALTH_SUMMARIES[document.url];
  const schema = summary ? { ...document.schema, tags: ['health'], summary } : document.schema;
  const transformed = jsonSchemaTransform({ ...document, schema });
  const needsUser = [document.route.onRequest].flat().includes(authenticate);
  return needsUser
    ? transformed
    : {
        ...transformed,
        schema: { ...transformed.schema, security: [{}, { bearerAuth: [] }, { cookieAuth: [] }] },
      };
};

/**
 * Adds the auth calls, each operation's id from OPERATION_IDS and, outside /api/auth, the `4XX` every call
 * may answer in the common error shape (a malformed address, a body too large, too many writes…).
 */
const transformObject: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) throw new Error('Only OpenAPI 3 is documented');
  const { openapiObject } = document;
  const documented = { ...AUTH_PATHS, ...openapiObject.paths } as Record<string, PathItem>;
  const unmatched = new Set(Object.keys(OPERATION_IDS));
  const missing: string[] = [];
  const paths = Object.fromEntries(
    Object.entries(documented).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, value]) => {
          if (!HTTP_METHODS.has(method)) return [method, value];
          const key = `${method.toUpperCase()} ${path}`;
          const operationId = OPERATION_IDS[key];
          if (operationId) unmatched.delete(key);
          else missing.push(key);
          const operation = value as Operation;
          const responses = path.startsWith('/api/auth/')
            ? operation.responses
            : { ...operation.responses, '4XX': { $ref: CLIENT_ERROR } };
          return [method, { ...operation, operationId, responses }];
        }),
      ),
    ]),
  );
  if (missing.length > 0 || unmatched.size > 0) {
    throw new Error(
      'plugins/openapi.ts OPERATION_IDS does not match the documented operations: ' +
        [
          ...missing.map((key) => `${key} has no operationId`),
          ...[...unmatched].map((key) => `${key} is not documented`),
        ].join('; '),
    );
  }
  return {
    ...openapiObject,
    tags: TAGS,
    paths,
    components: {
      ...openapiObject.components,
      responses: {
        ClientError: {
          description:
            'Refused, for a reason not listed above (e.g. 400 malformed address, 413 body too large, ' +
            '429 too many writes); `message` says why, `errors` which fields',
          content: { 'application/json': { schema: toJsonSchema(errorResponseSchema, 'output') } },
        },
      },
    },
  } as ReturnType<SwaggerTransformObject>;
};

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
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // Relative: the server this document is fetched from, whatever address it is reached at.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    },
    transform,
    transformObject,
    hideUntagged: true,
  });
  // The site-wide CSP (plugins/security.ts) already fits Swagger UI: its scripts are files, its styles inline.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Builds the document once at start, so a route without an operationId stops the app (and every test).
  app.addHook('onReady', async () => {
    app.swagger();
  });
}
