import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { classifyApiFailure, settleWrite } from './api-failure';

describe('classifyApiFailure', () => {
  it("is 'fields' with each field's first message for a 400 naming fields", () => {
    const error = new ApiError(400, '2 fields are invalid', [
      { field: 'title', message: 'Marathon Title is required' },
      { field: 'title', message: 'second message' },
      { field: 'image', message: 'Marathon Image URL must be a valid http(s) URL' },
    ]);
    expect(classifyApiFailure(error)).toEqual({
      kind: 'fields',
      fieldErrors: {
        title: 'Marathon Title is required',
        image: 'Marathon Image URL must be a valid http(s) URL',
      },
    });
  });

  it("keeps only the form's fields; errors about other fields are a refusal", () => {
    const error = new ApiError(400, 'Invalid request', [
      { field: 'marathonId', message: 'marathonId is required' },
      { field: 'contact', message: 'Contact is too short' },
    ]);
    expect(classifyApiFailure(error, ['firstName', 'contact'])).toEqual({
      kind: 'fields',
      fieldErrors: { contact: 'Contact is too short' },
    });
    expect(classifyApiFailure(error, ['firstName'])).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Invalid request',
    });
  });

  it("is 'refused' for any other 4xx, with the server's message and code", () => {
    expect(classifyApiFailure(new ApiError(404, 'Marathon not found'))).toEqual({
      kind: 'refused',
      status: 404,
      message: 'Marathon not found',
    });
    expect(classifyApiFailure(new ApiError(400, 'Invalid token', [], 'INVALID_TOKEN'))).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Invalid token',
      code: 'INVALID_TOKEN',
    });
  });

  it("is 'failed' for a server error, a network failure or anything unexpected", () => {
    expect(classifyApiFailure(new ApiError(500, 'Something went wrong on our side.'))).toMatchObject({
      kind: 'failed',
      status: 500,
      message: 'Something went wrong on our side.',
    });
    expect(classifyApiFailure(new ApiError(0, 'Cannot reach the server.'))).toMatchObject({
      kind: 'failed',
      status: 0,
    });
    expect(classifyApiFailure(new TypeError('boom'))).toEqual({
      kind: 'failed',
      status: null,
      message: null,
    });
  });
});

describe('settleWrite (how an update or delete ended)', () => {
  it("is 'done' with the server's answer", async () => {
    const result = { success: true, message: 'Marathon updated successfully' };
    expect(await settleWrite(Promise.resolve(result))).toEqual({ kind: 'done', result });
  });

  it("is 'refused' with the server's message when it answers success false (docs/SPEC.md §8)", async () => {
    expect(await settleWrite(Promise.resolve({ success: false, message: 'Nope' }))).toEqual({
      kind: 'refused',
      status: 200,
      message: 'Nope',
    });
  });

  it('sorts thrown errors, with the form fields it is given', async () => {
    expect(await settleWrite(Promise.reject(new ApiError(403, 'Not yours')))).toMatchObject({
      kind: 'refused',
      message: 'Not yours',
    });
    const invalid = new ApiError(400, 'Invalid', [{ field: 'info', message: 'Too long' }]);
    expect(await settleWrite(Promise.reject(invalid), ['info'])).toEqual({
      kind: 'fields',
      fieldErrors: { info: 'Too long' },
    });
  });
});
