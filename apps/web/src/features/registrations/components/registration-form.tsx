import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { checkEntryDetails, createRegistrationSchema, isSoldOut, TIMERS } from '@stride/shared';
import type { Marathon, Registration } from '@stride/shared';
import { feeAt, formatMoney } from '@stride/shared/money';
import {
  EMPTY_ENTRY_FORM_VALUES,
  entryFieldNames,
  entryRulesOf,
  toEntryDetails,
  withEntryErrors,
  type EntryFormValues,
} from '../../../components/entry-form/entry-form-values';
import { FormError, SubmitButton } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { showAlert } from '../../../lib/alerts';
import { formatDateTime } from '../../../lib/dates';
import { useSubmission, type SubmitFailure } from '../../../lib/use-submission';
import { WAITLIST_MESSAGES } from '../../../lib/waitlist-messages';
import { createCheckout, createRegistration } from '../api/registrations-api';
import { REGISTRATION_FORM_FIELDS, registrationFailureOf } from '../registration-failure';
import { REGISTRATION_FORM_MESSAGES as M } from '../registration-messages';
import { EntryFeeFields, initialFeeChoice, type FeeChoice } from './entry-fee-fields';
import { EMPTY_RUNNER_VALUES, RunnerDetailsFields, type RunnerValues } from './runner-details-fields';

/** A paid race's fields the server may name in a 400. */
const PAYMENT_FIELDS = ['discountCode', 'paymentMethod'] as const;

/**
 * The registration form of docs/SPEC.md §2: the runner's email and the race shown read-only, then their name,
 * contact, what the race's entry form asks (issue 31), and an optional note. Checked with the API's own schema
 * and the race's form rules before sending, every problem beside its field; on success a short alert,
 * then their registrations (docs/SPEC.md §4). For a sold-out race it says it is a waitlist entry and asks for one
 * (`waitlist: true`); the alert then gives the runner's place in line.
 *
 * A paid race (issue 32) adds the amount, a discount code and the way of paying. Paying online, the entry holds
 * a place and the runner goes to the checkout at once (to the payment page, with "Pay now", if it cannot be
 * opened); paying on site, the success alert says how much to bring.
 *
 * A race entered by ballot (issue 35) takes a ballot entry instead: no place, no payment (a winner pays after
 * the draw); the form says when the draw is, and its button reads 'Enter the ballot'.
 */
export function RegistrationForm({ marathon, email }: { marathon: Marathon; email: string }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const isBallot = marathon.entryMode === 'ballot';
  const joinsWaitlist = !isBallot && isSoldOut(marathon);
  const [values, setValues] = useState<RunnerValues>(EMPTY_RUNNER_VALUES);
  const [entry, setEntry] = useState<EntryFormValues>(EMPTY_ENTRY_FORM_VALUES);
  const [formError, setFormError] = useState<string | null>(null);
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();
  // The fee when the form opened: a price rise while it is open is the server's to apply (and quote). A ballot
  // entry pays nothing: a winner pays after the draw.
  const [fee] = useState(() => (isBallot ? 0 : feeAt(marathon, new Date())));
  const [feeChoice, setFeeChoice] = useState<FeeChoice>(() => initialFeeChoice(marathon));
  const [isGoingToCheckout, setIsGoingToCheckout] = useState(false);

  function handleFailure(failure: SubmitFailure) {
    const described = registrationFailureOf(failure);
    if (described.kind === 'fields') return; // not a SubmitFailure: the hook shows those beside the fields
    setFormError(described.message);
    if (described.kind === 'refused') {
      // The race may have filled up (or closed) meanwhile: show it as it is now, e.g. with its waitlist.
      void revalidator.revalidate();
      void showAlert({ icon: 'error', title: M.refusedTitle, text: described.message });
    } else {
      window.alert(M.unexpected); // docs/SPEC.md §8: a failed registration says so in a browser alert
    }
  }

  async function handleDone(registration: Registration) {
    if (registration.status === 'pending_payment') return goToCheckout(registration);
    setValues(EMPTY_RUNNER_VALUES);
    setEntry(EMPTY_ENTRY_FORM_VALUES);
    void showAlert({ icon: 'success', ...doneAlertOf(registration), timer: TIMERS.registrationAlertMs });
    navigate(paths.myApplies.href);
  }

  /** What the runner got: a ballot entry, a place in line, or a place (with what to bring, paying on site). */
  function doneAlertOf(registration: Registration): { title: string; text: string } {
    if (registration.status === 'ballot') {
      return {
        title: M.ballot.enteredTitle,
        text: M.ballot.enteredText(formatDateTime(marathon.ballotDrawAt, marathon.timeZone)),
      };
    }
    // Asked for the waitlist, the runner still gets a place when one opened up meanwhile: say what they got.
    if (registration.status === 'waitlisted') {
      return { title: M.waitlistedTitle, text: WAITLIST_MESSAGES.onWaitlist(registration.waitlistPosition) };
    }
    const registered = M.successText(marathon.title);
    return {
      title: M.successTitle,
      text:
        registration.paymentStatus === 'due' && registration.currency
          ? `${registered} ${M.payOnSite(formatMoney(registration.amountDue, registration.currency))}`
          : registered,
    };
  }

  /** The place is held: off to Stripe's checkout at once, else to the payment page, which offers "Pay now". */
  async function goToCheckout(registration: Registration) {
    setIsGoingToCheckout(true);
    try {
      window.location.assign((await createCheckout(registration._id)).checkoutUrl);
    } catch {
      setIsGoingToCheckout(false);
      navigate(paths.payment.href(marathon._id));
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        setFormError(null);
        const entryDetails = toEntryDetails(marathon, entry);
        void submit(
          event,
          withEntryErrors(
            createRegistrationSchema.safeParse({
              marathonId: marathon._id,
              ...values,
              ...entryDetails,
              ...(joinsWaitlist ? { waitlist: true } : {}),
              ...(fee > 0 ? { paymentMethod: feeChoice.method, discountCode: feeChoice.code } : {}),
            }),
            checkEntryDetails(entryRulesOf(marathon), entryDetails, 'create').errors,
          ),
          createRegistration,
          {
            fields: [
              ...REGISTRATION_FORM_FIELDS,
              ...entryFieldNames(marathon),
              ...(fee > 0 ? PAYMENT_FIELDS : []),
            ],
            onDone: handleDone,
            onFailure: handleFailure,
            revalidate: false,
          },
        );
      }}
      className="space-y-2"
      noValidate
    >
      {joinsWaitlist && (
        <p role="note" className="alert alert-info">
          {M.waitlistNotice}
        </p>
      )}
      {isBallot && (
        <p role="note" className="alert alert-info">
          {M.ballot.notice(formatDateTime(marathon.ballotDrawAt, marathon.timeZone))}
        </p>
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label={M.email} type="email" value={email} readOnly className="bg-base-200" />
        <FormField
          label={M.startDate}
          type="text"
          value={formatDateTime(marathon.startDate, marathon.timeZone)}
          readOnly
          className="bg-base-200"
        />
      </div>
      <FormField
        label={M.marathonTitle}
        type="text"
        value={marathon.title}
        readOnly
        className="bg-base-200"
      />
      <RunnerDetailsFields
        race={marathon}
        values={values}
        entry={entry}
        errors={errors}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        onEntryChange={(next, field) => {
          setEntry(next);
          clearError(field);
        }}
      />
      {fee > 0 && (
        <EntryFeeFields
          race={marathon}
          fee={fee}
          choice={feeChoice}
          errors={errors}
          onChange={(change, field) => {
            setFeeChoice((current) => ({ ...current, ...change }));
            clearError(field);
          }}
        />
      )}
      <FormError message={formError} />
      {isGoingToCheckout && (
        <p role="status" className="text-base-content/75">
          {M.fee.redirecting}
        </p>
      )}
      <SubmitButton isSubmitting={isSubmitting || isGoingToCheckout}>
        {isBallot ? M.ballot.submit : joinsWaitlist ? M.submitWaitlist : M.submit}
      </SubmitButton>
    </form>
  );
}
