import { z } from 'zod';
import { marathonSchema } from './marathon.js';
import { registrationSchema } from './registration.js';

/** The `{ success, message, … }` answers of docs/SPEC.md §7's update and delete calls. */
export const marathonUpdatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  marathon: marathonSchema,
});
export const registrationUpdatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  registration: registrationSchema,
});
export const deletedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  deletedCount: z.number().int(),
});
