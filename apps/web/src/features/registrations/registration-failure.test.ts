import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeRegistrationFailure, pickFieldErrors } from './registration-failure';
import { REGISTRATION_FORM_MESSAGES } from './registration-messages';

describe('describeRegistrationFailure', () => {
  it("puts a 400's field errors under the form's fields", () => {
    const error = new ApiError(400, 'Invalid request', [
      { field: 'contact', message: 'Contact is too short' },
      { field: 'contact', message: 'a second message' },
      { field: 'firstName', message: 'First Name is required' },
    ]);
    expect(describeRegistrationFailure(error)).toEqual({
      kind: 'fields',
      fieldErrors: { firstName: 'First Name is required', contact: 'Contact is too short' },
    });
  });

  it("shows a 409 (closed, already registered) in the server's words", () => {
    const error = new ApiError(409, 'You have already registered for this marathon.');
    expect(describeRegistrationFailure(error)).toEqual({
      kind: 'refused',
      message: 'You have already registered for this marathon.',
    });
  });

  it("calls anything else 'Something went wrong!', with the reason when there is one", () => {
    expect(describeRegistrationFailure(new ApiError(500, 'Internal Server Error'))).toEqual({
      kind: 'unexpected',
      message: 'Something went wrong! Internal Server Error',
    });
    // A 400 about a field the form does not have is not something the runner can fix.
    expect(
      describeRegistrationFailure(
        new ApiError(400, 'Invalid request', [{ field: 'marathonId', message: 'x' }]),
      ),
    ).toMatchObject({ kind: 'unexpected' });
    expect(describeRegistrationFailure(new TypeError('boom'))).toEqual({
      kind: 'unexpected',
      message: REGISTRATION_FORM_MESSAGES.unexpected,
    });
  });
});

describe('pickFieldErrors', () => {
  it("keeps only the form's fields", () => {
    expect(pickFieldErrors({ info: 'Too long', marathonId: 'required', extra: undefined })).toEqual({
      info: 'Too long',
    });
  });
});
