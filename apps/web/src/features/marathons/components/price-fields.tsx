import { useEffect, useId, useRef } from 'react';
import { MONEY_LIMITS, PAYMENT_METHODS, formatMoney, isCurrency } from '@stride/shared/money';
import { FormField } from '../../../components/ui/form-field';
import { LabelledControl } from '../../../components/ui/labelled-control';
import type { FieldErrors } from '../../../lib/form-errors';
import { formatMoneyInput, parseMoneyInput } from '../../../lib/money-input';
import {
  chargesFee,
  currencyChoices,
  newPriceTier,
  priceFieldNames,
  type PriceDraft,
  type PriceTierDraft,
} from '../price-draft';
import { PRICE_FIELDS_MESSAGES as M } from '../price-fields-messages';
import { DateTimeField } from './date-time-field';
import { ChoiceFieldset } from '../../../components/ui/choice-fieldset';

type PriceFieldsProps = {
  values: PriceDraft;
  errors: FieldErrors;
  /** The section's heading level under the page's (Add Marathon) or the dialog's (Update Marathon) title. */
  headingLevel: 2 | 3;
  /** A change, and the fields whose errors it answers. */
  onChange: (change: Partial<PriceDraft>, fields: readonly string[]) => void;
};

/** The fee as the hint shows it ("€45.00"), or null while there is none or it cannot be read. */
function shownFee(typed: string, currency: string): string | null {
  const amount = parseMoneyInput(typed, currency);
  if (amount === null || amount === 0 || Number.isNaN(amount) || !isCurrency(currency)) return null;
  return formatMoney(amount, currency);
}

/**
 * The add/update form's Entry fee section (issue 32): the fee and its currency, earlier prices by date (tiers),
 * and, once the race charges, the ways to pay and the refund policy. Amounts are typed in the currency's major
 * unit (45.00); dates as the race's clocks read them.
 */
export function PriceFields({ values, errors, headingLevel, onChange }: PriceFieldsProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const { currency, priceTiers } = values;
  const tierFields = priceFieldNames(values).filter((field) => field.startsWith('priceTiers'));

  return (
    <section aria-labelledby={headingId} className="border-base-300 mt-6 space-y-2 border-t pt-4">
      <Heading id={headingId} className="text-xl font-bold">
        {M.heading}
      </Heading>
      <p className="text-base-content/75 text-sm">{M.intro}</p>

      <div className="grid gap-x-4 md:grid-cols-2">
        <FormField
          label={M.feeLabel}
          name="entryFee"
          inputMode="decimal"
          autoComplete="off"
          value={values.entryFee}
          error={errors.entryFee}
          hint={M.feeHint(
            shownFee(values.entryFee, currency),
            priceTiers.length > 0,
            formatMoneyInput(4500, currency),
          )}
          onChange={(event) => onChange({ entryFee: event.target.value }, ['entryFee'])}
        />
        <LabelledControl label={M.currencyLabel} error={errors.currency}>
          {(control) => (
            <select
              {...control}
              name="currency"
              className={`select w-full ${errors.currency ? 'select-error' : ''}`}
              value={currency}
              // Another currency can make an amount typed unreadable (yen have no cents): its check runs again.
              onChange={(event) =>
                onChange({ currency: event.target.value }, ['currency', 'entryFee', ...tierFields])
              }
            >
              {currencyChoices(currency).map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </LabelledControl>
      </div>

      <PriceTiers
        tiers={priceTiers}
        errors={errors}
        onChange={(tiers, fields) => onChange({ priceTiers: tiers }, fields)}
      />

      {chargesFee(values) && (
        <>
          <PaymentMethods
            values={values}
            error={errors.paymentMethods ?? errors['paymentMethods.0'] ?? errors['paymentMethods.1']}
            onChange={onChange}
          />
          <fieldset className="fieldset min-w-0">
            <legend className="fieldset-legend text-base">{M.refundLegend}</legend>
            <div className="grid gap-x-4 md:grid-cols-2">
              <FormField
                label={M.refundPercentLabel}
                name="refundPolicy.percent"
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                value={values.refundPercent}
                error={errors['refundPolicy.percent'] ?? errors.refundPolicy}
                hint={M.refundPercentHint}
                onChange={(event) =>
                  onChange({ refundPercent: event.target.value }, ['refundPolicy', 'refundPolicy.percent'])
                }
              />
              <DateTimeField
                label={M.refundUntilLabel}
                name="refundPolicy.until"
                required={false}
                value={values.refundUntil}
                error={errors['refundPolicy.until']}
                hint={M.refundUntilHint}
                onChange={(refundUntil) => onChange({ refundUntil }, ['refundPolicy.until'])}
              />
            </div>
          </fieldset>
        </>
      )}
    </section>
  );
}

type PriceTiersProps = {
  tiers: PriceTierDraft[];
  errors: FieldErrors;
  onChange: (tiers: PriceTierDraft[], fields: readonly string[]) => void;
};

/**
 * Up to ten tiers, each an end date and a fee, in a group named 'Price tier 2'. Focus follows the edit: to the
 * new tier's date on add, to the tier now in the removed one's place (or the add button) on remove.
 */
function PriceTiers({ tiers, errors, onChange }: PriceTiersProps) {
  const hintId = useId();
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    if (focusIndex.current === null) return;
    const tier = list.current?.children[Math.min(focusIndex.current, tiers.length - 1)];
    (tier?.querySelector('input') ?? addButton.current)?.focus();
    focusIndex.current = null;
  });

  // Every tier's fields: removing or reordering one can answer any tier's error (their ascending order).
  const allFields = tiers.flatMap((_, index) => [
    `priceTiers.${index}`,
    `priceTiers.${index}.until`,
    `priceTiers.${index}.entryFee`,
  ]);
  const update = (index: number, change: Partial<PriceTierDraft>, fields: readonly string[]) =>
    onChange(
      tiers.map((tier, at) => (at === index ? { ...tier, ...change } : tier)),
      fields,
    );
  const isFull = tiers.length >= MONEY_LIMITS.priceTiers;

  return (
    <fieldset className="fieldset min-w-0" aria-describedby={hintId}>
      <legend className="fieldset-legend text-base">{M.tiersLegend}</legend>
      <p id={hintId} className="text-base-content/75 text-sm">
        {M.tiersHint}
      </p>
      {tiers.length === 0 && <p className="text-sm">{M.noTiers}</p>}
      <ol ref={list} className="space-y-2">
        {tiers.map((tier, index) => {
          const position = index + 1;
          const tierError = errors[`priceTiers.${index}`];
          return (
            <li key={tier.key}>
              <fieldset className="border-base-300 rounded-box grid gap-x-4 border p-3 md:grid-cols-[1fr_1fr_auto]">
                <legend className="px-1 text-sm font-semibold">{M.tierLegend(position)}</legend>
                <DateTimeField
                  label={M.tierUntil}
                  name={`priceTiers.${index}.until`}
                  value={tier.until}
                  error={errors[`priceTiers.${index}.until`] ?? tierError}
                  // A date can put the tiers out of order, or back in it.
                  onChange={(until) => update(index, { until }, allFields)}
                />
                <FormField
                  label={M.tierFee}
                  name={`priceTiers.${index}.entryFee`}
                  inputMode="decimal"
                  autoComplete="off"
                  required
                  value={tier.entryFee}
                  error={errors[`priceTiers.${index}.entryFee`]}
                  onChange={(event) =>
                    update(index, { entryFee: event.target.value }, [`priceTiers.${index}.entryFee`])
                  }
                />
                <div className="flex items-end pb-1">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    onClick={() => {
                      focusIndex.current = index;
                      onChange(
                        tiers.filter((_, at) => at !== index),
                        allFields,
                      );
                    }}
                  >
                    {M.removeTier(position)}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors.priceTiers && <p className="text-error text-sm">{errors.priceTiers}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <button
          ref={addButton}
          type="button"
          className="btn btn-sm btn-outline"
          disabled={isFull}
          onClick={() => {
            focusIndex.current = tiers.length;
            onChange([...tiers, newPriceTier()], ['priceTiers']);
          }}
        >
          {M.addTier}
        </button>
        {isFull && <span className="text-sm">{M.tiersFull}</span>}
      </div>
    </fieldset>
  );
}

type PaymentMethodsProps = {
  values: PriceDraft;
  error: string | undefined;
  onChange: (change: Partial<PriceDraft>, fields: readonly string[]) => void;
};

/** Online (card) and On site, as checkboxes: at least one for a race with a fee. */
function PaymentMethods({ values, error, onChange }: PaymentMethodsProps) {
  return (
    <ChoiceFieldset legend={M.methodsLegend} error={error} hint={M.methodsHint}>
      {(invalid) =>
        PAYMENT_METHODS.map((method) => (
          <label key={method} className="label text-base-content cursor-pointer gap-2">
            <input
              type="checkbox"
              name="paymentMethods"
              value={method}
              className={`checkbox ${invalid ? 'checkbox-error' : ''}`}
              aria-invalid={invalid ? true : undefined}
              checked={values.paymentMethods.includes(method)}
              onChange={(event) =>
                onChange(
                  {
                    // In the order the API lists them: the first is a runner's default.
                    paymentMethods: PAYMENT_METHODS.filter((other) =>
                      other === method ? event.target.checked : values.paymentMethods.includes(other),
                    ),
                  },
                  ['paymentMethods', 'paymentMethods.0', 'paymentMethods.1'],
                )
              }
            />
            {M.methods[method]}
          </label>
        ))
      }
    </ChoiceFieldset>
  );
}
