/** User-facing texts of the account screens (docs/SPEC.md §2, §4, §8), shared by the screens and their tests. */
export const AUTH_MESSAGES = {
  loginSuccess: 'Login successful',
  signUpSuccess: 'Welcome to Stride',
  logoutSuccess: 'Logout Success',
  googleUnavailable: 'Google sign-in is not set up on this server.',
  googleSuccess: 'Signed in with Google',
  resetLinkSent: 'A password reset link has been sent to your email',
  passwordChanged: 'Your password has been changed. Log in with the new one.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  profileUpdated: 'Profile Update Successfully',
  unexpected: 'Something went wrong. Please try again.',
  /** The login page's note when the page the visitor asked for is a race's (its page, details or registration). */
  raceLoginPrompt: 'Log in to see this race',
} as const;
