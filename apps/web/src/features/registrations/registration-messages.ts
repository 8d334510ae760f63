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
