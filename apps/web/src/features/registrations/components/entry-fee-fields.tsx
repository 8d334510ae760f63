import { useId, useState, type KeyboardEvent } from 'react';
import type { Marathon, Quote } from '@stride/shared';
import { formatMoney, type PaymentMethod } from '@stride/shared/money';
import { FormField } from '../../../components/ui/form-field';
import { classifyApiFailure } from '../../../lib/api-failure';
import { getQuote } from '../api/registrations-api';
import { REGISTRATION_FORM_MESSAGES } from '../registration-messages';

const M = REGISTRATION_FORM_MESSAGES.fee;

/** What the runner chose to pay with: the code as typed, the way of paying, and the quote of the code applied. */
export type FeeChoice = { code: string; method: PaymentMethod; quote: Quote | null };

export const initialFeeChoice = (race: Pick<Marathon, 'paymentMethods'>): FeeChoice => ({
  code: '',
  method: race.paymentMethods[0] ?? 'on_site',
  quote: null,
});

/** The quote of the code in the field: none once the code was changed after Apply. */
const appliedQuote = ({ quote, code }: FeeChoice) =>
  quote && quote.discountCode === code.trim().toUpperCase() ? quote : null;

/** What the runner pays: the applied code's amount, else the race's fee now. */
export const amountToPay = (fee: number, choice: FeeChoice) => appliedQuote(choice)?.amountDue ?? fee;

/**
 * A paid race's part of the registration form (issue 32): the amount to pay; a discount code, checked with
 * Apply (the server quotes the discounted amount, or says the code is not valid); and the way of paying, a
 * choice when the race takes both. Errors the server gave on submit (`errors`) show beside their fields.
 */
export function EntryFeeFields({
  race,
  fee,
  choice,
  errors,
  onChange,
}: {
  race: Pick<Marathon, '_id' | 'currency' | 'paymentMethods'>;
  /** The race's fee now, before any code. */
  fee: number;
  choice: FeeChoice;
  errors: { discountCode?: string | undefined; paymentMethod?: string | undefined };
  /** Merges `change` into the choice as it is by then; `field`: the field changed, whose error is to go. */
  onChange: (change: Partial<FeeChoice>, field: 'discountCode' | 'paymentMethod') => void;
}) {
  const [isQuoting, setIsQuoting] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const amount = amountToPay(fee, choice);
  const quote = appliedQuote(choice);
  const money = (value: number) => formatMoney(value, race.currency);

  async function apply() {
    const code = choice.code.trim();
    if (!code || isQuoting) return;
    setIsQuoting(true);
    setCodeError(null);
    try {
      onChange({ quote: await getQuote(race._id, code) }, 'discountCode');
    } catch (error) {
      const failure = classifyApiFailure(error, ['discountCode']);
      setCodeError(failure.kind === 'fields' ? (failure.fieldErrors.discountCode ?? null) : M.quoteFailed);
    } finally {
      setIsQuoting(false);
    }
  }

  function applyOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter in the code field applies the code rather than sending the form.
    event.preventDefault();
    void apply();
  }

  return (
    <div className="border-base-300 rounded-box space-y-1 border p-4">
      <div aria-live="polite">
        <p className="text-lg font-semibold">{M.amount(money(amount))}</p>
        {quote?.discountCode && (
          <p className="text-base-content/75 text-sm">
            {M.discounted(money(quote.entryFee), quote.discountCode)}
          </p>
        )}
      </div>
      <FormField
        label={M.discountCode}
        name="discountCode"
        autoComplete="off"
        autoCapitalize="characters"
        value={choice.code}
        error={codeError ?? errors.discountCode}
        onChange={(event) => {
          setCodeError(null);
          onChange({ code: event.target.value }, 'discountCode');
        }}
        onKeyDown={applyOnEnter}
        addon={
          <button
            type="button"
            className="btn btn-ghost btn-sm -me-2"
            disabled={isQuoting}
            onClick={() => void apply()}
          >
            {isQuoting && <span className="loading loading-spinner loading-xs" aria-hidden />}
            {M.apply}
          </button>
        }
      />
      {/* A code that covers the whole fee leaves nothing to pay, so no way of paying to choose. */}
      {amount > 0 && (
        <PaymentMethodField
          methods={race.paymentMethods}
          value={choice.method}
          error={errors.paymentMethod}
          onChange={(method) => onChange({ method }, 'paymentMethod')}
        />
      )}
    </div>
  );
}

/** The way of paying: radios when the race takes both, else the one way as text. */
function PaymentMethodField({
  methods,
  value,
  error,
  onChange,
}: {
  methods: readonly PaymentMethod[];
  value: PaymentMethod;
  error: string | undefined;
  onChange: (method: PaymentMethod) => void;
}) {
  const errorId = `${useId()}-error`;
  const errorText = error && (
    <p id={errorId} className="text-error text-sm">
      {error}
    </p>
  );
  if (methods.length === 1) {
    return (
      <div className="pt-2">
        <p aria-describedby={error ? errorId : undefined}>{M.onlyMethod[methods[0]!]}</p>
        {errorText}
      </div>
    );
  }
  return (
    <fieldset className="fieldset" aria-describedby={error ? errorId : undefined}>
      <legend className="fieldset-legend pb-1">{M.method}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {methods.map((method) => (
          <label key={method} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name="paymentMethod"
              value={method}
              checked={value === method}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(method)}
            />
            {M.methods[method]}
          </label>
        ))}
      </div>
      {errorText}
    </fieldset>
  );
}
