import type { Marathon } from '@stride/shared';
import { formatDateTime } from '../../lib/dates';
import { DETAILS_MESSAGES } from './details-messages';

type BallotRace = Pick<
  Marathon,
  'entryMode' | 'endRegDate' | 'ballotDrawAt' | 'ballotDrawnAt' | 'ballotCount' | 'timeZone'
>;

/** A race entered by ballot whose draw is still ahead: its places are drawn, not taken one by one. */
export const isBallotPending = (race: Pick<Marathon, 'entryMode' | 'ballotDrawnAt'>) =>
  race.entryMode === 'ballot' && race.ballotDrawnAt === null;

/**
 * What a ballot race's page says of its ballot, its dates race-local: 'Ballot: enter by {end}, draw on {date} —
 * {n} entered', then once drawn 'Ballot: drawn on {date} — {n} entered'. Null for a first-come race.
 */
export function getBallotLine(race: BallotRace): string | null {
  if (race.entryMode !== 'ballot') return null;
  const B = DETAILS_MESSAGES.ballot;
  if (race.ballotDrawnAt !== null)
    return B.drawn(formatDateTime(race.ballotDrawnAt, race.timeZone), race.ballotCount);
  return B.line(
    formatDateTime(race.endRegDate, race.timeZone),
    formatDateTime(race.ballotDrawAt, race.timeZone),
    race.ballotCount,
  );
}
