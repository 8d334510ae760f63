import { sql } from 'drizzle-orm';
import type { Transfer } from '@stride/shared';
import { isoInstant } from './json-text.js';
import { defineShape } from './shape.js';

/**
 * A transfer offer as the API answers it (transferSchema), from a transfers row `transfer`: an offer past its end
 * reads as expired. Here, below the modules, because a registration carries its open offer.
 */
export const TRANSFER = defineShape<Transfer>({
  _id: sql`transfer.id`,
  registrationId: sql`transfer.registration_id`,
  marathonId: sql`transfer.marathon_id`,
  toEmail: sql`transfer.to_email`,
  expiresAt: isoInstant(sql`transfer.expires_at`),
  status: sql`case when transfer.status = 'offered' and transfer.expires_at <= now() then 'expired'
    else transfer.status end`,
  createdAt: isoInstant(sql`transfer.created_at`),
});
