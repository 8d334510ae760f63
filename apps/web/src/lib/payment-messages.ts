/**
 * Where a runner's paid entry stands, in the words both the race's page and the registrations screens use (two
 * features say it, so it lives here). `time` is a race-local date and time.
 */
export const PAYMENT_STATE_MESSAGES = {
  /** A place held while the runner pays online. */
  heldUntil: (time: string) => `Payment not completed — your place is held until ${time}`,
  /** The hold ended unpaid: the place went back. */
  released: 'Your place was released',
  payNow: 'Pay now',
} as const;
