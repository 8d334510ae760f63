import { RUNNER_LIST_SEARCH_MAX } from '@stride/shared/constants';
import { describe, expect, it } from 'vitest';
import { readTitleSearch } from './title-search';

const read = (search: string) => readTitleSearch(new URLSearchParams(search));

describe('readTitleSearch', () => {
  it('reads ?q= without the spaces around it', () => {
    expect(read('q=River')).toBe('River');
    expect(read('q=%20%20tea%20garden%20&page=2')).toBe('tea garden');
  });

  it('is empty when there is nothing to search for', () => {
    expect(read('')).toBe('');
    expect(read('q=')).toBe('');
    expect(read('q=%20%20%20')).toBe('');
  });

  it('keeps no more than the API takes', () => {
    expect(read(`q=${'a'.repeat(RUNNER_LIST_SEARCH_MAX + 20)}`)).toBe('a'.repeat(RUNNER_LIST_SEARCH_MAX));
    expect(read(`q=${'a'.repeat(RUNNER_LIST_SEARCH_MAX - 1)}%20b`)).toBe(
      'a'.repeat(RUNNER_LIST_SEARCH_MAX - 1),
    );
  });
});
