/**
 * A runner's place in a race's waitlist, in the words both the race's page and the registration form use
 * (two features say it, so it lives here).
 */
export const WAITLIST_MESSAGES = {
  /** `position` 1 is next in line; without a known position, only that the runner is in line. */
  onWaitlist: (position: number | null) =>
    position === null ? "You're on the waitlist" : `You're on the waitlist: number ${position}`,
} as const;
