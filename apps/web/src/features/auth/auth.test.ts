import { describe, expect, it } from 'vitest';
import { describeAuthError } from './auth-errors';
import { describeOAuthError } from './oauth-errors';
import { isOnWayBack, redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('returns to the requested location with its query and hash', () => {
    expect(
      redirectTarget({ from: { pathname: '/dashboard/my-applies', search: '?q=x', hash: '#top' } }),
    ).toBe('/dashboard/my-applies?q=x#top');
  });

  it.each([
    [undefined],
    [null],
    [{}],
    [{ from: { pathname: '//evil.example' } }],
    [{ from: { pathname: '/login' } }],
  ])('goes home when there is no safe target: %j', (state) => {
    expect(redirectTarget(state)).toBe('/');
  });
});

describe('isOnWayBack', () => {
  it('is true only while the guard has a page to return to', () => {
    expect(isOnWayBack({ from: { pathname: '/dashboard', search: '', hash: '' } })).toBe(true);
    expect(isOnWayBack(null)).toBe(false);
    expect(isOnWayBack({ from: { pathname: '/login' } })).toBe(false);
  });
});

describe('describeAuthError', () => {
  it('names wrong credentials plainly', () => {
    expect(describeAuthError({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 })).toBe(
      'Invalid email or password',
    );
  });

  it('says how long to wait when rate limited', () => {
    expect(describeAuthError({ status: 429 }, 42)).toBe('Too many attempts, try again in 42 seconds');
  });

  it("keeps the server's message for codes it does not know", () => {
    expect(
      describeAuthError({
        code: 'SOMETHING_NEW',
        message: 'Password should contain at least one uppercase letter.',
      }),
    ).toBe('Password should contain at least one uppercase letter.');
  });

  it('words a refused sign-up for a person, never as a provider code', () => {
    expect(describeAuthError({ code: 'FAILED_TO_CREATE_USER', status: 422 })).toBe(
      "We couldn't create your account just now. Please try again.",
    );
    expect(describeAuthError({ code: 'SOMETHING_NEW', message: 'SOMETHING_NEW' })).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

describe('describeOAuthError', () => {
  it('explains the codes it knows and names other codes', () => {
    expect(describeOAuthError('access_denied')).toBe('Google sign-in was cancelled. Nothing was changed.');
    expect(describeOAuthError('server_error')).toBe(
      'Google sign-in failed (server_error). Please try again.',
    );
  });

  it('never repeats text from the URL that is not a code', () => {
    const message = describeOAuthError('<a href="https://evil.example">Session expired, sign in here</a>');
    expect(message).toBe('Google sign-in failed. Please try again.');
  });
});
