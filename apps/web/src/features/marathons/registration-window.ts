import type { Marathon, RegistrationEntry } from '@stride/shared';
import { isRegistrationOpen, isSoldOut } from '@stride/shared/rules';
import { formatDateTime } from '../../lib/dates';
import { DETAILS_MESSAGES } from './details-messages';

/**
 * What the details screen offers: register (or, for a full race, join its waitlist), a closed notice, or the
 * runner's existing entry: registered, in line at `position`, holding a place while paying (`until`, race-local),
 * its hold released unpaid, or cancelled.
 */
export type RegistrationState =
  | { kind: 'checking' }
  | { kind: 'registered' }
  | { kind: 'waitlisted'; position: number | null }
  | { kind: 'held'; until: string }
  | { kind: 'released' }
  | { kind: 'cancelled' }
  | { kind: 'open'; joinsWaitlist: boolean }
  /** `opensOn`: when a window still ahead opens, as the race's clocks read it (null once it has closed). */
  | { kind: 'closed'; notice: string; opensOn: string | null };

/**
 * The register area of a race (docs/SPEC.md §2, §4): open between startRegDate and endRegDate inclusive; once the
 * race is sold out, what is open is its waitlist. A runner with an entry already is told where it stands;
 * `entry` is null when they have none, undefined while that is being checked. The dates it names are race-local.
 */
export function getRegistrationState(
  race: Pick<Marathon, 'startRegDate' | 'endRegDate' | 'placesLeft' | 'timeZone'>,
  now: Date,
  entry: Pick<RegistrationEntry, 'status' | 'waitlistPosition' | 'holdExpiresAt'> | null | undefined,
): RegistrationState {
  if (entry === undefined) return { kind: 'checking' };
  if (entry) return entryState(entry, race.timeZone);
  if (isRegistrationOpen(race, now)) return { kind: 'open', joinsWaitlist: isSoldOut(race) };
  const opens = formatDateTime(race.startRegDate, race.timeZone);
  return {
    kind: 'closed',
    notice: DETAILS_MESSAGES.onlyBetween(opens, formatDateTime(race.endRegDate, race.timeZone)),
    opensOn: now < new Date(race.startRegDate) ? opens : null,
  };
}

function entryState(
  entry: Pick<RegistrationEntry, 'status' | 'waitlistPosition' | 'holdExpiresAt'>,
  timeZone: string,
): RegistrationState {
  switch (entry.status) {
    case 'registered':
      return { kind: 'registered' };
    case 'waitlisted':
      return { kind: 'waitlisted', position: entry.waitlistPosition };
    case 'pending_payment':
      return { kind: 'held', until: formatDateTime(entry.holdExpiresAt, timeZone) };
    case 'expired':
      return { kind: 'released' };
    case 'cancelled':
      return { kind: 'cancelled' };
  }
}
