import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse, FieldError } from '@stride/shared';
import { AppError } from '../lib/app-error.js';

function describeFieldErrors(errors: FieldError[]): string {
  if (errors.length === 1) return `${errors[0]!.field}: ${errors[0]!.message}`;
  return `${errors.length} fields are invalid: ${errors.map((error) => error.field).join(', ')}`;
}

/** Messages for Fastify's own client errors, in words a person can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON.',
  FST_ERR_BAD_URL: 'The address is not a valid URL (it holds a malformed %-escape).',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

/** The status and `{ success: false, message, errors? }` body of any failure; logs the unexpected ones. */
function answerFor(
  error: FastifyError | AppError,
  request: FastifyRequest,
): { status: number; body: ErrorResponse } {
  let status: number;
  let body: ErrorResponse;

  if (error instanceof AppError) {
    status = error.statusCode;
    body = {
      success: false,
      message: error.message,
      ...(error.fieldErrors && { errors: error.fieldErrors }),
    };
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      field:
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
      message: issue.message ?? 'is invalid',
    }));
    status = 400;
    body = { success: false, message: describeFieldErrors(errors), errors };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    body = { success: false, message: FASTIFY_MESSAGES[error.code] ?? error.message };
  } else {
    request.log.error({ err: error }, 'request failed');
    status = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
    body = {
      success: false,
      message: `Something went wrong on our side. If it keeps happening, report request ${request.id}.`,
      requestId: request.id,
    };
  }
  return { status, body };
}

function sendAnswer(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = answerFor(error, request);
  return reply.status(status).send(body);
}

/** The one error path: every failure leaves as `{ success: false, message, errors? }` with the right status. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler<FastifyError | AppError>(sendAnswer);
}

/**
 * Fastify's `frameworkErrors`: failures found before routing (a malformed URL, a path segment over the length
 * limit), where no hook runs. They get the same body, request id and security headers as every other error.
 */
export function createFrameworkErrorHandler(
  setSecurityHeaders: (request: FastifyRequest, reply: FastifyReply) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    setSecurityHeaders(request, reply);
    reply.header('x-request-id', request.id);
    return sendAnswer(error, request, reply);
  };
}
