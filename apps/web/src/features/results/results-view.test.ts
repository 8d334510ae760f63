import { describe, expect, it } from 'vitest';
import {
  ALL_RESULTS,
  getResultsApiPath,
  getResultsCsvPath,
  rankingTimeText,
  readResultsView,
  toSearch,
  withFilters,
  withQuery,
} from './results-view';

const read = (search: string) => readResultsView(new URLSearchParams(search));

describe('the results page URL', () => {
  it('reads the search, the filters and the page', () => {
    expect(read('?q=%20Lima%20&gender=female&ageGroup=40%E2%80%9349&status=DNF&page=3')).toEqual({
      q: 'Lima',
      gender: 'female',
      ageGroup: '40–49',
      status: 'DNF',
      page: 3,
    });
  });

  it('leaves out what it does not know, as if it were not there', () => {
    expect(read('?gender=robot&status=LOST&page=-2&ageGroup=')).toEqual(ALL_RESULTS);
  });

  it('writes only what is chosen: the whole list on its first page is the plain URL', () => {
    expect(toSearch(ALL_RESULTS)).toBe('');
    expect(toSearch({ ...ALL_RESULTS, q: 'ana', page: 2 })).toBe('?q=ana&page=2');
  });

  it('puts a filter into the URL from the first page, keeping the others', () => {
    const onPage3 = read('?q=ana&gender=female&page=3');
    expect(toSearch(withFilters(onPage3, { ageGroup: '40–49' }))).toBe(
      '?q=ana&gender=female&ageGroup=40%E2%80%9349',
    );
    expect(toSearch(withFilters(onPage3, { gender: null }))).toBe('?q=ana');
    expect(toSearch(withFilters(onPage3, { status: 'DQ' }))).toBe('?q=ana&gender=female&status=DQ');
  });

  it('starts a new search from the first page', () => {
    expect(toSearch(withQuery(read('?gender=male&page=4'), '  1204 '))).toBe('?q=1204&gender=male');
    expect(toSearch(withQuery(read('?q=ana&page=4'), ''))).toBe('');
  });

  it('asks the API for the page of the view, and the CSV for all its rows', () => {
    const view = read('?q=ana&gender=female&page=2');
    expect(getResultsApiPath('r 1', view, 50)).toBe(
      '/api/marathons/r%201/results?q=ana&gender=female&page=2&limit=50',
    );
    expect(getResultsCsvPath('r1', view)).toBe('/api/marathons/r1/results.csv?q=ana&gender=female');
    expect(getResultsCsvPath('r1')).toBe('/api/marathons/r1/results.csv');
  });
});

describe('rankingTimeText', () => {
  const both = { chipTimeText: '3:25:12', gunTimeText: '3:26:40' };

  it('is the time the race ranks by', () => {
    expect(rankingTimeText(both, 'chip')).toBe('3:25:12');
    expect(rankingTimeText(both, 'gun')).toBe('3:26:40');
  });

  it('falls back to the other time when the runner has not that one', () => {
    expect(rankingTimeText({ chipTimeText: null, gunTimeText: '3:26:40' }, 'chip')).toBe('3:26:40');
    expect(rankingTimeText({ chipTimeText: '3:25:12', gunTimeText: null }, 'gun')).toBe('3:25:12');
    expect(rankingTimeText({ chipTimeText: null, gunTimeText: null }, 'gun')).toBeNull();
  });
});
