import { describe, expect, it } from 'vitest';
import { filterByMarathonTitle, isSearching } from './filter-by-title';

const registrations = [
  { _id: '1', marathonTitle: 'Dhaka City Marathon' },
  { _id: '2', marathonTitle: 'Sylhet Tea Garden Run' },
  { _id: '3', marathonTitle: 'Cox’s Bazar Beach MARATHON' },
];
const ids = (list: Array<{ _id: string }>) => list.map((item) => item._id);

describe('filterByMarathonTitle (SPEC.md §5)', () => {
  it('matches a substring of the title, ignoring case', () => {
    expect(ids(filterByMarathonTitle(registrations, 'marathon'))).toEqual(['1', '3']);
    expect(ids(filterByMarathonTitle(registrations, 'TEA gar'))).toEqual(['2']);
  });

  it('keeps everything, in order, for an empty or blank query', () => {
    expect(ids(filterByMarathonTitle(registrations, ''))).toEqual(['1', '2', '3']);
    expect(ids(filterByMarathonTitle(registrations, '   '))).toEqual(['1', '2', '3']);
  });

  it('ignores spaces around the query and finds nothing for a title no one has', () => {
    expect(ids(filterByMarathonTitle(registrations, '  sylhet '))).toEqual(['2']);
    expect(filterByMarathonTitle(registrations, 'Chittagong')).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const copy = [...registrations];
    filterByMarathonTitle(registrations, 'run');
    expect(registrations).toEqual(copy);
  });
});

describe('isSearching', () => {
  it('is false for an empty or blank box', () => {
    expect(isSearching('')).toBe(false);
    expect(isSearching('  ')).toBe(false);
    expect(isSearching(' a ')).toBe(true);
  });
});
