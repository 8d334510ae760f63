import type { Marathon } from '@stride/shared';
import { isSoldOut } from '@stride/shared/rules';
import { isBallotPending } from './ballot-line';
import { MARATHON_DASHBOARD_MESSAGES } from './dashboard-messages';
import { DETAILS_MESSAGES } from './details-messages';

/**
 * How full a limited race is, as its details page says it: '12 places left', '1 place left', or, once full,
 * 'Sold out — 3 on the waitlist'. Null for a race without a limit, and for a ballot not drawn yet (its places are
 * all to be drawn: the ballot's line says so).
 */
export function getPlacesText(
  marathon: Pick<Marathon, 'placesLeft' | 'waitlistCount' | 'entryMode' | 'ballotDrawnAt'>,
): string | null {
  if (marathon.placesLeft === null || isBallotPending(marathon)) return null;
  return isSoldOut(marathon)
    ? DETAILS_MESSAGES.soldOut(marathon.waitlistCount)
    : DETAILS_MESSAGES.placesLeft(marathon.placesLeft);
}

/**
 * A race's field as its organizer sees it in My Marathons: registered / limit and the waitlist
 * ('7 / 10, waitlist 2'); a race without a limit has no waitlist ('7 / no limit').
 */
export function getRunnersText(
  marathon: Pick<Marathon, 'totalRegistrationCount' | 'capacity' | 'waitlistCount'>,
): string {
  const { runners, withWaitlist } = MARATHON_DASHBOARD_MESSAGES;
  const text = runners(marathon.totalRegistrationCount, marathon.capacity);
  // A limit that was lifted may leave runners in line until the server moves them up: still say so.
  return marathon.capacity === null && marathon.waitlistCount === 0
    ? text
    : withWaitlist(text, marathon.waitlistCount);
}
