import { isRegistrationOpen } from '@stride/shared/rules';
import { formatBadgeDate } from '../../lib/dates';
import { DETAILS_MESSAGES } from './details-messages';

/** What the details screen offers: register, a closed notice, or the runner's existing registration. */
export type RegistrationState =
  { kind: 'checking' } | { kind: 'registered' } | { kind: 'open' } | { kind: 'closed'; notice: string };

/**
 * The register area of a race (SPEC.md §2, §4): open between startRegDate and endRegDate inclusive. A runner who
 * has registered already is told so instead; `isRegistered` is undefined while that is being checked.
 */
export function getRegistrationState(
  window: { startRegDate: string; endRegDate: string },
  now: Date,
  isRegistered: boolean | undefined,
): RegistrationState {
  if (isRegistered === undefined) return { kind: 'checking' };
  if (isRegistered) return { kind: 'registered' };
  if (isRegistrationOpen(window, now)) return { kind: 'open' };
  return {
    kind: 'closed',
    notice: DETAILS_MESSAGES.onlyBetween(
      formatBadgeDate(window.startRegDate),
      formatBadgeDate(window.endRegDate),
    ),
  };
}
