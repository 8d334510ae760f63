import { z } from 'zod';
import { marathonSchema } from './marathon.js';
import { createRegistrationSchema } from './registration.js';
import { transferSchema } from './transfers.js';

/** POST /api/transfers/:token/accept: the receiver's own details, as on the race's entry form. */
export const acceptTransferSchema = createRegistrationSchema.omit({
  marathonId: true,
  waitlist: true,
  paymentMethod: true,
  discountCode: true,
});
export type AcceptTransferInput = z.input<typeof acceptTransferSchema>;
export type AcceptTransfer = z.output<typeof acceptTransferSchema>;

/** GET /api/transfers/:token: the offer, who makes it, and the race with what its entry form asks. */
export const transferDetailsSchema = transferSchema.extend({
  fromName: z.string(),
  marathon: marathonSchema,
});
export type TransferDetails = z.infer<typeof transferDetailsSchema>;
