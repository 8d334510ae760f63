/** User-facing texts of the registration form (docs/SPEC.md §2, §4, §8), shared by the screen and its tests. */
export const REGISTRATION_FORM_MESSAGES = {
  heading: (title: string) => `Register for ${title}`,
  notFound: 'Marathon not found',
  email: 'Email',
  marathonTitle: 'Marathon Title',
  startDate: 'Start Date',
  submit: 'Submit Register',
  /** A sold-out race's form: what the entry is, and its button. */
  waitlistNotice: 'Waitlist entry: you get a place, and a bib, when one opens up',
  submitWaitlist: 'Join the waitlist',
  waitlistedTitle: 'Waitlist Joined!',
  /** A race entered by ballot (issue 35): what the entry is, its button, and the alert once entered. */
  ballot: {
    heading: (title: string) => `Enter the ballot for ${title}`,
    notice: (drawOn: string) =>
      `Ballot entry: places are drawn on ${drawOn}, and every entrant is told the outcome by e-mail. A place won in a paid race is paid for after the draw.`,
    submit: 'Enter the ballot',
    enteredTitle: "You're in the ballot",
    enteredText: (drawOn: string) => `The draw is on ${drawOn}. We'll e-mail you the outcome.`,
  },
  successTitle: 'Registration Successful!',
  successText: (title: string) => `You are registered for ${title}.`,
  /** Registered to pay on site: the success alert's text says how much to bring. */
  payOnSite: (amount: string) => `Pay ${amount} on site.`,
  /** A paid race's part of the form (issue 32). */
  fee: {
    amount: (amount: string) => `Amount to pay: ${amount}`,
    discounted: (fee: string, code: string) => `${fee} less code ${code}`,
    discountCode: 'Discount code',
    apply: 'Apply',
    /** A quote that failed for another reason than the code. */
    quoteFailed: "We couldn't check this code. Please try again.",
    method: 'Payment',
    methods: { online: 'Pay online', on_site: 'Pay on site' },
    /** A race that takes one way of paying. */
    onlyMethod: { online: 'Payment: online, by card', on_site: 'Payment: on site, at the race' },
    redirecting: 'Taking you to the payment page…',
  },
  refusedTitle: 'Registration failed',
  unexpected: 'Something went wrong!',
} as const;

/** The dashboard's home, the runner's half: their next race. */
export const NEXT_RACE_MESSAGES = {
  heading: 'Your next race',
  none: 'You have not entered a race that is still ahead.',
  findRace: 'Find a race',
  seeRace: 'See the race',
} as const;

/**
 * The page of a place offered to the signed-in runner (issue 35), reached from the transfer mail's link, shared
 * by the screen and its tests.
 */
export const TRANSFER_ACCEPT_MESSAGES = {
  title: 'A place offered to you',
  heading: (fromName: string, raceTitle: string) => `${fromName} offers you their place in ${raceTitle}`,
  raceStart: 'Start',
  location: 'Location',
  /** Until when the offer may be taken, race-local. */
  openUntil: (time: string) => `Accept by ${time}.`,
  intro:
    'Enter your own details: the place, and its bib, become yours, with a new race pass. There is nothing to pay.',
  submit: 'Accept the place',
  acceptedTitle: 'The place is yours!',
  acceptedText: (raceTitle: string) => `You are registered for ${raceTitle}.`,
  refusedTitle: 'Accepting the place failed',
  notFoundHeading: 'Transfer not found',
  notFoundText: 'This offer was made to another e-mail address, or the link is mistyped.',
  goneHeading: 'Transfer unavailable',
  myApplies: 'Go to My Apply List',
  loadFailed: "We couldn't load this offer. Please try again.",
} as const;
