import { describe, expect, it } from 'vitest';
import { countPages, pageRange, pageWindow, readPage, readPageParam } from './paging';

describe('readPage', () => {
  it('takes the total from X-Total-Count', () => {
    const headers = new Headers({ 'x-total-count': '40' });
    expect(readPage({ data: ['a', 'b'], headers }, 2, 2)).toEqual({
      items: ['a', 'b'],
      total: 40,
      page: 2,
      limit: 2,
    });
  });
  it('counts the rows when the header is missing', () => {
    expect(readPage({ data: ['a'], headers: new Headers() }, 1, 12).total).toBe(1);
  });
});

describe('readPageParam', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['40', 40],
  ])('reads %j as page %i', (value, page) => {
    expect(readPageParam(value)).toBe(page);
  });
  it.each([
    [null],
    [''],
    ['0'],
    ['-2'],
    ['1.5'],
    ['two'],
    ['2abc'],
    [' 3'],
    ['1e3'],
    ['99999999999999999999'],
  ])('falls back to page 1 for %j', (value) => {
    expect(readPageParam(value)).toBe(1);
  });
});

describe('countPages', () => {
  it.each([
    [0, 1],
    [1, 1],
    [12, 1],
    [13, 2],
    [24, 2],
    [25, 3],
  ])('%i items fill %i page(s) of 12', (total, pages) => {
    expect(countPages(total, 12)).toBe(pages);
  });
});

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('leaves out pages far from the current one', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
  it('shows a single left-out page rather than a gap', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });
  it('widens with more siblings', () => {
    expect(pageWindow(6, 12, 2)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
  });
  it('keeps a page past the end out of the window', () => {
    expect(pageWindow(9, 3)).toEqual([1, 2, 3]);
  });
});

describe('pageRange', () => {
  it('gives the first and last position on a page', () => {
    expect(pageRange(1, 12, 30)).toEqual({ from: 1, to: 12 });
    expect(pageRange(3, 12, 30)).toEqual({ from: 25, to: 30 });
  });
  it('is 0–0 for an empty list or a page past the end', () => {
    expect(pageRange(1, 12, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(4, 12, 30)).toEqual({ from: 0, to: 0 });
  });
});
