/**
 * Entry fees (issue 32), without zod: what the server charges and the web app shows, from the same rules. Amounts
 * are whole numbers in the currency's minor units (cents; yen have none).
 */

export const PAYMENT_METHODS = ['online', 'on_site'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = [
  'free',
  'pending',
  'paid',
  'due',
  'refunded',
  'partially_refunded',
  'refund_due',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const MONEY_LIMITS = { maxFee: 10_000_000, priceTiers: 10 } as const;

export type PriceTier = { until: string; entryFee: number };
export type RacePrices = { entryFee: number; priceTiers: readonly PriceTier[] };
export type RefundPolicy = { percent: number; until: string | null };

export const PAYMENT_MESSAGES = {
  onlineNotSetUp: 'Online payment is not set up on this server',
  invalidCode: 'This code is not valid for this race',
  tooSmallOnline: 'This amount is too small to pay online; choose to pay on site',
  notOffered: 'This race does not take this way of paying',
  refundOnSiteFirst: 'Refund the on-site payments first',
} as const;

/** True for a currency code this runtime can format and Stripe may charge in: ISO 4217, upper case. */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && supportedCurrencies().has(code);
}

let currencies: Set<string> | undefined;
function supportedCurrencies(): Set<string> {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies;
}

/** How many decimals the currency's minor unit has: 2 for EUR, 0 for JPY. */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** An amount in minor units, as people read it: €45.00, ¥4,500. */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 10 ** digits);
}

/**
 * The smallest amount a card payment may be, in minor units (Stripe's minimum charge amounts for the common
 * currencies; elsewhere the equivalent of about half a euro in the currency's own units).
 */
const MINIMUM_CHARGES: Record<string, number> = {
  EUR: 50,
  USD: 50,
  GBP: 30,
  CHF: 50,
  CAD: 50,
  AUD: 50,
  NZD: 50,
  SGD: 50,
  HKD: 400,
  JPY: 50,
  DKK: 250,
  NOK: 300,
  SEK: 300,
  PLN: 200,
  CZK: 1500,
  HUF: 17500,
  MXN: 1000,
  BRL: 50,
  INR: 50,
  AED: 200,
};
export function minimumCardCharge(currency: string): number {
  return MINIMUM_CHARGES[currency] ?? 10 ** minorUnitDigits(currency) / 2;
}

/** The tier in force at `at` (the first whose `until` is still ahead), or null after the last. */
function tierAt(prices: RacePrices, at: Date): PriceTier | null {
  return prices.priceTiers.find((tier) => Date.parse(tier.until) > at.getTime()) ?? null;
}

/** The fee a runner entering at `at` pays before any discount. */
export function feeAt(prices: RacePrices, at: Date): number {
  return tierAt(prices, at)?.entryFee ?? prices.entryFee;
}

/** When the fee next changes, and to what; null when it does not change again. */
export function nextFeeChange(prices: RacePrices, at: Date): { at: string; entryFee: number } | null {
  const index = prices.priceTiers.findIndex((tier) => Date.parse(tier.until) > at.getTime());
  if (index === -1) return null;
  const next = prices.priceTiers[index + 1]?.entryFee ?? prices.entryFee;
  return { at: new Date(prices.priceTiers[index]!.until).toISOString(), entryFee: next };
}

/** True when nobody ever pays to enter: no fee now or in any tier. */
export function isFreeRace(prices: RacePrices): boolean {
  return prices.entryFee === 0 && prices.priceTiers.every((tier) => tier.entryFee === 0);
}

export type Discount = { percentOff: number | null; amountOff: number | null };

/** The fee after a code's discount: a percentage is taken off rounded down to the minor unit, never below 0. */
export function discounted(fee: number, discount: Discount | null): number {
  if (!discount) return fee;
  if (discount.percentOff !== null) return fee - Math.floor((fee * discount.percentOff) / 100);
  return Math.max(fee - (discount.amountOff ?? 0), 0);
}

/**
 * What a runner who withdraws at `at` gets back of `paid`: the policy's share, rounded down to the minor unit,
 * before its `until` (before the race starts when it has none); after it, nothing.
 */
export function refundOnWithdrawal(paid: number, policy: RefundPolicy, raceStart: Date, at: Date): number {
  const until = policy.until === null ? raceStart : new Date(policy.until);
  if (at.getTime() >= until.getTime()) return 0;
  return Math.floor((paid * policy.percent) / 100);
}
