import { z } from 'zod';
import { MONEY_LIMITS, PAYMENT_METHODS, PAYMENT_STATUSES, isCurrency } from '../money.js';
import { ifValidSoFar, requiredDate } from './fields.js';

/** Entry fees (issue 32): a race's prices, its discount codes, and what each entry owes and paid. */

const FEE_MESSAGE = `The entry fee must be a whole number of the currency's minor units (cents) from 0 to ${MONEY_LIMITS.maxFee}`;
const fee = (message = FEE_MESSAGE) =>
  z.number({ error: message }).int(message).min(0, message).max(MONEY_LIMITS.maxFee, message);

const CURRENCY_MESSAGE = 'The currency must be an ISO 4217 code in capitals, e.g. EUR';
export const currencyField = z.string({ error: CURRENCY_MESSAGE }).refine(isCurrency, CURRENCY_MESSAGE);

const priceTierInput = z.object(
  { until: requiredDate('A price tier’s end'), entryFee: fee() },
  { error: 'A price tier must be an object of until and entryFee' },
);

const TIERS_ORDER_MESSAGE = 'Price tiers must end in ascending order';
const priceTiersInput = z
  .array(priceTierInput, { error: 'priceTiers must be a list' })
  .max(MONEY_LIMITS.priceTiers, `A race has at most ${MONEY_LIMITS.priceTiers} price tiers`)
  .superRefine((tiers, ctx) => {
    tiers.forEach((tier, index) => {
      if (index > 0 && !(tier.until > tiers[index - 1]!.until)) {
        ctx.addIssue({ code: 'custom', path: [index, 'until'], message: TIERS_ORDER_MESSAGE });
      }
    });
  });

const paymentMethodsInput = z
  .array(z.enum(PAYMENT_METHODS, { error: 'A payment method is online or on_site' }), {
    error: 'paymentMethods must be a list of online and on_site',
  })
  .max(PAYMENT_METHODS.length)
  .refine((methods) => new Set(methods).size === methods.length, {
    message: 'paymentMethods lists each method once',
    ...ifValidSoFar,
  });

const REFUND_PERCENT_MESSAGE = 'The refund percentage must be a whole number from 0 to 100';
const refundPolicyInput = z.object(
  {
    percent: z
      .number({ error: REFUND_PERCENT_MESSAGE })
      .int(REFUND_PERCENT_MESSAGE)
      .min(0, REFUND_PERCENT_MESSAGE)
      .max(100, REFUND_PERCENT_MESSAGE),
    until: requiredDate('The refund deadline').nullable().default(null),
  },
  { error: 'refundPolicy must be an object of percent and until' },
);

/** The price fields of the race's add/update body: left out, a field keeps its value (its default on add). */
export const priceInputFields = {
  entryFee: fee().optional(),
  currency: currencyField.optional(),
  priceTiers: priceTiersInput.optional(),
  paymentMethods: paymentMethodsInput.optional(),
  refundPolicy: refundPolicyInput.optional(),
};

export const priceTierSchema = z.object({ until: z.iso.datetime(), entryFee: z.number().int() });

/** The prices as every race the API returns carries them. */
export const priceFields = {
  /** The fee after the last tier, in minor units; 0 = free. */
  entryFee: z.number().int(),
  currency: z.string(),
  priceTiers: z.array(priceTierSchema),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  refundPolicy: z.object({ percent: z.number().int(), until: z.iso.datetime().nullable() }),
  /** The fee a runner entering now pays before any discount. */
  currentFee: z.number().int(),
  nextFeeChange: z.object({ at: z.iso.datetime(), entryFee: z.number().int() }).nullable(),
  /** Places held while their runners pay. */
  pendingCount: z.number().int(),
};

/** A registration's payment, as every registration the API returns carries it. */
export const registrationPaymentFields = {
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The fee this entry pays after any discount; it does not change once paid. */
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  amountRefunded: z.number().int(),
  currency: z.string().nullable(),
  discountCode: z.string().nullable(),
  /** Unique in the race, once paid. */
  receiptNumber: z.string().nullable(),
  /** While the place is held for payment: when it is released. */
  holdExpiresAt: z.iso.datetime().nullable(),
};

export const DISCOUNT_CODE_LIMITS = { min: 3, max: 32 } as const;
const CODE_MESSAGE = `A code is ${DISCOUNT_CODE_LIMITS.min}–${DISCOUNT_CODE_LIMITS.max} letters A–Z, digits, - or _`;

/** A code as typed: matched without regard to case, stored in capitals. */
export const discountCodeText = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(
    z
      .string()
      .min(DISCOUNT_CODE_LIMITS.min, CODE_MESSAGE)
      .max(DISCOUNT_CODE_LIMITS.max, CODE_MESSAGE)
      .regex(/^[A-Z0-9_-]+$/, CODE_MESSAGE),
  );

const ONE_DISCOUNT_MESSAGE = 'Give exactly one of percentOff and amountOff';
const PERCENT_OFF_MESSAGE = 'percentOff must be a whole number from 1 to 100';
const AMOUNT_OFF_MESSAGE = `amountOff must be a whole number of minor units from 1 to ${MONEY_LIMITS.maxFee}`;
const MAX_USES_MESSAGE = 'maxUses must be a whole number of at least 1, or null for no limit';

/** POST /api/marathons/:id/discount-codes. */
export const createDiscountCodeSchema = z
  .object({
    code: discountCodeText,
    percentOff: z
      .number({ error: PERCENT_OFF_MESSAGE })
      .int(PERCENT_OFF_MESSAGE)
      .min(1, PERCENT_OFF_MESSAGE)
      .max(100, PERCENT_OFF_MESSAGE)
      .nullish(),
    amountOff: z
      .number({ error: AMOUNT_OFF_MESSAGE })
      .int(AMOUNT_OFF_MESSAGE)
      .min(1, AMOUNT_OFF_MESSAGE)
      .max(MONEY_LIMITS.maxFee, AMOUNT_OFF_MESSAGE)
      .nullish(),
    maxUses: z.number({ error: MAX_USES_MESSAGE }).int(MAX_USES_MESSAGE).min(1, MAX_USES_MESSAGE).nullish(),
    validUntil: requiredDate('validUntil').nullish(),
  })
  .superRefine((body, ctx) => {
    const given = [body.percentOff, body.amountOff].filter((value) => value !== undefined && value !== null);
    if (given.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: ONE_DISCOUNT_MESSAGE });
  })
  .transform((body) => ({
    code: body.code,
    percentOff: body.percentOff ?? null,
    amountOff: body.amountOff ?? null,
    maxUses: body.maxUses ?? null,
    validUntil: body.validUntil ?? null,
  }));
export type CreateDiscountCode = z.output<typeof createDiscountCodeSchema>;

export const discountCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOff: z.number().int().nullable(),
  maxUses: z.number().int().nullable(),
  validUntil: z.iso.datetime().nullable(),
  /** Entries holding a place (or a hold, or a place in line) with it. */
  uses: z.number().int(),
  /** False once removed after use: it stays listed, and no longer applies. */
  active: z.boolean(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/** POST /api/marathons/:id/participants/:registrationId/payment: the organizer records money taken or given back. */
export const recordPaymentSchema = z.object({
  status: z.enum(['paid', 'refunded'], { error: 'status must be paid or refunded' }),
});
export type RecordPayment = z.output<typeof recordPaymentSchema>;

/** POST /api/registrations/:id/checkout. */
export const checkoutSchema = z.object({ checkoutUrl: z.string() });

/** A runner's DELETE of an entry with money on it. */
export const withdrawalSchema = z.object({ message: z.string(), refundAmount: z.number().int() });

/** GET …/stats: the race's money, in minor units. */
export const revenueSchema = z.object({
  currency: z.string(),
  /** All money received, cancelled entries' included. */
  paid: z.number().int(),
  refunded: z.number().int(),
  /** paid − refunded. */
  net: z.number().int(),
  /** On-site fees not yet collected. */
  due: z.number().int(),
  /** On-site refunds not yet paid back. */
  refundsDue: z.number().int(),
});

/**
 * A code a runner types, in capitals; blank or null for none. Anything that is no code of the race (malformed
 * included) is refused by the server with one message, "This code is not valid for this race", so codes cannot be
 * probed by their form either.
 */
export const enteredDiscountCode = z
  .union([z.string(), z.null()], { error: 'This code is not valid for this race' })
  .optional()
  .transform((code) => code?.trim().toUpperCase() || undefined)
  .refine((code) => code === undefined || code.length <= 100, 'This code is not valid for this race');

/** POST /api/marathons/:id/quote: what the signed-in runner would pay now, with a code if given. */
export const quoteRequestSchema = z.object({ discountCode: enteredDiscountCode });
export const quoteSchema = z.object({
  /** The fee now, before any discount. */
  entryFee: z.number().int(),
  /** After the code's discount. */
  amountDue: z.number().int(),
  currency: z.string(),
  discountCode: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** GET /api/payment-options: how this server takes entry fees, for the race form's defaults. */
export const paymentOptionsSchema = z.object({
  /** A new race's currency (DEFAULT_CURRENCY). */
  defaultCurrency: z.string(),
  /** Whether Stripe is set up: races may offer online payment. */
  online: z.boolean(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;
