import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Marathon, RegistrationEntry } from '@stride/shared';
import { paths } from '../../../config/paths';
import { PAYMENT_STATE_MESSAGES } from '../../../lib/payment-messages';
import { getEntryStatusText } from '../entry-status';
import { PAYMENT_RETURN_MESSAGES as M } from '../payment-messages';
import {
  getPaymentReturnState,
  nextCheckDelay,
  type CheckoutResult,
  type PaymentReturnState,
} from '../payment-return';
import { getPaymentText } from '../payment-state';
import { PayNowButton } from './pay-now-button';

/**
 * The page Stripe's checkout sends the runner back to (issue 32): "Payment received" once their entry is
 * registered and paid, else until when their place is held, with "Pay now"; "Your place was released" once the
 * hold ended unpaid. `entry` is the runner's entry in the race as the route's loader read it: the page re-runs
 * the loader while the answer may still change by itself (the webhook confirming a payment can arrive after the
 * runner; the hold's end), so what it says follows the server.
 */
export function PaymentReturn({
  race,
  entry,
  registrationId,
  result,
}: {
  race: Pick<Marathon, '_id' | 'title' | 'timeZone'>;
  entry: RegistrationEntry | null;
  registrationId: string | null;
  result: CheckoutResult;
}) {
  const { revalidate } = useRevalidator();
  const [clock, setClock] = useState(() => ({ now: Date.now(), checks: 0 }));
  const state = getPaymentReturnState(entry, { ...clock, registrationId, result, timeZone: race.timeZone });
  const delay = nextCheckDelay(entry, state, clock.now);

  useEffect(() => {
    if (delay === null) return;
    const timer = window.setTimeout(() => {
      // The clock moves once the answer is in, so the page goes from one state to the next without a step between.
      void revalidate().finally(() =>
        setClock((current) => ({ now: Date.now(), checks: current.checks + 1 })),
      );
    }, delay);
    return () => window.clearTimeout(timer);
  }, [delay, clock, revalidate]);

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 [overflow-wrap:anywhere]">
      <div className="card bg-base-100 border-base-300 border shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold sm:text-3xl">{M.title(race.title)}</h1>
          <div role="status" className="space-y-2">
            <StateText state={state} entry={entry} race={race} />
          </div>
          <div className="card-actions">
            {state.kind === 'held' && entry && <PayNowButton registrationId={entry._id} />}
            <Link to={paths.myApplies.href} className="btn btn-outline">
              {M.viewRegistrations}
            </Link>
            <Link to={paths.marathonDetails.href(race._id)} className="btn btn-ghost">
              {M.backToRace}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function StateText({
  state,
  entry,
  race,
}: {
  state: PaymentReturnState;
  entry: RegistrationEntry | null;
  race: Pick<Marathon, 'title' | 'timeZone'>;
}) {
  const payment = entry && <p>{getPaymentText(entry, race.timeZone)}</p>;
  switch (state.kind) {
    case 'paid':
      return (
        <>
          <p className="text-success text-xl font-semibold">{M.received}</p>
          <p>{M.registeredFor(race.title)}</p>
          {state.bib !== null && <p className="font-semibold">{M.bib(state.bib)}</p>}
          {payment}
        </>
      );
    case 'confirming':
      return <Waiting text={M.confirming} />;
    case 'held':
      return <p className="text-lg font-semibold">{PAYMENT_STATE_MESSAGES.heldUntil(state.until)}</p>;
    case 'ending':
      return <Waiting text={M.holdEnding} />;
    case 'released':
      return (
        <>
          <p className="text-lg font-semibold">{PAYMENT_STATE_MESSAGES.released}</p>
          <p>{M.releasedDetail}</p>
        </>
      );
    case 'other':
      return (
        <>
          <p className="text-lg font-semibold">{M.entryHeading}</p>
          {entry && <p>{getEntryStatusText(entry)}</p>}
          {payment}
        </>
      );
    case 'missing':
      return <p className="text-lg font-semibold">{M.missing}</p>;
  }
}

function Waiting({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 text-lg font-semibold">
      <span className="loading loading-spinner loading-sm" aria-hidden />
      {text}
    </p>
  );
}
