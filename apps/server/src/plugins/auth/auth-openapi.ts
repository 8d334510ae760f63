import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  loginSchema,
  photoUrlSchema,
  signUpSchema,
} from '@stride/shared';
import { toJsonSchema } from '../../lib/json-schema.js';

/*
 * The /api/auth calls an API client needs, for /api/openapi.json. better-auth serves them through one wildcard
 * route (plugins/auth/auth-bridge.ts), which documents nothing; its own openAPI plugin describes ~30 calls we do not
 * offer, misses what auth.ts changes (tokens stripped, sign-in throttling, revoking by id) and does not pass
 * the linter. So the calls are described here: request bodies from the shared form schemas, answers as
 * better-auth sends them through auth.ts (plugins/openapi.routes.test.ts checks live answers against them).
 */

/** The account as better-auth's answers carry it. */
export const authUserSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** A session as GET /api/auth/get-session answers it: without its token, which auth.ts strips. */
export const authSessionSchema = z.strictObject({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
});

const sessionToken = z
  .string()
  .meta({ description: 'The session token: send it as `Authorization: Bearer <token>`' });
export const signUpAnswerSchema = z.strictObject({ token: sessionToken, user: authUserSchema });
export const signInAnswerSchema = z.strictObject({
  redirect: z.boolean(),
  token: sessionToken,
  url: z.string().optional(),
  user: authUserSchema,
});
/** null when the request carries no valid session. */
export const sessionAnswerSchema = z
  .strictObject({ session: authSessionSchema, user: authUserSchema })
  .nullable();
export const signOutAnswerSchema = z.strictObject({ success: z.boolean() });
/** better-auth's error body (not the `{ success: false, … }` of the other calls). */
export const authErrorSchema = z.object({ message: z.string(), code: z.string().optional() });

/** The sign-up form's fields as better-auth names them: the photo is `image`. */
const signUpBodySchema = signUpSchema.omit({ photoURL: true }).extend({
  password: signUpSchema.shape.password.meta({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'At least one lowercase and one uppercase letter',
  }),
  image: photoUrlSchema.optional(),
});

const json = (schema: z.ZodType, io: 'input' | 'output') => ({
  'application/json': { schema: toJsonSchema(schema, io) },
});
const answer = (description: string, schema: z.ZodType) => ({ description, content: json(schema, 'output') });
const refusal = (description: string) => answer(description, authErrorSchema);

const tokenHeader = {
  'set-auth-token': {
    description: 'The session token (as `token`), for `Authorization: Bearer <token>`',
    schema: { type: 'string' },
  },
};
const foreignOrigin = refusal(
  'The `Origin` is not this site’s; or there is none while the request carries Fetch Metadata (`Sec-Fetch-*`, ' +
    'as Node’s fetch adds): send `Origin: <this site’s address>`',
);
const rateLimited = refusal('Too many requests from this address: wait `X-Retry-After` seconds');
/** Optional credentials: the call answers everyone, acting on the session it is given, if any. */
const anyoneOrSignedIn = [{}, { bearerAuth: [] }, { cookieAuth: [] }];

/** Path items for the document (plugins/openapi.ts adds them to the routes'). */
export const AUTH_PATHS = {
  '/api/auth/sign-up/email': {
    post: {
      operationId: 'signUpWithEmail',
      tags: ['auth'],
      summary: 'Create an account with e-mail and password; the answer signs it in',
      security: [],
      requestBody: { required: true, content: json(signUpBodySchema, 'input') },
      responses: {
        200: { ...answer('Signed up and in', signUpAnswerSchema), headers: tokenHeader },
        400: refusal('A field breaks its rule (docs/SPEC.md §5); `message` says which'),
        403: foreignOrigin,
        422: refusal('An account with this e-mail exists'),
        429: rateLimited,
      },
    },
  },
  '/api/auth/sign-in/email': {
    post: {
      operationId: 'signInWithEmail',
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      security: [],
      requestBody: { required: true, content: json(loginSchema, 'input') },
      responses: {
        200: { ...answer('Signed in', signInAnswerSchema), headers: tokenHeader },
        400: refusal('A field is missing or malformed'),
        401: refusal('Wrong e-mail or password'),
        403: foreignOrigin,
        429: refusal(
          'Too many failed sign-ins from this address, or for this account from it: wait `Retry-After` seconds',
        ),
      },
    },
  },
  '/api/auth/sign-out': {
    post: {
      operationId: 'signOut',
      tags: ['auth'],
      summary: 'End the session the request is made with (answers success without one too)',
      security: anyoneOrSignedIn,
      responses: {
        200: answer('Signed out', signOutAnswerSchema),
        403: refusal('A session cookie sent without this site’s `Origin` (send the bearer token instead)'),
        429: rateLimited,
      },
    },
  },
  '/api/auth/get-session': {
    get: {
      operationId: 'getSession',
      tags: ['auth'],
      summary: 'The session the request is made with and its user (no token), or null',
      security: anyoneOrSignedIn,
      responses: {
        200: answer('The session, or null when signed out', sessionAnswerSchema),
        429: rateLimited,
      },
    },
  },
};
