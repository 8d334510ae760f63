import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { outcomeOfError, settle } from './record-actions';

describe('settle (how an update or delete ended)', () => {
  it("is 'done' when the server answers success", async () => {
    const result = { success: true, message: 'Marathon updated successfully' };
    expect(await settle(Promise.resolve(result))).toEqual({ kind: 'done', result });
  });

  it("is 'refused' with the server's message when it answers success false", async () => {
    expect(await settle(Promise.resolve({ success: false, message: 'Nope' }))).toEqual({
      kind: 'refused',
      message: 'Nope',
    });
  });

  it('sorts thrown errors', async () => {
    expect(await settle(Promise.reject(new ApiError(403, 'Not yours')))).toEqual({
      kind: 'refused',
      message: 'Not yours',
    });
  });
});

describe('outcomeOfError', () => {
  it("is 'invalid' with each field's first message for a 400 naming fields", () => {
    const error = new ApiError(400, '2 fields are invalid', [
      { field: 'title', message: 'Marathon Title is required' },
      { field: 'title', message: 'second message' },
      { field: 'image', message: 'Marathon Image URL must be a valid http(s) URL' },
    ]);
    expect(outcomeOfError(error)).toEqual({
      kind: 'invalid',
      fieldErrors: {
        title: 'Marathon Title is required',
        image: 'Marathon Image URL must be a valid http(s) URL',
      },
    });
  });

  it("is 'refused' for any other 4xx, with the server's message", () => {
    expect(outcomeOfError(new ApiError(404, 'Marathon not found'))).toEqual({
      kind: 'refused',
      message: 'Marathon not found',
    });
  });

  it("is 'failed' for a server error, a network failure or anything unexpected", () => {
    expect(outcomeOfError(new ApiError(500, 'Something went wrong on our side.'))).toEqual({
      kind: 'failed',
    });
    expect(outcomeOfError(new ApiError(0, 'Cannot reach the server.'))).toEqual({ kind: 'failed' });
    expect(outcomeOfError(new TypeError('boom'))).toEqual({ kind: 'failed' });
  });
});
