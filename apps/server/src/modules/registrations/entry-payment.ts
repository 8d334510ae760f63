import {
  type PaymentMethod,
  PAYMENT_MESSAGES,
  type PriceTier,
  discounted,
  feeAt,
  minimumCardCharge,
} from '@stride/shared';

/** A race's prices as an entry is charged by them (issue 32): part of its entry form's revision. */
export type RacePricing = {
  entryFee: number;
  priceTiers: PriceTier[];
  currency: string;
  paymentMethods: PaymentMethod[];
};

/** A discount code's terms, as an entry is checked against them; its uses are the entry statement's to count. */
export type CodeTerms = {
  id: string;
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  active: boolean;
  validUntil: Date | null;
};

/** What an entry pays and how: fixed when it is made. */
export type EntryPayment = {
  paymentMethod: PaymentMethod | null;
  amountDue: number;
  currency: string | null;
  discountCodeId: string | null;
  discountCode: string | null;
  /** Pays online: the entry takes a hold, not a place, until paid. */
  online: boolean;
};

export const FREE_ENTRY: EntryPayment = {
  paymentMethod: null,
  amountDue: 0,
  currency: null,
  discountCodeId: null,
  discountCode: null,
  online: false,
};

type Refusal = { errors: Array<{ field: string; message: string }> };
const refused = (field: string, message: string): Refusal => ({ errors: [{ field, message }] });

/**
 * The payment of an entry made at `at`: the fee then, less the code's discount; the way of paying asked for (the
 * race's first by default). Refused: a code that is unknown, inactive or expired (one message for all, so codes
 * cannot be probed; a used-up one is the entry statement's to find), a way the race does not take, an online
 * amount below the smallest card charge, online payment on a server without it.
 */
export function entryPaymentOf(
  prices: RacePricing,
  request: { paymentMethod?: PaymentMethod | undefined; discountCode?: string | undefined },
  codes: ReadonlyMap<string, CodeTerms>,
  at: Date,
  onlineAvailable: boolean,
): { payment: EntryPayment } | Refusal {
  const fee = feeAt(prices, at);
  let code: CodeTerms | null = null;
  if (request.discountCode !== undefined) {
    code = codes.get(request.discountCode) ?? null;
    if (!code || !code.active || (code.validUntil !== null && code.validUntil <= at)) {
      return refused('discountCode', PAYMENT_MESSAGES.invalidCode);
    }
  }
  const amountDue = discounted(fee, code);
  const base = {
    currency: fee > 0 ? prices.currency : null,
    discountCodeId: code?.id ?? null,
    discountCode: code?.code ?? null,
  };
  if (amountDue === 0) return { payment: { ...base, paymentMethod: null, amountDue: 0, online: false } };
  const method = request.paymentMethod ?? prices.paymentMethods[0] ?? 'on_site';
  if (!prices.paymentMethods.includes(method)) return refused('paymentMethod', PAYMENT_MESSAGES.notOffered);
  if (method === 'online') {
    if (!onlineAvailable) return refused('paymentMethod', PAYMENT_MESSAGES.onlineNotSetUp);
    if (amountDue < minimumCardCharge(prices.currency)) {
      return refused('paymentMethod', PAYMENT_MESSAGES.tooSmallOnline);
    }
  }
  return { payment: { ...base, paymentMethod: method, amountDue, online: method === 'online' } };
}
