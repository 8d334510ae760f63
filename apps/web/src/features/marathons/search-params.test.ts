import { describe, expect, it } from 'vitest';
import { MARATHON_SEARCH_LIMITS } from '@stride/shared/constants';
import {
  getResultAnnouncement,
  isFiltering,
  NO_FILTERS,
  readMarathonListView,
  readSearchText,
  toggleDistance,
  toMarathonListApiParams,
  withFilters,
  withoutFilters,
  withSort,
  type MarathonFilters,
} from './search-params';

const params = (search: string) => new URLSearchParams(search);
const view = (search: string) => readMarathonListView(params(search));

describe('readMarathonListView', () => {
  it('reads the plain list as no filters, newest first, page 1', () => {
    expect(view('')).toEqual({ filters: NO_FILTERS, sort: 'newest', page: 1 });
  });

  it('reads every filter', () => {
    expect(
      view('q=+lisbon+&distance=3k&distance=25k&from=2027-03-01&to=2027-03-31&open=true&page=2'),
    ).toEqual({
      filters: {
        q: 'lisbon',
        distances: ['3k', '25k'],
        from: '2027-03-01',
        to: '2027-03-31',
        isOpenOnly: true,
      },
      sort: 'relevance',
      page: 2,
    });
  });

  it('leaves out what it cannot read', () => {
    expect(view('q=%20%20&distance=42k&distance=10K&from=1%20March&to=2027-3-1&open=yes&page=0')).toEqual(
      view(''),
    );
  });

  it('keeps one of each distance', () => {
    expect(view('distance=10k&distance=10k').filters.distances).toEqual(['10k']);
  });

  it('cuts a search to the length the API takes', () => {
    expect(view(`q=${'a'.repeat(MARATHON_SEARCH_LIMITS.maxLength + 5)}`).filters.q).toHaveLength(
      MARATHON_SEARCH_LIMITS.maxLength,
    );
  });

  it.each([
    ['q=lisbon', 'relevance'],
    ['q=lisbon&sort=relevance', 'relevance'],
    ['q=lisbon&sort=oldest', 'oldest'],
    ['q=lisbon&sort=newest', 'newest'],
    ['q=lisbon&sort=random', 'relevance'],
    ['sort=oldest', 'oldest'],
    ['sort=relevance', 'newest'],
    ['distance=10k', 'newest'],
  ])('orders %s by %s', (search, sort) => {
    expect(view(search).sort).toBe(sort);
  });
});

describe('readSearchText', () => {
  it('trims the search', () => {
    expect(readSearchText('  lisbn  ')).toBe('lisbn');
    expect(readSearchText('   ')).toBe('');
  });
});

describe('isFiltering', () => {
  it('is false for the plain list only', () => {
    expect(isFiltering(NO_FILTERS)).toBe(false);
    const each: Array<Partial<MarathonFilters>> = [
      { q: 'porto' },
      { distances: ['3k'] },
      { from: '2027-01-01' },
      { to: '2027-01-01' },
      { isOpenOnly: true },
    ];
    for (const filter of each) expect(isFiltering({ ...NO_FILTERS, ...filter })).toBe(true);
  });
});

describe('toggleDistance', () => {
  it('switches a distance on and off, keeping the order of DISTANCES', () => {
    expect(toggleDistance([], '10k')).toEqual(['10k']);
    expect(toggleDistance(['3k'], '25k')).toEqual(['3k', '25k']);
    expect(toggleDistance(['3k', '42.2k'], '21.1k')).toEqual(['3k', '21.1k', '42.2k']);
    expect(toggleDistance(['3k', '25k'], '25k')).toEqual(['3k']);
  });
});

describe('withFilters', () => {
  it('writes the filters, repeating distance, and goes back to the first page', () => {
    const next = withFilters(params('sort=oldest&page=3&q=old'), {
      q: 'porto',
      distances: ['25k', '10k'],
      from: '2027-01-01',
      to: '2027-02-01',
      isOpenOnly: true,
    });
    expect(next.toString()).toBe(
      'sort=oldest&q=porto&distance=25k&distance=10k&from=2027-01-01&to=2027-02-01&open=true',
    );
  });

  it('leaves out the filters not set', () => {
    expect(withFilters(params('q=porto&distance=3k&open=true'), NO_FILTERS).toString()).toBe('');
  });

  it('drops relevance with the search, and keeps it while there is one', () => {
    expect(withFilters(params('q=porto&sort=relevance'), NO_FILTERS).toString()).toBe('');
    expect(withFilters(params('q=porto&sort=relevance'), { ...NO_FILTERS, q: 'braga' }).toString()).toBe(
      'sort=relevance&q=braga',
    );
  });

  it('reads back as the same filters', () => {
    const filters: MarathonFilters = {
      q: 'rio de janeiro',
      distances: ['3k'],
      from: '2027-05-01',
      to: '',
      isOpenOnly: false,
    };
    expect(readMarathonListView(withFilters(params(''), filters)).filters).toEqual(filters);
  });
});

describe('withoutFilters', () => {
  it('keeps only an order other than relevance', () => {
    expect(
      withoutFilters(params('q=x&distance=3k&from=2027-01-01&to=2027-02-01&open=true&page=2')).toString(),
    ).toBe('');
    expect(withoutFilters(params('q=x&sort=oldest&page=2')).toString()).toBe('sort=oldest');
    expect(withoutFilters(params('q=x&sort=relevance')).toString()).toBe('');
  });
});

describe('withSort', () => {
  it('sets the order and goes back to the first page, keeping the filters', () => {
    expect(withSort(params('q=porto&page=2'), 'oldest').toString()).toBe('q=porto&sort=oldest');
  });
});

describe('toMarathonListApiParams', () => {
  it('asks for the plain list with its order and page', () => {
    expect(toMarathonListApiParams(view('page=2'), 12).toString()).toBe('sort=newest&page=2&limit=12');
  });

  it('asks for a search with its filters', () => {
    expect(toMarathonListApiParams(view('q=lisbn&distance=10k&distance=3k&open=true'), 12).toString()).toBe(
      'sort=relevance&page=1&limit=12&q=lisbn&distance=3k&distance=10k&open=true',
    );
  });
});

describe('getResultAnnouncement', () => {
  it('counts the results of a search or filter', () => {
    expect(getResultAnnouncement({ ...NO_FILTERS, q: 'porto' }, 23)).toBe('23 marathons found');
    expect(getResultAnnouncement({ ...NO_FILTERS, isOpenOnly: true }, 1)).toBe('1 marathon found');
    expect(getResultAnnouncement({ ...NO_FILTERS, distances: ['3k'] }, 0)).toBe('0 marathons found');
  });

  it('says nothing for the plain list', () => {
    expect(getResultAnnouncement(NO_FILTERS, 23)).toBe('');
  });
});
