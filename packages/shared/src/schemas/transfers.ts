import { z } from 'zod';

/**
 * Transfers between runners (issue 35): a registered runner offers their place to someone by e-mail; the receiver
 * accepts it with their own details and the entry becomes theirs (same id, bib and place; a new check-in code).
 */

/** An offer is open, taken, withdrawn by its sender, or past its deadline. */
export const TRANSFER_STATUSES = ['offered', 'accepted', 'withdrawn', 'expired'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** How long an offer stays open, unless the race's transfer deadline comes first. */
export const TRANSFER_OFFER_DAYS = 7;

export const TRANSFER_MESSAGES = {
  gone: 'This transfer is no longer available',
  notFound: 'Transfer not found',
  notAllowed: 'This race does not allow transfers',
  closed: 'Transfers for this race have closed',
  notRegistered: 'Only an entry holding a place can be transferred',
  checkedIn: 'A runner who has checked in cannot transfer their place',
  offerOpen: 'This entry already has an open transfer offer: withdraw it first',
  toSelf: 'You cannot transfer a place to yourself',
  alreadyEntered: 'You are already entered in this race',
  noOffer: 'This entry has no open transfer offer',
  withdrawn: 'Transfer offer withdrawn',
} as const;

/** POST /api/registrations/:id/transfer. */
export const createTransferSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address')),
});
export type CreateTransferInput = z.input<typeof createTransferSchema>;

/** A transfer offer as the API answers it. */
export const transferSchema = z.object({
  _id: z.string(),
  registrationId: z.string(),
  marathonId: z.string(),
  toEmail: z.string(),
  /** Seven days after the offer, or the race's transfer deadline if sooner. */
  expiresAt: z.iso.datetime(),
  status: z.enum(TRANSFER_STATUSES),
  createdAt: z.iso.datetime(),
});
export type Transfer = z.infer<typeof transferSchema>;
