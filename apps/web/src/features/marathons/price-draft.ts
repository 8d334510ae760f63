import type { CreateMarathonInput, Marathon, PaymentOptions } from '@stride/shared';
import { MONEY_LIMITS, formatMoney, isCurrency, type PaymentMethod } from '@stride/shared/money';
import { formatMoneyInput, parseMoneyInput } from '../../lib/money-input';
import { PRICE_FIELDS_MESSAGES as M } from './price-fields-messages';

/** A price tier as the form edits it: its end as a wall-clock time in the race's zone, its fee as typed. */
export type PriceTierDraft = {
  /** React's key. */
  key: string;
  /** YYYY-MM-DDTHH:mm in the race's zone; '' while empty. */
  until: string;
  entryFee: string;
  /** The stored tier's end, sent back to the millisecond while its wall-clock time is left as it was. */
  storedUntil: string | null;
};

/** The Entry fee section of the add/update form (issue 32): amounts as typed, in the currency's major unit. */
export type PriceDraft = {
  /** The fee after the last tier, e.g. "45.00"; empty or 0 for a free race. */
  entryFee: string;
  currency: string;
  priceTiers: PriceTierDraft[];
  paymentMethods: PaymentMethod[];
  /** A whole percentage as typed; empty for 0. */
  refundPercent: string;
  /** The refund deadline, YYYY-MM-DDTHH:mm in the race's zone; '' for none (until the race starts). */
  refundUntil: string;
  storedRefundUntil: string | null;
};

type PriceInput = Pick<
  CreateMarathonInput,
  'entryFee' | 'currency' | 'priceTiers' | 'paymentMethods' | 'refundPolicy'
>;

/** The currency of a new race: the issue's default, EUR. */
export const NEW_RACE_CURRENCY = 'EUR';

/**
 * The currencies offered: those runners' races are most often priced in, each with a smallest card charge
 * Stripe publishes. A stored race in another keeps its own at the top of the list.
 */
const COMMON_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'SGD',
  'HKD',
  'INR',
  'AED',
  'BRL',
  'MXN',
] as const;

let currencyNames: Intl.DisplayNames | undefined;

/** The currency select's options: "EUR — Euro", the race's own first when it is not a common one. */
export function currencyChoices(current: string): Array<{ value: string; label: string }> {
  currencyNames ??= new Intl.DisplayNames(['en'], { type: 'currency' });
  const codes = (COMMON_CURRENCIES as readonly string[]).includes(current)
    ? COMMON_CURRENCIES
    : [current, ...COMMON_CURRENCIES];
  return codes.map((code) => ({ value: code, label: `${code} — ${currencyNames!.of(code) ?? code}` }));
}

/**
 * A new race's prices: free, in the server's currency (EUR unless told), no tiers, nothing refunded; paid online
 * where the server has Stripe set up, else on site (the server's own default for a paid race).
 */
export function newPriceDraft(
  options: PaymentOptions = { defaultCurrency: NEW_RACE_CURRENCY, online: true },
): PriceDraft {
  return {
    entryFee: '',
    currency: options.defaultCurrency,
    priceTiers: [],
    paymentMethods: [options.online ? 'online' : 'on_site'],
    refundPercent: '',
    refundUntil: '',
    storedRefundUntil: null,
  };
}

type StoredPrices = Pick<
  Marathon,
  'entryFee' | 'currency' | 'priceTiers' | 'paymentMethods' | 'refundPolicy' | 'timeZone'
>;

/**
 * The update form's prices from a stored race: amounts in the currency's major unit, dates as the race's clocks
 * read them (`wallClock`).
 */
export function pricesToDraft(race: StoredPrices, wallClock: (instant: string) => string): PriceDraft {
  const amount = (fee: number) => formatMoneyInput(fee, race.currency);
  return {
    entryFee: race.entryFee === 0 ? '' : amount(race.entryFee),
    currency: race.currency,
    priceTiers: race.priceTiers.map((tier, index) => ({
      key: `stored-${index}`,
      until: wallClock(tier.until),
      entryFee: amount(tier.entryFee),
      storedUntil: tier.until,
    })),
    paymentMethods: [...race.paymentMethods],
    refundPercent: race.refundPolicy.percent === 0 ? '' : String(race.refundPolicy.percent),
    refundUntil: race.refundPolicy.until === null ? '' : wallClock(race.refundPolicy.until),
    storedRefundUntil: race.refundPolicy.until,
  };
}

let newTiers = 0;

/** A tier added in the form: empty, to be filled in. */
export function newPriceTier(): PriceTierDraft {
  newTiers += 1;
  return { key: `new-tier-${newTiers}`, until: '', entryFee: '', storedUntil: null };
}

/** True while any fee typed asks runners for money (or cannot be read yet): the ways to pay then apply. */
export function chargesFee(draft: Pick<PriceDraft, 'entryFee' | 'currency' | 'priceTiers'>): boolean {
  const fee = (typed: string) => parseMoneyInput(typed, draft.currency);
  return (fee(draft.entryFee) ?? 0) !== 0 || draft.priceTiers.some((tier) => fee(tier.entryFee) !== 0);
}

/** A whole number as typed; empty is 0; anything else NaN, for the schema to refuse. */
const wholeNumber = (typed: string) => {
  const text = typed.trim();
  if (text === '') return 0;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
};

/**
 * The section's part of the request body: fees in minor units (an empty fee 0, an empty tier's fee NaN for the
 * check to refuse), each date the instant `toInstant` makes of it. The ways to pay and the refund policy go
 * only with a fee: a free race leaves them to the server (and a stored race keeps its own).
 */
export function draftToPriceInput(
  draft: PriceDraft,
  toInstant: (wallClock: string, stored: string | null) => string,
): PriceInput {
  const fee = (typed: string) => parseMoneyInput(typed, draft.currency);
  return {
    entryFee: fee(draft.entryFee) ?? 0,
    currency: draft.currency,
    priceTiers: draft.priceTiers.map((tier) => ({
      until: toInstant(tier.until, tier.storedUntil),
      entryFee: fee(tier.entryFee) ?? Number.NaN,
    })),
    ...(chargesFee(draft) && {
      paymentMethods: draft.paymentMethods,
      refundPolicy: {
        percent: wholeNumber(draft.refundPercent),
        until: draft.refundUntil === '' ? null : toInstant(draft.refundUntil, draft.storedRefundUntil),
      },
    }),
  };
}

/** The names of the section's fields errors can be about, nested ones included (`priceTiers.0.until`). */
export function priceFieldNames(draft: Pick<PriceDraft, 'priceTiers'>): string[] {
  return [
    'entryFee',
    'currency',
    'priceTiers',
    ...draft.priceTiers.flatMap((_, index) => [
      `priceTiers.${index}`,
      `priceTiers.${index}.until`,
      `priceTiers.${index}.entryFee`,
    ]),
    'paymentMethods',
    'paymentMethods.0',
    'paymentMethods.1',
    'refundPolicy',
    'refundPolicy.percent',
    'refundPolicy.until',
  ];
}

/**
 * The message the form shows for an issue: a fee the schema refuses (in minor units, which nobody types) is
 * asked for again as an amount in the currency.
 */
export function priceIssueMessage(
  path: readonly PropertyKey[],
  message: string,
  currency: string | undefined,
): string {
  const isFee = path.at(-1) === 'entryFee' && (path.length === 1 || path[0] === 'priceTiers');
  if (!isFee || currency === undefined || !isCurrency(currency)) return message;
  return M.amountRefused(formatMoney(MONEY_LIMITS.maxFee, currency), formatMoneyInput(4500, currency));
}
