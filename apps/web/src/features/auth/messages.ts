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
  /** The profile photo's file input, beside the SPEC's Photo URL field (which an upload fills in). */
  uploadPhoto: 'Upload a photo',
  unexpected: 'Something went wrong. Please try again.',
  /** Settings: a changed password (better-auth ends the account's other sessions). */
  passwordUpdatedTitle: 'Password changed',
  passwordUpdated: 'Your password has been changed. Your other sessions have been signed out.',
  wrongCurrentPassword: 'Your current password is not right',
  /** Settings: an e-mail change asked for, then made (or not) by the mailed link. */
  emailLinkSent: (newEmail: string) =>
    `We sent a link to ${newEmail}. Your address changes when you follow it (within one hour).`,
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  emailLinkInvalid: 'This link is invalid or has expired, or was already used. Ask for a new one.',
  /** The login page's note when the page the visitor asked for is a race's (its page, details or registration). */
  raceLoginPrompt: 'Log in to see this race',
} as const;
