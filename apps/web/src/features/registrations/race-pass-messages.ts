import { CHECKIN_MESSAGES } from '@stride/shared';

/** User-facing texts of the race pass (issue 33), shared by the screen and its tests. */
export const RACE_PASS_MESSAGES = {
  title: 'Race pass',
  pageTitle: (raceTitle: string) => `Race pass · ${raceTitle}`,
  runner: 'Runner',
  bib: 'Bib',
  start: 'Start',
  /** Names the QR code for screen readers. */
  qrLabel: (raceTitle: string) => `QR code of your race pass for ${raceTitle}`,
  show: 'Show this code at the check-in table on race day. It works without a connection once opened here.',
  code: 'Check-in code',
  /** Why an entry has no pass, by its status (waitlisted, pending payment, in a ballot, cancelled, expired). */
  noPass: {
    ...CHECKIN_MESSAGES.noPass,
    ballot: 'You are in the ballot: your race pass comes with a place won in the draw.',
  },
  /** A registered entry whose code has not reached this page (it should not happen): try again. */
  notReady: 'Your race pass is not ready yet. Please try again in a moment.',
  /** The runner's own calendar file of the race (the same event as the confirmation mail's). */
  addToCalendar: 'Add to calendar',
  backToApplies: 'Back to My Apply List',
  notFoundHeading: 'Race pass not found',
  notFoundText: 'This entry is not yours, or it was withdrawn.',
  loadFailed: "We couldn't load your race pass. Please try again.",
} as const;
