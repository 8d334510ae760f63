import type { Ballot, Marathon } from '@stride/shared';
import { formatNumber } from '../../lib/counts';
import { formatDateTime } from '../../lib/dates';
import { BALLOT_MESSAGES } from './ballot-messages';

/** A line of the ballot's record: 'Entries: 1,234'; `isHash` for a hex value shown in a monospace font. */
export type BallotFact = { term: string; description: string; isHash?: boolean };

/**
 * The ballot's public record, line by line, its dates as the race's clocks read them: entries, places, the draw
 * date, the seed's commitment (once entries close), the seed and when it was drawn (at the draw), the winners and
 * the algorithm's name.
 */
export function getBallotFacts(ballot: Ballot, timeZone: string): BallotFact[] {
  const F = BALLOT_MESSAGES.facts;
  return [
    { term: F.entries, description: formatNumber(ballot.entries) },
    { term: F.places, description: ballot.places === null ? F.noLimit : formatNumber(ballot.places) },
    { term: F.drawAt, description: formatDateTime(ballot.ballotDrawAt, timeZone) },
    ballot.seedCommitment === null
      ? { term: F.commitment, description: F.commitmentLater }
      : { term: F.commitment, description: ballot.seedCommitment, isHash: true },
    ballot.seed === null
      ? { term: F.seed, description: F.seedLater }
      : { term: F.seed, description: ballot.seed, isHash: true },
    {
      term: F.drawnAt,
      description: ballot.drawnAt === null ? F.notDrawn : formatDateTime(ballot.drawnAt, timeZone),
    },
    ...(ballot.winners === null ? [] : [{ term: F.winners, description: formatNumber(ballot.winners) }]),
    { term: F.algorithm, description: ballot.algorithm },
  ];
}

/**
 * Where the desk's draw button stands: drawn already; ready to draw early, once entries have closed; or waiting
 * for them to close (`hint` says when, race-local).
 */
export type DrawState = { kind: 'drawn' } | { kind: 'ready' } | { kind: 'waiting'; hint: string };

export function getDrawState(
  ballot: Pick<Ballot, 'drawnAt'>,
  race: Pick<Marathon, 'endRegDate' | 'timeZone'>,
  now: Date,
): DrawState {
  if (ballot.drawnAt !== null) return { kind: 'drawn' };
  if (now > new Date(race.endRegDate)) return { kind: 'ready' };
  return {
    kind: 'waiting',
    hint: BALLOT_MESSAGES.desk.drawOnceClosed(formatDateTime(race.endRegDate, race.timeZone)),
  };
}
