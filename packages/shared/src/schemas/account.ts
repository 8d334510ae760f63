import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { passwordSchema } from './auth.js';
import { marathonSchema } from './marathon.js';
import { registrationSchema } from './registration.js';

/** What the account calls answer and refuse with: the server sends them, the screens and tests read them. */
export const ACCOUNT_MESSAGES = {
  deleted: 'Your account has been deleted',
  passwordRequired: 'Enter your password to delete your account',
  wrongPassword: 'That password is not right',
  signInAgain: 'Sign in again to delete your account',
  /** The 409 of an organizer whose races still have runners (registered or waitlisted). */
  racesFirst: (titles: readonly string[]) => `Delete or hand over your races first: ${titles.join(', ')}`,
  /** An address another account uses: refused, without saying whose. */
  emailInUse: 'Another account uses this e-mail address. Choose a different one.',
} as const;

/** Settings: a new password, given the current one (better-auth's change-password; other sessions end). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Settings: a new e-mail address, which changes once the link mailed to it is followed. */
export const changeEmailSchema = z.object({ newEmail: z.email('Enter a valid email address') });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** How long after signing in an account without a password may delete itself (its proof of being its owner). */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * DELETE /api/me. `password` is the account's password; an account that only signs in with Google has none
 * and proves itself by a sign-in of the last 5 minutes instead.
 */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'password must be text' })
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const accountDeletedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The runner's entries withdrawn (their places given to the waitlists). */
  registrationsWithdrawn: z.number().int(),
  /** The races without runners deleted with the account. */
  racesDeleted: z.number().int(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** GET /api/me/deletion-preview: what deleting the account would remove, or which races stop it. */
export const accountDeletionPreviewSchema = z.object({
  /** The runner's entries (registered or waitlisted), to be withdrawn. */
  registrations: z.number().int(),
  /** The races they organize without any runner, to be deleted with the account. */
  racesWithoutRunners: z.number().int(),
  /** Their races that still have runners: the account cannot be deleted until these are deleted. */
  racesWithRunners: z.array(z.object({ _id: z.string(), title: z.string() })),
  /** Whether the account signs in with a password (else only with Google). */
  hasPassword: z.boolean(),
});
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreviewSchema>;

/** GET /api/me/export: everything Stride keeps about the account, as one JSON file. */
export const accountExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  account: z.object({
    name: z.string(),
    email: z.string(),
    photoURL: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
  /** Every entry, as My Apply List shows it: the answers, the race's title and date, status, bib, place in line. */
  registrations: z.array(registrationSchema),
  /** Every race the account organizes, with its counts (never its runners). */
  racesOrganized: z.array(marathonSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** How many of the organizer's upcoming races the dashboard shows. */
export const DASHBOARD_RACES_LIMIT = 5;

/** GET /api/me/dashboard: the dashboard's home. */
export const dashboardSchema = z.object({
  /** The runner's entry in the race that starts soonest of those not started yet, or null. */
  nextRace: registrationSchema.nullable(),
  /** The organizer's races not started yet, soonest first (at most {@link DASHBOARD_RACES_LIMIT}). */
  upcomingRaces: z.array(marathonSchema),
  /** How many races the organizer has not started yet, and in all. */
  upcomingRaceCount: z.number().int(),
  racesOrganized: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
