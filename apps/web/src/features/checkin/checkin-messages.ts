import { toZonedDateTimeValue } from '@stride/shared';
import { countOf, formatNumber } from '../../lib/counts';
import type { Outcome } from './roster';

/** An instant as the race's clocks show it: "07:42". */
export const clockTime = (instant: string, timeZone: string) =>
  toZonedDateTimeValue(instant, timeZone).slice(11);

const runnerName = (firstName: string | null, lastName: string | null) =>
  [firstName, lastName].filter(Boolean).join(' ');

/** User-facing texts of the check-in screen (issue 33), shared by the screen and its tests. */
export const CHECKIN_SCREEN_MESSAGES = {
  pageTitle: 'Check-in',
  title: (raceTitle: string) => `Check-in · ${raceTitle}`,
  /** "812 of 2,400 checked in". */
  counters: (checkedIn: number, total: number) =>
    `${formatNumber(checkedIn)} of ${formatNumber(total)} checked in`,
  /** "14 scans waiting to sync". */
  waiting: (count: number) => `${countOf(count, 'scan')} waiting to sync`,
  allSynced: 'All scans synced',
  offline: 'Offline: check-ins are kept on this phone and sent when the network returns.',
  signedOut: 'Your session has ended: log in again to send the check-ins kept on this phone.',
  logIn: 'Log in',
  forbiddenSync: 'You are no longer on this race’s team: the check-ins kept on this phone were not sent.',
  syncFailed: 'The last sync failed: it is tried again shortly.',
  backToDashboard: 'Back to the dashboard',

  result: {
    checkedIn: 'Checked in',
    notFound: 'Not found',
    notRegistered: 'Not registered',
    /** "Already checked in at 07:42 by Sam (phone 2)". */
    already: (time: string, by: string | null, device: string | null) =>
      `Already checked in at ${time}${by ? ` by ${by}` : ''}${device ? ` (${device})` : ''}`,
    notAPass: 'This QR code is not a Stride race pass.',
    unknownPass: 'No runner of this race holds this pass.',
    noPlace: 'This entry holds no place in the race: waitlisted, awaiting payment or cancelled.',
    bib: (bib: number) => `Bib ${bib}`,
    next: 'Next scan',
    undo: 'Undo check-in',
  },

  undo: {
    last: (name: string) => `Undo last check-in (${name})`,
    done: (name: string) => `Check-in of ${name} undone`,
    needsNetwork: 'Undoing a check-in that was already sent needs the network.',
  },

  camera: {
    heading: 'Scan a race pass',
    video: 'Camera view',
    start: 'Start camera',
    stop: 'Stop camera',
    starting: 'Starting the camera…',
    scanning: 'Hold a race pass’s QR code in front of the camera.',
    denied: 'The camera is blocked: allow it in the browser’s settings, or find the runner by bib or name.',
    unavailable: 'No camera here: find the runner by bib or name.',
  },

  search: {
    heading: 'Find a runner',
    label: 'Bib or name',
    placeholder: 'e.g. 1024 or Garcia',
    none: 'No runner of this race matches.',
    checkIn: 'Check in',
    checkedInAt: (time: string) => `Checked in at ${time}`,
    notCheckedIn: 'Not checked in',
    more: (limit: number) => `The first ${limit} runners found: type more to narrow the search.`,
  },

  device: {
    label: 'This device',
    hint: 'Its name goes with each check-in made here, e.g. “phone 2”.',
  },

  denied: {
    forbiddenHeading: 'Not on this race’s team',
    forbiddenText:
      'Only the organizer, the co-organizers and the check-in volunteers of a race can check its runners in.',
    notFoundHeading: 'Marathon not found',
    notFoundText: 'The race may have been removed, or the link may be mistyped.',
    noRosterHeading: 'No roster on this phone yet',
    noRosterText:
      'Open this screen once with the network to load the race’s runners: check-in then works offline too.',
  },
  loading: 'Loading the runners',
} as const;

const M = CHECKIN_SCREEN_MESSAGES.result;

/** How a scan's outcome reads on the screen: its colour, its headline, and the runner. */
export function describeOutcome(
  outcome: Outcome,
  timeZone: string,
): { tone: 'success' | 'warning' | 'error'; headline: string; details: string[] } {
  const runner = [
    runnerName(outcome.firstName, outcome.lastName),
    outcome.bib === null ? '' : M.bib(outcome.bib),
  ].filter(Boolean);
  switch (outcome.result) {
    case 'checked_in':
      return { tone: 'success', headline: M.checkedIn, details: runner };
    case 'already':
      return {
        tone: 'warning',
        headline: M.already(
          outcome.checkedInAt ? clockTime(outcome.checkedInAt, timeZone) : '--:--',
          outcome.checkedInBy,
          outcome.device,
        ),
        details: runner,
      };
    case 'not_registered':
      return { tone: 'error', headline: M.notRegistered, details: [...runner, M.noPlace] };
    case 'unknown':
      return {
        tone: 'error',
        headline: M.notFound,
        details: [outcome.isNotAPass ? M.notAPass : M.unknownPass],
      };
  }
}

export { runnerName };
