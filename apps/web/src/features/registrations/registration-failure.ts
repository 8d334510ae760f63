import { REGISTRATION_FIELD_LABELS } from '@stride/shared';
import { ApiError, fieldErrorMap } from '../../lib/api-client';
import { REGISTRATION_FORM_MESSAGES } from './registration-messages';

export type RegistrationField = keyof typeof REGISTRATION_FIELD_LABELS;
export type RegistrationFieldErrors = Partial<Record<RegistrationField, string>>;

const FIELDS = Object.keys(REGISTRATION_FIELD_LABELS) as RegistrationField[];

/** Keeps the first message of each form field, in the form's order. */
export function pickFieldErrors(messages: Partial<Record<string, string>>): RegistrationFieldErrors {
  const errors: RegistrationFieldErrors = {};
  for (const field of FIELDS) {
    const message = messages[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * How the form shows a failed registration: a 400 naming the form's fields under those fields; a 409 (window
 * closed, already registered) with the server's own words; anything else as SPEC.md §8's 'Something went
 * wrong!' (in a browser alert), with the reason when there is one.
 */
export function describeRegistrationFailure(
  error: unknown,
):
  | { kind: 'fields'; fieldErrors: RegistrationFieldErrors }
  | { kind: 'refused'; message: string }
  | { kind: 'unexpected'; message: string } {
  if (error instanceof ApiError) {
    const fieldErrors = pickFieldErrors(fieldErrorMap(error));
    if (error.status === 400 && Object.keys(fieldErrors).length > 0) return { kind: 'fields', fieldErrors };
    if (error.status === 409) return { kind: 'refused', message: error.message };
    return { kind: 'unexpected', message: `${REGISTRATION_FORM_MESSAGES.unexpected} ${error.message}` };
  }
  return { kind: 'unexpected', message: REGISTRATION_FORM_MESSAGES.unexpected };
}
