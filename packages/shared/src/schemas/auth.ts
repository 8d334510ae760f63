import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { isUploadedImagePath } from '../images.js';
import { ifValidSoFar, isHttpUrl, plainText } from './fields.js';

/** The exact texts of docs/SPEC.md §5, in the order the rules are checked. */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  noLowercase: 'Password should contain at least one lowercase letter.',
  noUppercase: 'Password should contain at least one uppercase letter.',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

/** The rules in one line, shown under a new password's field before the first try. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a lowercase and an uppercase letter.`;

const PASSWORD_RULES: ReadonlyArray<{ fails: (password: string) => boolean; message: string }> = [
  { fails: (p) => p.length < PASSWORD_MIN_LENGTH, message: PASSWORD_MESSAGES.tooShort },
  { fails: (p) => !/[a-z]/.test(p), message: PASSWORD_MESSAGES.noLowercase },
  { fails: (p) => !/[A-Z]/.test(p), message: PASSWORD_MESSAGES.noUppercase },
  { fails: (p) => p.length > PASSWORD_MAX_LENGTH, message: PASSWORD_MESSAGES.tooLong },
];

/** The first rule a password breaks, in docs/SPEC.md's order, or null when it passes them all. */
export function findPasswordProblem(password: string): string | null {
  return PASSWORD_RULES.find((rule) => rule.fails(password))?.message ?? null;
}

/** Reports only the first broken rule, so the form and the server show the same single message. */
export const passwordSchema = z.string().superRefine((password, ctx) => {
  const problem = findPasswordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const displayNameSchema = plainText('Name')
  .trim()
  .min(1, { message: 'Name is required', ...ifValidSoFar })
  .max(60, { message: 'Name must be at most 60 characters', ...ifValidSoFar });

/**
 * docs/SPEC.md's photoURL: optional, but when given it must be a web address (never javascript: or data:), or
 * the address of a photo uploaded here (`/api/images/…`).
 */
export const photoUrlSchema = plainText('Photo URL')
  .trim()
  .max(2048, { message: 'Photo URL is too long', ...ifValidSoFar })
  .refine((value) => value === '' || isHttpUrl(value) || isUploadedImagePath(value), {
    message: 'Photo URL must start with http:// or https://',
    ...ifValidSoFar,
  });

export const signUpSchema = z.object({
  name: displayNameSchema,
  email: z.email('Enter a valid email address'),
  photoURL: photoUrlSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const loginSchema = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** GET /api/auth-options: the sign-in methods this server offers besides email and password. */
export const authOptionsSchema = z.object({ google: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;
