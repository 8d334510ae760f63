import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PAYMENT_STATE_MESSAGES } from '../../../lib/payment-messages';
import { WAITLIST_MESSAGES } from '../../../lib/waitlist-messages';
import { DETAILS_MESSAGES } from '../details-messages';
import type { RegistrationState } from '../registration-window';

/**
 * The register area of the details screen (docs/SPEC.md §2): 'Register Now' while registration is open ('Join the
 * waitlist' once the race is sold out, 'Enter the ballot' for a race entered by ballot), a disabled 'Registration
 * Closed' with the dates it is open between otherwise (and, while the window is still ahead, when it opens), and
 * for a runner with an entry, where it stands and a link to their registrations instead (to the payment page
 * while their place is held for payment); a place won in a ballot says so first.
 */
export function RegistrationStatus({ state, marathonId }: { state: RegistrationState; marathonId: string }) {
  const noticeId = useId();
  switch (state.kind) {
    case 'checking':
      return (
        <span
          className="loading loading-dots loading-md text-primary"
          role="status"
          aria-label={DETAILS_MESSAGES.checkingRegistration}
        />
      );
    case 'registered':
      return (
        <BallotWon isWon={state.wonBallot}>
          <EntryNotice text={DETAILS_MESSAGES.registered} className="text-success-content bg-success" />
        </BallotWon>
      );
    case 'waitlisted':
      return (
        <EntryNotice
          text={
            state.fromBallot
              ? DETAILS_MESSAGES.ballot.waitlisted(state.position)
              : WAITLIST_MESSAGES.onWaitlist(state.position)
          }
          className="text-info-content bg-info"
        />
      );
    case 'held':
      return (
        <BallotWon isWon={state.wonBallot}>
          <EntryNotice
            text={PAYMENT_STATE_MESSAGES.heldUntil(state.until)}
            className="text-warning-content bg-warning"
            link={{ to: paths.payment.href(marathonId), label: DETAILS_MESSAGES.completePayment }}
          />
        </BallotWon>
      );
    case 'inBallot':
      return <EntryNotice text={DETAILS_MESSAGES.ballot.entered} className="text-info-content bg-info" />;
    case 'released':
      return <EntryNotice text={PAYMENT_STATE_MESSAGES.released} className="bg-base-200" />;
    case 'cancelled':
      return <EntryNotice text={DETAILS_MESSAGES.entryCancelled} className="bg-base-200" />;
    case 'open':
      return (
        <Link to={paths.registration.href(marathonId)} className="btn btn-primary">
          {state.joinsWaitlist ? DETAILS_MESSAGES.joinWaitlist : DETAILS_MESSAGES.registerNow}
        </Link>
      );
    case 'ballotOpen':
      return (
        <Link to={paths.registration.href(marathonId)} className="btn btn-primary">
          {DETAILS_MESSAGES.ballot.enter}
        </Link>
      );
    case 'closed':
      return (
        <div className="flex flex-col items-start gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn" disabled aria-describedby={noticeId}>
              {DETAILS_MESSAGES.registrationClosed}
            </button>
            {state.opensOn && <p className="font-medium">{DETAILS_MESSAGES.opensOn(state.opensOn)}</p>}
          </div>
          <p id={noticeId} className="alert alert-warning">
            {state.notice}
          </p>
        </div>
      );
  }
}

/** A place won in the race's ballot: said above where the entry now stands. */
function BallotWon({ isWon, children }: { isWon: boolean; children: ReactNode }) {
  if (!isWon) return children;
  return (
    <div className="space-y-3">
      <p className="text-lg font-semibold">{DETAILS_MESSAGES.ballot.won}</p>
      {children}
    </div>
  );
}

/** Where the runner's entry stands, in `className`'s colours, and where to go next: their registrations by default. */
function EntryNotice({
  text,
  className,
  link = { to: paths.myApplies.href, label: DETAILS_MESSAGES.viewRegistrations },
}: {
  text: string;
  className: string;
  link?: { to: string; label: string };
}) {
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <p className={`rounded-box px-4 py-2 font-medium ${className}`}>{text}</p>
      <Link to={link.to} className="btn btn-outline">
        {link.label}
      </Link>
    </div>
  );
}
