import { z } from 'zod';

/** The one error body every API failure uses. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldError = NonNullable<ErrorResponse['errors']>[number];

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** The outbox: mails waiting to be sent (or retried), and mails given up on after every retry. */
  mail: z.object({ pending: z.number().int(), failed: z.number().int() }).optional(),
});

/** GET /api/health/ready: whether a load balancer should send this process requests (503 while it drains). */
export const readinessResponseSchema = z.object({ status: z.enum(['ready', 'draining', 'unavailable']) });

/** GET /api/version: constant, no database; also the load test's baseline (the framework's ceiling). */
export const versionResponseSchema = z.object({ name: z.string(), version: z.string() });
