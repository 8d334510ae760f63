import { REGISTRATION_FIELD_LABELS } from '@stride/shared';
import { classifyApiFailure, type ApiFailure } from '../../lib/api-failure';
import { REGISTRATION_FORM_MESSAGES } from './registration-messages';

export type RegistrationField = keyof typeof REGISTRATION_FIELD_LABELS;
export type RegistrationFieldErrors = Partial<Record<RegistrationField, string>>;

/** The fields of the registration form and of its update form, in their order. */
export const REGISTRATION_FORM_FIELDS = Object.keys(REGISTRATION_FIELD_LABELS) as RegistrationField[];

/** Keeps the first message of each form field, in the form's order. */
export function pickFieldErrors(messages: Partial<Record<string, string>>): RegistrationFieldErrors {
  const errors: RegistrationFieldErrors = {};
  for (const field of REGISTRATION_FORM_FIELDS) {
    const message = messages[field];
    if (message) errors[field] = message;
  }
  return errors;
}

export type RegistrationFailure =
  | { kind: 'fields'; fieldErrors: RegistrationFieldErrors }
  | { kind: 'refused'; message: string }
  | { kind: 'unexpected'; message: string };

/**
 * How the form says a failed registration, once `classifyApiFailure` has sorted it: a 400 naming the form's
 * fields under those fields; a 409 (window closed, already registered) in the server's own words; anything else
 * as docs/SPEC.md §8's 'Something went wrong!' (in a browser alert), with the reason when there is one.
 */
export function registrationFailureOf(failure: ApiFailure): RegistrationFailure {
  const unexpected = REGISTRATION_FORM_MESSAGES.unexpected;
  switch (failure.kind) {
    case 'fields':
      return { kind: 'fields', fieldErrors: pickFieldErrors(failure.fieldErrors) };
    case 'refused':
      return failure.status === 409
        ? { kind: 'refused', message: failure.message }
        : { kind: 'unexpected', message: `${unexpected} ${failure.message}` };
    case 'failed':
      return {
        kind: 'unexpected',
        message: failure.message ? `${unexpected} ${failure.message}` : unexpected,
      };
  }
}

/** The same for a thrown error. */
export function describeRegistrationFailure(error: unknown): RegistrationFailure {
  return registrationFailureOf(classifyApiFailure(error, REGISTRATION_FORM_FIELDS));
}
