import type { Marathon, RegistrationEntry } from '@stride/shared';
import { isRegistrationOpen, isSoldOut } from '@stride/shared/rules';
import { formatDateTime } from '../../lib/dates';
import { DETAILS_MESSAGES } from './details-messages';

/**
 * What the details screen offers: register (or, for a full race, join its waitlist; for a race entered by ballot,
 * enter the ballot), a closed notice, or the runner's existing entry: registered, in line at `position`, holding
 * a place while paying (`until`, race-local), in the ballot waiting for the draw, its hold released unpaid, or
 * cancelled. After a ballot's draw, `wonBallot` and `fromBallot` say the place or the place in line came from it.
 */
export type RegistrationState =
  | { kind: 'checking' }
  | { kind: 'registered'; wonBallot: boolean }
  | { kind: 'waitlisted'; position: number | null; fromBallot: boolean }
  | { kind: 'held'; until: string; wonBallot: boolean }
  | { kind: 'inBallot' }
  | { kind: 'released' }
  | { kind: 'cancelled' }
  | { kind: 'open'; joinsWaitlist: boolean }
  | { kind: 'ballotOpen' }
  /** `opensOn`: when a window still ahead opens, as the race's clocks read it (null once it has closed). */
  | { kind: 'closed'; notice: string; opensOn: string | null };

type Entry = Pick<RegistrationEntry, 'status' | 'waitlistPosition' | 'holdExpiresAt' | 'ballot'>;

/**
 * The register area of a race (docs/SPEC.md §2, §4): open between startRegDate and endRegDate inclusive; once the
 * race is sold out, what is open is its waitlist; a race entered by ballot takes ballot entries instead. A runner
 * with an entry already is told where it stands; `entry` is null when they have none, undefined while that is
 * being checked. The dates it names are race-local.
 */
export function getRegistrationState(
  race: Pick<Marathon, 'startRegDate' | 'endRegDate' | 'placesLeft' | 'timeZone' | 'entryMode'>,
  now: Date,
  entry: Entry | null | undefined,
): RegistrationState {
  if (entry === undefined) return { kind: 'checking' };
  if (entry) return entryState(entry, race.timeZone);
  if (isRegistrationOpen(race, now)) {
    return race.entryMode === 'ballot'
      ? { kind: 'ballotOpen' }
      : { kind: 'open', joinsWaitlist: isSoldOut(race) };
  }
  const opens = formatDateTime(race.startRegDate, race.timeZone);
  return {
    kind: 'closed',
    notice: DETAILS_MESSAGES.onlyBetween(opens, formatDateTime(race.endRegDate, race.timeZone)),
    opensOn: now < new Date(race.startRegDate) ? opens : null,
  };
}

function entryState(entry: Entry, timeZone: string): RegistrationState {
  const wonBallot = entry.ballot?.outcome === 'won';
  switch (entry.status) {
    case 'registered':
      return { kind: 'registered', wonBallot };
    case 'waitlisted':
      return { kind: 'waitlisted', position: entry.waitlistPosition, fromBallot: entry.ballot !== null };
    case 'pending_payment':
      return { kind: 'held', until: formatDateTime(entry.holdExpiresAt, timeZone), wonBallot };
    case 'ballot':
      return { kind: 'inBallot' };
    case 'expired':
      return { kind: 'released' };
    case 'cancelled':
      return { kind: 'cancelled' };
  }
}
