import { describe, expect, it } from 'vitest';
import { isRaceRequested } from './requested-race';

const from = (pathname: string, search = '') => ({
  state: { from: { pathname, search, hash: '' } },
  search: '',
});

describe('isRaceRequested', () => {
  it.each(['/races/abc', '/registration/abc', '/marathon-details/abc'])(
    'is true for a race page: %s',
    (path) => {
      expect(isRaceRequested(from(path))).toBe(true);
    },
  );

  it('reads the guard’s ?next= before the login page has moved it into history state', () => {
    expect(isRaceRequested({ state: null, search: '?next=%2Fregistration%2Fabc' })).toBe(true);
    expect(isRaceRequested({ state: null, search: '?next=%2Fdashboard' })).toBe(false);
  });

  it.each([
    ['another page', from('/dashboard/my-applies')],
    ['the list of races', from('/marathons')],
    ['no requested page', { state: null, search: '' }],
    ['a page of another site', { state: null, search: '?next=https%3A%2F%2Fevil.example%2Fraces%2Fabc' }],
  ])('is false for %s', (_case, location) => {
    expect(isRaceRequested(location)).toBe(false);
  });
});
