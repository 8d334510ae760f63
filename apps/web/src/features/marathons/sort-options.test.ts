import { describe, expect, it } from 'vitest';
import { readSortParam } from './sort-options';

describe('readSortParam', () => {
  it('reads the two sorts', () => {
    expect(readSortParam('newest')).toBe('newest');
    expect(readSortParam('oldest')).toBe('oldest');
  });
  it.each([[null], [''], ['Oldest'], ['random']])('falls back to newest for %j', (value) => {
    expect(readSortParam(value)).toBe('newest');
  });
});
