import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { marathons } from './marathons.js';

/** A race's discount codes (issue 32): a use is counted when an entry takes a place, a hold or a place in line. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    marathonId: uuid('marathon_id')
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    /** In capitals: codes are matched without regard to case. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    maxUses: integer('max_uses'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('discount_codes_race_code_unique').on(table.marathonId, table.code),
    check(
      'discount_codes_one_discount_check',
      sql`(${table.percentOff} between 1 and 100 and ${table.amountOff} is null)
        or (${table.amountOff} >= 1 and ${table.percentOff} is null)`,
    ),
    check(
      'discount_codes_uses_check',
      sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.uses} <= ${table.maxUses})`,
    ),
  ],
);

/**
 * Stripe's events applied, by id: recorded in the transaction of the change an event makes, so a delivery
 * repeated (Stripe retries for days, in any order) finds it and changes nothing.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds to make through Stripe: written in the transaction that decides them, made by the refund worker with
 * the row's id as idempotency key. They outlive their registration and race (a deleted race refunds in full).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a payment no entry of ours knows (a session without our metadata). */
    registrationId: uuid('registration_id'),
    paymentIntent: text('payment_intent').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Why: withdrawn, cancelled, race-deleted, mismatch, late. */
    reason: text('reason').notNull(),
    stripeRefundId: text('stripe_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_refunds_todo_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.doneAt} is null`),
    check('payment_refunds_amount_check', sql`${table.amount} > 0`),
  ],
);
