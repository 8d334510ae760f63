import {
  type CreateMarathon,
  type PaymentMethod,
  PAYMENT_MESSAGES,
  type UpdateMarathon,
  isFreeRace,
} from '@stride/shared';
import { AppError } from '../../lib/app-error.js';

/** A race's prices as stored (marathons' columns of issue 32). */
export type StoredPrices = {
  entryFee: number;
  currency: string;
  priceTiers: Array<{ until: string; entryFee: number }>;
  paymentMethods: PaymentMethod[];
  refundPercent: number;
  refundUntil: Date | null;
};

/** What the server offers: the currency of a race that names none, and whether Stripe is set up. */
export type PaymentSettings = { defaultCurrency: string; onlineAvailable: boolean };

const PRICE_KEYS = [
  'entryFee',
  'currency',
  'priceTiers',
  'paymentMethods',
  'refundPolicy',
] as const satisfies ReadonlyArray<keyof UpdateMarathon>;

export const changesPrices = (changes: UpdateMarathon) =>
  PRICE_KEYS.some((key) => changes[key] !== undefined);

export const PRICE_MESSAGES = {
  noMethod: 'Choose at least one way to pay for a race with an entry fee',
  tierAfterClose: 'A price tier must end by the End Registration Date',
  currencyInUse: 'The currency cannot change once entries have money on them',
} as const;

/**
 * The prices of a race after `changes` (all of them on add, from the defaults): each field sent replaces the
 * stored one. Refuses (400) what the body alone could not tell: a tier ending after registration closes, a paid
 * race with no way to pay, online payment on a server without Stripe.
 */
export function pricesOf(
  current: StoredPrices | null,
  changes: CreateMarathon | UpdateMarathon,
  endRegDate: Date,
  settings: PaymentSettings,
): StoredPrices {
  const defaultMethods: PaymentMethod[] = [settings.onlineAvailable ? 'online' : 'on_site'];
  const prices: StoredPrices = {
    entryFee: changes.entryFee ?? current?.entryFee ?? 0,
    currency: changes.currency ?? current?.currency ?? settings.defaultCurrency,
    priceTiers:
      changes.priceTiers?.map((tier) => ({ until: tier.until.toISOString(), entryFee: tier.entryFee })) ??
      current?.priceTiers ??
      [],
    paymentMethods: changes.paymentMethods ?? current?.paymentMethods ?? defaultMethods,
    refundPercent: changes.refundPolicy?.percent ?? current?.refundPercent ?? 0,
    refundUntil: changes.refundPolicy ? changes.refundPolicy.until : (current?.refundUntil ?? null),
  };
  const problems: Array<{ field: string; message: string }> = [];
  prices.priceTiers.forEach((tier, index) => {
    if (Date.parse(tier.until) > endRegDate.getTime()) {
      problems.push({ field: `priceTiers.${index}.until`, message: PRICE_MESSAGES.tierAfterClose });
    }
  });
  if (changes.paymentMethods?.includes('online') && !settings.onlineAvailable) {
    problems.push({ field: 'paymentMethods', message: PAYMENT_MESSAGES.onlineNotSetUp });
  }
  if (prices.paymentMethods.length === 0 && !isFreeRace(prices)) {
    problems.push({ field: 'paymentMethods', message: PRICE_MESSAGES.noMethod });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0]!.message, problems);
  return prices;
}
