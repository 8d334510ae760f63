import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@stride/shared';
import { toJsonSchema } from '../lib/json-schema.js';
import { AUTH_PATHS } from './auth/auth-openapi.js';

export const API_INFO = { name: 'Stride API', version: '1.0.0' } as const;

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
  {
    name: 'images',
    description: 'Uploaded posters and photos: uploading one, and the WebP files it is served as.',
  },
  {
    name: 'account',
    description: "The signed-in account: the dashboard's home, the download of its data, deleting it.",
  },
  {
    name: 'staff',
    description:
      "A race's team: inviting co-organizers and check-in volunteers, their roles, answering an invitation.",
  },
  {
    name: 'checkin',
    description:
      'Race day: the check-in roster a phone keeps, checking runners in (offline scans synced), undoing.',
  },
  { name: 'health', description: 'Whether the server is up, and which API it serves.' },
];

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const CLIENT_ERROR = '#/components/responses/ClientError';

type Operation = { responses?: Record<string, unknown>; [key: string]: unknown };
type PathItem = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body as documented, a JSON schema, for a route whose handler reads the body itself (a
     * multipart upload): a `body` schema would be validated against a body that is never parsed.
     */
    documentedBody?: Record<string, unknown>;
  }
}

/**
 * Marks the routes outside the signed-in scope (plugins/auth/session.ts) as open to anyone, and documents the
 * bodies handlers read themselves.
 */
const transform: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const { signedIn, documentedBody } = document.route.config ?? {};
  const schema = documentedBody ? { ...transformed.schema, body: documentedBody } : transformed.schema;
  return {
    ...transformed,
    schema:
      signedIn === true ? schema : { ...schema, security: [{}, { bearerAuth: [] }, { cookieAuth: [] }] },
  };
};

/**
 * Adds the auth calls and, outside /api/auth, the `4XX` every call may answer in the common error shape (a
 * malformed address, a body too large, too many writes…). Every operation names its `operationId` in its own
 * schema (generated clients name their calls after them): the app does not start while one has none.
 */
const transformObject: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) throw new Error('Only OpenAPI 3 is documented');
  const { openapiObject } = document;
  const documented = { ...AUTH_PATHS, ...openapiObject.paths } as Record<string, PathItem>;
  const missing: string[] = [];
  const paths = Object.fromEntries(
    Object.entries(documented).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, value]) => {
          if (!HTTP_METHODS.has(method)) return [method, value];
          const operation = value as Operation;
          if (!operation.operationId) missing.push(`${method.toUpperCase()} ${path}`);
          const responses = path.startsWith('/api/auth/')
            ? operation.responses
            : { ...operation.responses, '4XX': { $ref: CLIENT_ERROR } };
          return [method, { ...operation, responses }];
        }),
      ),
    ]),
  );
  if (missing.length > 0) {
    throw new Error(`Every documented operation needs an operationId in its schema: ${missing.join(', ')}`);
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
