/** User-facing texts of the marathon details screen (SPEC.md §2, §4), shared by the screen and its tests. */
export const DETAILS_MESSAGES = {
  notFound: 'Marathon not found!',
  totalRegistrations: 'Total Registrations Count',
  location: 'Location',
  distance: 'Distance',
  registrationStart: 'Registration Start',
  registrationEnd: 'Registration End',
  marathonStart: 'Marathon Start',
  countdownHeading: 'Time left to start Marathon',
  started: 'Marathon Started or Date Invalid',
  registerNow: 'Register Now',
  registrationClosed: 'Registration Closed',
  onlyBetween: (start: string, end: string) => `Registration is only available between ${start} and ${end}`,
  registered: 'You are registered for this marathon.',
  viewRegistrations: 'View my registrations',
  checkingRegistration: 'Checking your registration',
} as const;
