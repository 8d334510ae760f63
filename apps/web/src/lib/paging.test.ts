import { describe, expect, it } from 'vitest';
import {
  countPages,
  getPastEndUrl,
  loadListPage,
  pageRange,
  pageWindow,
  readPage,
  readPageParam,
  toPageParams,
  withPage,
  withSearchText,
  type Page,
} from './paging';

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

describe('toPageParams', () => {
  it('asks for a page and its size', () => {
    expect(toPageParams({ page: 3, limit: 20 }).toString()).toBe('page=3&limit=20');
  });
});

describe('withPage', () => {
  const params = (search: string) => new URLSearchParams(search);
  it('sets the page, keeping the other parameters', () => {
    expect(withPage(params('q=run'), 2)).toBe('?q=run&page=2');
    expect(withPage(params('page=5&q=run'), 4)).toBe('?page=4&q=run');
  });
  it('leaves page 1 out of the URL', () => {
    expect(withPage(params('q=run&page=3'), 1)).toBe('?q=run');
    expect(withPage(params('page=3'), 1)).toBe('');
  });
  it('does not change the parameters it was given', () => {
    const given = params('page=3');
    withPage(given, 1);
    expect(given.toString()).toBe('page=3');
  });
});

describe('withSearchText', () => {
  const params = (search: string) => new URLSearchParams(search);
  it('sets the search and starts again on the first page', () => {
    expect(withSearchText(params('page=3'), 'river run')).toBe('?q=river+run');
    expect(withSearchText(params('q=old&page=2&sort=oldest'), 'new')).toBe('?q=new&sort=oldest');
  });
  it('drops the search when it is empty', () => {
    expect(withSearchText(params('q=old&page=2'), '')).toBe('');
  });
});

const ORIGIN = 'http://localhost:3000';
const pageOf = (page: number, total: number, limit = 20): Page<string> => ({
  items: [],
  total,
  page,
  limit,
});

describe('getPastEndUrl', () => {
  const url = (path: string) => new URL(path, ORIGIN);
  it('is null for a page that exists', () => {
    expect(getPastEndUrl(url('/list'), pageOf(1, 0))).toBeNull();
    expect(getPastEndUrl(url('/list?page=2'), pageOf(2, 21))).toBeNull();
    expect(getPastEndUrl(url('/list?page=3'), pageOf(3, 41))).toBeNull();
  });
  it('goes to the last page, keeping the search', () => {
    expect(getPastEndUrl(url('/list?page=3'), pageOf(3, 40))).toBe('/list?page=2');
    expect(getPastEndUrl(url('/list?q=run&page=9'), pageOf(9, 45))).toBe('/list?q=run&page=3');
  });
  it('goes to the first page, without ?page=, when what is left fits on it or nothing is', () => {
    expect(getPastEndUrl(url('/list?page=2'), pageOf(2, 20))).toBe('/list');
    expect(getPastEndUrl(url('/list?q=run&page=2'), pageOf(2, 0))).toBe('/list?q=run');
  });
});

describe('loadListPage', () => {
  const url = (search: string) => new URL(`/dashboard/my-marathons${search}`, ORIGIN);

  it('asks for the page of the URL (1 when missing or malformed) and gives it back', async () => {
    const asked: unknown[] = [];
    const getPage = async (query: { page: number; limit: number }) => {
      asked.push(query);
      return pageOf(query.page, 45, query.limit);
    };
    await expect(loadListPage(url('?page=3'), 20, getPage)).resolves.toEqual(pageOf(3, 45));
    await loadListPage(url(''), 20, getPage);
    await loadListPage(url('?page=two'), 20, getPage);
    expect(asked).toEqual([
      { page: 3, limit: 20 },
      { page: 1, limit: 20 },
      { page: 1, limit: 20 },
    ]);
  });

  it('redirects a page past the end to the last page, in place of it in history', async () => {
    const redirect: unknown = await loadListPage(url('?page=3'), 20, async (query) =>
      pageOf(query.page, 40, query.limit),
    ).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    const response = redirect as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/dashboard/my-marathons?page=2');
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });
});
