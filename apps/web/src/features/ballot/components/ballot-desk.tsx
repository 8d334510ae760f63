import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Ballot, Marathon } from '@stride/shared';
import { paths } from '../../../config/paths';
import { confirmDelete } from '../../../lib/alerts';
import { announceFailure, useSubmission } from '../../../lib/use-submission';
import { drawBallot } from '../api/ballot-api';
import { BALLOT_MESSAGES as M } from '../ballot-messages';
import { getDrawState } from '../ballot-view';
import { BallotRecord } from './ballot-record';

/** What the desk's Ballot tab knows of the race. */
export type BallotDeskRace = Pick<Marathon, '_id' | 'endRegDate' | 'timeZone'>;

/**
 * The desk's Ballot tab (issue 35), for a race entered by ballot: its record (entries, the draw date, the seed's
 * commitment once entries close, the seed once drawn, the drawn order's CSV) and "Draw the ballot now", which
 * asks first and is disabled, with why, until entries close; once drawn, how many won a place.
 */
export function BallotDesk({ race, ballot }: { race: BallotDeskRace; ballot: Ballot }) {
  const hintId = useId();
  const [openedAt] = useState(() => new Date());
  const { isSubmitting, send } = useSubmission();
  const drawState = getDrawState(ballot, race, openedAt);

  async function draw() {
    if (!(await confirmDelete(M.desk.confirm(ballot.entries, ballot.places)))) return;
    // Done, the loaders re-run and the tab shows the ballot as drawn.
    await send(() => drawBallot(race._id), {
      onFailure: (failure) => announceFailure(M.desk.outcome, failure),
    });
  }

  return (
    <section aria-labelledby="ballot-desk-heading" className="space-y-6">
      <div className="space-y-2">
        <h2 id="ballot-desk-heading" className="text-xl font-bold">
          {M.desk.heading}
        </h2>
        <p className="text-base-content/75 text-sm">{M.desk.intro}</p>
      </div>
      <p role="status" className={drawState.kind === 'drawn' ? 'alert alert-success' : 'sr-only'}>
        {drawState.kind === 'drawn' ? M.desk.drawn(ballot.winners ?? 0, ballot.entries) : ''}
      </p>
      {drawState.kind !== 'drawn' && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={drawState.kind === 'waiting' || isSubmitting}
            aria-describedby={drawState.kind === 'waiting' ? hintId : undefined}
            onClick={() => void draw()}
          >
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden />}
            {M.desk.draw}
          </button>
          {drawState.kind === 'waiting' && (
            <p id={hintId} className="text-base-content/75 text-sm">
              {drawState.hint}
            </p>
          )}
        </div>
      )}
      <BallotRecord ballot={ballot} timeZone={race.timeZone} />
      <p>
        <Link to={paths.ballot.href(race._id)} className="link link-primary">
          {M.desk.viewRecord}
        </Link>
      </p>
    </section>
  );
}
