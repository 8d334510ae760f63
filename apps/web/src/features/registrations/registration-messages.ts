/** User-facing texts of the registration form (SPEC.md §2, §4, §8), shared by the screen and its tests. */
export const REGISTRATION_FORM_MESSAGES = {
  heading: (title: string) => `Register for ${title}`,
  notFound: 'Marathon not found',
  email: 'Email',
  marathonTitle: 'Marathon Title',
  startDate: 'Start Date',
  submit: 'Submit Register',
  successTitle: 'Registration Successful!',
  successText: (title: string) => `You are registered for ${title}.`,
  refusedTitle: 'Registration failed',
  unexpected: 'Something went wrong!',
} as const;
