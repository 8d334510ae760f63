import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MailPayload } from '../../mail/mail-payloads.js';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * The transactional outbox: a mail is a row written in the same transaction as the change that causes it, and
 * sent afterwards by the mail worker (mail/mail-worker.ts). A worker claims rows by leasing them
 * (`claimed_until`) under FOR UPDATE SKIP LOCKED, so two processes never take the same mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').$type<MailPayload>().notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The worker's claim (pending mails by when they are due) and the health counts; sent mails stay out.
    index('mail_outbox_unsent_idx')
      .on(table.status, table.nextAttemptAt, table.id)
      .where(sql`${table.status} <> 'sent'`),
    check(
      'mail_outbox_status_check',
      sql`${table.status} in (${sql.raw(MAIL_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
);
