import { errorResponseSchema } from '@stride/shared';

type ClientErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429;

/** A route's documented refusals, each in the one error shape: `errorResponses(400, 404)`. */
export function errorResponses<const Statuses extends readonly ClientErrorStatus[]>(
  ...statuses: Statuses
): Record<Statuses[number], typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Statuses[number],
    typeof errorResponseSchema
  >;
}
