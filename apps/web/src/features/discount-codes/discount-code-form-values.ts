import { createDiscountCodeSchema, fromZonedDateTimeValue, type DiscountCode } from '@stride/shared';
import { MONEY_LIMITS, formatMoney } from '@stride/shared/money';
import { formatMoneyInput, parseMoneyInput } from '../../lib/money-input';
import type { ParseResult } from '../../lib/use-submission';
import type { CreateDiscountCodeInput } from './api/discount-codes-api';
import { DISCOUNT_CODES_MESSAGES as M } from './discount-codes-messages';

export type DiscountKind = 'percent' | 'amount';

/** The Add a code form, as typed. */
export type DiscountCodeFormValues = {
  code: string;
  kind: DiscountKind;
  /** A whole percentage. */
  percentOff: string;
  /** An amount in the race's currency, e.g. "5.00". */
  amountOff: string;
  /** Empty for no limit. */
  maxUses: string;
  /** YYYY-MM-DDTHH:mm as the race's clocks read it (a datetime-local input); empty for no end. */
  validUntil: string;
};

export const EMPTY_DISCOUNT_CODE_FORM: DiscountCodeFormValues = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  maxUses: '',
  validUntil: '',
};

export const DISCOUNT_CODE_FIELDS = ['code', 'percentOff', 'amountOff', 'maxUses', 'validUntil'] as const;

/** What the race the codes are for tells the form: amounts are in its currency, times on its clocks. */
export type CodeRace = { currency: string; timeZone: string };

/** A whole number as typed; anything else NaN, for the check to refuse. */
const wholeNumber = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN);

/**
 * The request body: the chosen discount only (a percentage, or an amount in minor units), no limit and no end
 * for empty fields, the end as the instant the race's clocks show it.
 */
export function formValuesToCodeInput(
  values: DiscountCodeFormValues,
  race: CodeRace,
): CreateDiscountCodeInput {
  return {
    code: values.code,
    percentOff: values.kind === 'percent' ? wholeNumber(values.percentOff) : null,
    amountOff:
      values.kind === 'amount' ? (parseMoneyInput(values.amountOff, race.currency) ?? Number.NaN) : null,
    maxUses: values.maxUses.trim() === '' ? null : wholeNumber(values.maxUses),
    validUntil:
      values.validUntil === ''
        ? null
        : (fromZonedDateTimeValue(values.validUntil, race.timeZone)?.toISOString() ?? values.validUntil),
  };
}

/**
 * The body checked by the shared schema, the numbers' messages in the form's words (the schema names the API's
 * fields and minor units).
 */
export function checkDiscountCode(
  input: CreateDiscountCodeInput,
  currency: string,
): ParseResult<CreateDiscountCodeInput> {
  const result = createDiscountCodeSchema.safeParse(input);
  if (result.success) return { success: true, data: input };
  const formMessages: Partial<Record<PropertyKey, string>> = {
    percentOff: M.form.percentRefused,
    amountOff: M.form.amountRefused(
      formatMoney(MONEY_LIMITS.maxFee, currency),
      formatMoneyInput(500, currency),
    ),
    maxUses: M.form.maxUsesRefused,
  };
  const issues = result.error.issues.map(({ path, message }) => ({
    path,
    message: formMessages[path[0]!] ?? message,
  }));
  return { success: false, error: { issues } };
}

/** '20% off', '€5.00 off'. */
export function describeDiscount(
  code: Pick<DiscountCode, 'percentOff' | 'amountOff'>,
  currency: string,
): string {
  return M.discount(
    code.percentOff === null ? formatMoney(code.amountOff ?? 0, currency) : `${code.percentOff}%`,
  );
}

/** '3', or '3 / 10' for a code with a limit. */
export function describeUses(code: Pick<DiscountCode, 'uses' | 'maxUses'>): string {
  return code.maxUses === null ? String(code.uses) : M.usesOf(String(code.uses), String(code.maxUses));
}

/** Whether a code still applies: removed after use, past its end, used up, or active. */
export function codeState(
  code: Pick<DiscountCode, 'active' | 'validUntil' | 'uses' | 'maxUses'>,
  now: Date,
): keyof typeof M.states {
  if (!code.active) return 'inactive';
  if (code.validUntil !== null && Date.parse(code.validUntil) <= now.getTime()) return 'expired';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'usedUp';
  return 'active';
}
