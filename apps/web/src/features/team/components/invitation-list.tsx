import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import type { StaffInvitation } from '@stride/shared';
import { paths } from '../../../config/paths';
import { confirmDelete } from '../../../lib/alerts';
import { formatDateTime } from '../../../lib/dates';
import { announceFailure, useSubmission } from '../../../lib/use-submission';
import { answerInvitation } from '../api/team-api';
import { TEAM_MESSAGES } from '../team-messages';

const M = TEAM_MESSAGES.invitations;

/** What the user just did with an invitation, said above the list (the invitation has left it). */
type Answered = { kind: 'accept' | 'decline'; text: string };

/** An invitation's two buttons. */
const ANSWERS = [
  { kind: 'accept', label: M.accept, className: 'btn-primary' },
  { kind: 'decline', label: M.decline, className: 'btn-outline' },
] as const;

/**
 * The invitations waiting for the signed-in user's e-mail (issue 33). With the mail's `token`, each has Accept
 * and Decline (the server tells which invitation the token opens: another one answers 404); without it, the page
 * says to open the mail's link. After accepting, a link to Races I help with.
 */
export function InvitationList({
  invitations,
  token,
  email,
}: {
  invitations: readonly StaffInvitation[];
  token: string;
  email: string;
}) {
  const [answered, setAnswered] = useState<Answered | null>(null);
  const answeredRef = useRef<HTMLDivElement>(null);
  const { send, isSubmitting } = useSubmission();

  async function answer(invitation: StaffInvitation, kind: Answered['kind']) {
    if (kind === 'decline' && !(await confirmDelete(M.declineConfirm(invitation.marathonTitle)))) return;
    await send(() => answerInvitation(invitation._id, kind, token), {
      onDone: () => {
        flushSync(() =>
          setAnswered({
            kind,
            text:
              kind === 'accept'
                ? M.accepted(invitation.marathonTitle, invitation.role)
                : M.declined(invitation.marathonTitle),
          }),
        );
        // The invitation's buttons are gone: the outcome takes the focus, and is read out.
        answeredRef.current?.focus();
      },
      onFailure: (failure) => announceFailure(M.outcome, failure),
    });
  }

  return (
    <div className="space-y-6">
      <div ref={answeredRef} tabIndex={-1} role="status" className="focus:outline-none">
        {answered && (
          <div className="alert alert-success alert-soft text-base-content flex flex-wrap">
            <span>{answered.text}</span>
            {answered.kind === 'accept' && (
              <Link to={paths.teamRaces.href} className="link font-semibold">
                {M.racesLink}
              </Link>
            )}
          </div>
        )}
      </div>
      {invitations.length === 0 ? (
        !answered && <p className="text-base-content/75">{M.none(email)}</p>
      ) : (
        <>
          {!token && <p>{M.openTheMail}</p>}
          <ul className="space-y-4" aria-label={M.caption}>
            {invitations.map((invitation) => (
              <li key={invitation._id} className="card bg-base-100 border-base-300 border shadow-sm">
                <div className="card-body gap-2 p-4">
                  <h2 className="card-title text-lg break-words">{invitation.marathonTitle}</h2>
                  <p>{M.invite(invitation.organizerName, invitation.role)}</p>
                  <p className="text-base-content/75 text-sm">
                    {M.raceDate(formatDateTime(invitation.marathonDate, invitation.marathonTimeZone))}
                  </p>
                  {token && (
                    <div className="card-actions mt-2">
                      {ANSWERS.map(({ kind, label, className }) => (
                        <button
                          key={kind}
                          type="button"
                          className={`btn btn-sm ${className}`}
                          disabled={isSubmitting}
                          onClick={() => void answer(invitation, kind)}
                        >
                          {label}
                          <span className="sr-only">{M.to(invitation.marathonTitle)}</span>
                        </button>
                      ))}
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
