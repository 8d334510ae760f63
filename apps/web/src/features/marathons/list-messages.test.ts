import { describe, expect, it } from 'vitest';
import { MARATHON_LIST_MESSAGES as M } from './list-messages';

describe('the list count', () => {
  it('counts one marathon in the singular, and many with thousands separators', () => {
    expect(M.showing(1, 1, 1)).toBe('Showing 1–1 of 1 marathon');
    expect(M.showing(13, 24, 100_000)).toBe('Showing 13–24 of 100,000 marathons');
    expect(M.showing(0, 0, 1)).toBe('1 marathon in all');
    expect(M.search.found(1)).toBe('1 marathon found');
  });
});
