import { describe, expect, it } from 'vitest';
import { loginRedirect } from './require-user';
import { redirectTarget, safeLocalPath, stateFromPath } from './redirect-target';

const ORIGIN = 'http://localhost:3000';
const elsewhere = { pathname: '/', search: '', hash: '' };

describe('loginRedirect (the private-route guard)', () => {
  it('sends a signed-out visitor to /login with the requested page in ?next=', () => {
    const response = loginRedirect(`${ORIGIN}/dashboard/my-applies?q=x`, elsewhere);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?next=%2Fdashboard%2Fmy-applies%3Fq%3Dx');
  });

  it('adds /login after the page being left, but replaces the page asked for by a load or Back', () => {
    expect(loginRedirect(`${ORIGIN}/dashboard`, elsewhere).headers.has('X-Remix-Replace')).toBe(false);
    const here = { pathname: '/dashboard', search: '', hash: '' };
    expect(loginRedirect(`${ORIGIN}/dashboard`, here).headers.get('X-Remix-Replace')).toBe('true');
  });

  it('keeps the hash, which only the browser knows, of the page asked for', () => {
    const here = { pathname: '/dashboard/my-applies', search: '?q=x', hash: '#top' };
    const location = loginRedirect(`${ORIGIN}/dashboard/my-applies?q=x`, here).headers.get('Location')!;
    const next = new URL(location, ORIGIN).searchParams.get('next');
    expect(next).toBe('/dashboard/my-applies?q=x#top');
    expect(redirectTarget(stateFromPath(next))).toBe('/dashboard/my-applies?q=x#top');
  });
});

describe('stateFromPath', () => {
  it('turns a local path into the state the login page keeps', () => {
    expect(stateFromPath('/marathons?sort=oldest#list')).toEqual({
      from: { pathname: '/marathons', search: '?sort=oldest', hash: '#list' },
    });
  });

  it.each([[null], [''], ['//evil.example/x'], ['https://evil.example/'], ['/login'], ['/signup?x=1']])(
    'refuses %j: another site, or the auth pages themselves',
    (path) => {
      expect(stateFromPath(path)).toBeNull();
      expect(safeLocalPath(path)).toBe('/');
    },
  );
});
