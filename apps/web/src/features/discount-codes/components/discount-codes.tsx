import { useId, useRef, useState } from 'react';
import type { DiscountCode } from '@stride/shared';
import { FormField } from '../../../components/ui/form-field';
import { PanelForm } from '../../../components/ui/panel-form';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { confirmDelete, showToast } from '../../../lib/alerts';
import { formatDateTime } from '../../../lib/dates';
import { formatMoneyInput } from '../../../lib/money-input';
import { announceFailure, useSubmission } from '../../../lib/use-submission';
import { createDiscountCode, deleteDiscountCode } from '../api/discount-codes-api';
import {
  DISCOUNT_CODE_FIELDS,
  EMPTY_DISCOUNT_CODE_FORM,
  checkDiscountCode,
  codeState,
  describeDiscount,
  describeUses,
  formValuesToCodeInput,
  type CodeRace,
  type DiscountCodeFormValues,
  type DiscountKind,
} from '../discount-code-form-values';
import { DISCOUNT_CODES_MESSAGES as M } from '../discount-codes-messages';

type DiscountCodesProps = {
  raceId: string;
  race: CodeRace;
  codes: readonly DiscountCode[];
  /** The section's heading id, which the desk links to. */
  headingId: string;
};

const STATE_BADGE = {
  active: 'badge-success',
  inactive: 'badge-ghost',
  expired: 'badge-ghost',
  usedUp: 'badge-warning',
} as const;

/**
 * The race's discount codes (issue 32): each with its discount, uses against its limit, end and whether it still
 * applies; removing one (a used one stays listed, inactive); and the form that adds one. The list is the desk's
 * loader's: a change re-runs it.
 */
export function DiscountCodes({ raceId, race, codes, headingId }: DiscountCodesProps) {
  const { send } = useSubmission();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const now = new Date();

  async function remove(code: DiscountCode) {
    if (!(await confirmDelete(M.remove.confirm(code.code, code.uses)))) return;
    const removed = await send(() => deleteDiscountCode(raceId, code._id), {
      onDone: (result) => showToast('success', result.message),
      onFailure: (failure) => announceFailure(M.remove.outcome, failure),
    });
    // The row's button may be gone: keep keyboard users in the section.
    if (removed) headingRef.current?.focus();
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {M.heading}
      </h2>
      <p className="text-base-content/75 text-sm">{M.intro}</p>
      {codes.length === 0 ? (
        <p>{M.none}</p>
      ) : (
        <ResponsiveTable
          caption={M.caption}
          rows={codes}
          rowKey={(code) => code._id}
          columns={[
            { header: M.columns.code, isRowHeader: true, cell: (code) => code.code },
            { header: M.columns.discount, cell: (code) => describeDiscount(code, race.currency) },
            { header: M.columns.uses, cell: describeUses },
            {
              header: M.columns.validUntil,
              cell: (code) => (code.validUntil ? formatDateTime(code.validUntil, race.timeZone) : M.noEnd),
            },
            {
              header: M.columns.state,
              cell: (code) => {
                const state = codeState(code, now);
                return <span className={`badge badge-sm ${STATE_BADGE[state]}`}>{M.states[state]}</span>;
              },
            },
          ]}
          actions={(code) =>
            code.active && (
              <button
                type="button"
                className="btn btn-error btn-outline btn-sm"
                onClick={() => void remove(code)}
              >
                {M.remove.button}
                <span className="sr-only">{M.remove.of(code.code)}</span>
              </button>
            )
          }
        />
      )}
      <AddCodeForm raceId={raceId} race={race} />
    </section>
  );
}

/** Code, a percentage or an amount off, a limit of uses and an end: checked by the shared schema, then sent. */
function AddCodeForm({ raceId, race }: { raceId: string; race: CodeRace }) {
  const [values, setValues] = useState<DiscountCodeFormValues>(EMPTY_DISCOUNT_CODE_FORM);
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();
  const input = formValuesToCodeInput(values, race);

  function setField<K extends keyof DiscountCodeFormValues>(field: K, value: DiscountCodeFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  return (
    <PanelForm
      formRef={formRef}
      heading={M.form.heading}
      submitLabel={M.form.submit}
      isSubmitting={isSubmitting}
      onSubmit={(event) =>
        void submit(event, checkDiscountCode(input, race.currency), () => createDiscountCode(raceId, input), {
          fields: DISCOUNT_CODE_FIELDS,
          onDone: async (code) => {
            setValues(EMPTY_DISCOUNT_CODE_FORM);
            await showToast('success', M.form.added(code.code));
          },
          onFailure: (failure) => announceFailure(M.form.outcome, failure),
        })
      }
    >
      <FormField
        label={M.form.code}
        name="code"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.code}
        error={errors.code}
        hint={M.form.codeHint}
        onChange={(event) => setField('code', event.target.value)}
      />
      <KindChoice
        value={values.kind}
        onChange={(kind) => {
          setField('kind', kind);
          clearError('percentOff');
          clearError('amountOff');
        }}
      />
      {values.kind === 'percent' ? (
        <FormField
          label={M.form.percentOff}
          name="percentOff"
          required
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          value={values.percentOff}
          error={errors.percentOff}
          onChange={(event) => setField('percentOff', event.target.value)}
        />
      ) : (
        <FormField
          label={`${M.form.amountOff} (${race.currency})`}
          name="amountOff"
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatMoneyInput(500, race.currency)}
          value={values.amountOff}
          error={errors.amountOff}
          onChange={(event) => setField('amountOff', event.target.value)}
        />
      )}
      <FormField
        label={M.form.maxUses}
        name="maxUses"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={values.maxUses}
        error={errors.maxUses}
        hint={M.form.maxUsesHint}
        onChange={(event) => setField('maxUses', event.target.value)}
      />
      <FormField
        label={M.form.validUntil}
        name="validUntil"
        type="datetime-local"
        value={values.validUntil}
        error={errors.validUntil}
        hint={M.form.validUntilHint(race.timeZone)}
        onChange={(event) => setField('validUntil', event.target.value)}
      />
    </PanelForm>
  );
}

/** Percent off or Amount off: a radio group drawn as a segmented control. */
function KindChoice({ value, onChange }: { value: DiscountKind; onChange: (kind: DiscountKind) => void }) {
  const name = useId();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend pb-1">{M.form.kindLegend}</legend>
      <div className="join">
        {(['percent', 'amount'] as const).map((kind) => (
          <label
            key={kind}
            className={`join-item btn btn-sm has-[:focus-visible]:outline-base-content has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${value === kind ? 'btn-primary' : 'btn-outline'}`}
          >
            <input
              type="radio"
              name={name}
              value={kind}
              className="sr-only"
              checked={value === kind}
              onChange={() => onChange(kind)}
            />
            {M.form.kinds[kind]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
