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
