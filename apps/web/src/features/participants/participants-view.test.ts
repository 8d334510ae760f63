import { describe, expect, it } from 'vitest';
import {
  getEmptyText,
  getParticipantsApiPath,
  getParticipantsCsvPath,
  getSortedColumn,
  readCheckedInParam,
  readParticipantsView,
  sortBy,
  toSearch,
  withQuery,
  withFilters,
  withoutFilters,
  withStatus,
  type ParticipantsView,
} from './participants-view';

const view = (search: string) => readParticipantsView(new URLSearchParams(search));
const DEFAULT: ParticipantsView = {
  status: 'registered',
  q: '',
  gender: null,
  ageGroup: null,
  paymentStatus: null,
  checkedIn: null,
  sort: null,
  order: 'asc',
  page: 1,
};

describe('readParticipantsView', () => {
  it('is the Registered tab by bib, page 1, without a query string', () => {
    expect(view('')).toEqual(DEFAULT);
  });

  it('reads every parameter', () => {
    expect(
      view(
        'status=waitlisted&q=%20Ann%20&gender=nonbinary&ageGroup=30%E2%80%9339&paymentStatus=due&sort=lastName&order=desc&page=3',
      ),
    ).toEqual({
      status: 'waitlisted',
      q: 'Ann',
      gender: 'nonbinary',
      ageGroup: '30–39',
      paymentStatus: 'due',
      checkedIn: null,
      sort: 'lastName',
      order: 'desc',
      page: 3,
    });
  });

  it('reads the check-in filter on the Registered tab, the one tab whose runners can be checked in', () => {
    expect(view('checkedIn=true').checkedIn).toBe(true);
    expect(view('checkedIn=false&paymentStatus=paid')).toEqual({
      ...DEFAULT,
      checkedIn: false,
      paymentStatus: 'paid',
    });
    expect(view('status=waitlisted&checkedIn=true').checkedIn).toBeNull();
    expect(view('status=cancelled&checkedIn=false').checkedIn).toBeNull();
  });

  it('falls back to the default for values the API does not know', () => {
    expect(
      view(
        'status=refunded&sort=email&order=up&page=-1&gender=other&ageGroup=%20&paymentStatus=PAID&checkedIn=yes',
      ),
    ).toEqual(DEFAULT);
  });

  it('reads the tabs of a paid race’s entries: held for payment, cancelled with money, expired', () => {
    expect(view('status=pending_payment').status).toBe('pending_payment');
    expect(view('status=cancelled&paymentStatus=refund_due')).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_due',
    });
    expect(view('status=expired').status).toBe('expired');
  });

  it('cuts a search to the length the API takes', () => {
    expect(view(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });
});

describe('toSearch', () => {
  it('leaves the defaults out', () => {
    expect(toSearch(DEFAULT)).toBe('');
    expect(toSearch({ ...DEFAULT, q: 'ann' })).toBe('?q=ann');
  });

  it('round-trips through readParticipantsView', () => {
    const shown: ParticipantsView = {
      status: 'waitlisted',
      q: 'Zoë & co',
      gender: 'unanswered',
      ageGroup: '70+',
      paymentStatus: 'partially_refunded',
      checkedIn: null,
      sort: 'timestamp',
      order: 'desc',
      page: 2,
    };
    expect(view(toSearch(shown).slice(1))).toEqual(shown);
  });

  it('writes the check-in filter as checkedIn=true|false, and reads it back', () => {
    expect(toSearch({ ...DEFAULT, checkedIn: true })).toBe('?checkedIn=true');
    expect(toSearch({ ...DEFAULT, checkedIn: false, page: 2 })).toBe('?checkedIn=false&page=2');
    for (const checkedIn of [true, false]) {
      const shown: ParticipantsView = { ...DEFAULT, q: 'lee', checkedIn };
      expect(view(toSearch(shown).slice(1))).toEqual(shown);
    }
  });
});

describe('readCheckedInParam', () => {
  it('maps the filter’s choices: true, false, and anything else for all', () => {
    expect(readCheckedInParam('true')).toBe(true);
    expect(readCheckedInParam('false')).toBe(false);
    expect(readCheckedInParam(null)).toBeNull();
    expect(readCheckedInParam('')).toBeNull();
    expect(readCheckedInParam('TRUE')).toBeNull();
  });
});

describe('sorting by a column header', () => {
  it('without a sort, the registered are by bib and the waitlist by place in line, ascending', () => {
    expect(getSortedColumn(DEFAULT)).toEqual({ column: 'bib', order: 'asc' });
    expect(getSortedColumn({ ...DEFAULT, status: 'waitlisted' })).toEqual({
      column: 'position',
      order: 'asc',
    });
  });

  it('a new column sorts ascending from the first page', () => {
    expect(sortBy({ ...DEFAULT, page: 4 }, 'lastName')).toEqual({ ...DEFAULT, sort: 'lastName' });
  });

  it('the sorted column turns the other way, then back', () => {
    const once = sortBy({ ...DEFAULT, sort: 'lastName' }, 'lastName');
    expect(once).toEqual({ ...DEFAULT, sort: 'lastName', order: 'desc' });
    expect(sortBy(once, 'lastName')).toEqual({ ...DEFAULT, sort: 'lastName', order: 'asc' });
  });

  it('the default column turns too: bib on the registered, place in line on the waitlist', () => {
    expect(getSortedColumn(sortBy(DEFAULT, 'bib'))).toEqual({ column: 'bib', order: 'desc' });
    const waitlist = { ...DEFAULT, status: 'waitlisted' as const };
    expect(sortBy(waitlist, 'position')).toEqual({ ...waitlist, order: 'desc' });
    expect(sortBy({ ...waitlist, sort: 'lastName' }, 'position')).toEqual(waitlist);
  });
});

describe('tabs and search', () => {
  it('another tab keeps the search and starts over in its own order', () => {
    const sorted: ParticipantsView = { ...DEFAULT, q: 'ann', sort: 'bib', order: 'desc', page: 2 };
    expect(withStatus(sorted, 'waitlisted')).toEqual({ ...DEFAULT, status: 'waitlisted', q: 'ann' });
  });

  it('another tab keeps the filters', () => {
    const filtered: ParticipantsView = {
      ...DEFAULT,
      gender: 'female',
      ageGroup: '20–29',
      paymentStatus: 'paid',
      page: 2,
    };
    expect(withStatus(filtered, 'cancelled')).toEqual({
      ...DEFAULT,
      status: 'cancelled',
      gender: 'female',
      ageGroup: '20–29',
      paymentStatus: 'paid',
    });
  });

  it('the check-in filter stays on the Registered tab and is dropped on the others', () => {
    const checkedIn: ParticipantsView = { ...DEFAULT, q: 'lee', checkedIn: false, page: 2 };
    expect(withStatus(checkedIn, 'waitlisted')).toEqual({ ...DEFAULT, status: 'waitlisted', q: 'lee' });
    expect(withStatus(checkedIn, 'registered')).toEqual({ ...DEFAULT, q: 'lee', checkedIn: false });
  });

  it('another filter starts on the first page in the same order; a refused one is dropped', () => {
    const sorted: ParticipantsView = { ...DEFAULT, sort: 'lastName', page: 3, gender: 'male' };
    expect(withFilters(sorted, { ageGroup: '40–49' })).toEqual({ ...sorted, ageGroup: '40–49', page: 1 });
    expect(withFilters(sorted, { gender: null })).toEqual({ ...sorted, gender: null, page: 1 });
    expect(withoutFilters({ ...sorted, ageGroup: '0–19' }, ['ageGroup'])).toEqual({ ...sorted, page: 1 });
    expect(withFilters(sorted, { paymentStatus: 'due' })).toEqual({
      ...sorted,
      paymentStatus: 'due',
      page: 1,
    });
    expect(withoutFilters({ ...sorted, paymentStatus: 'due' }, ['paymentStatus'])).toEqual({
      ...sorted,
      page: 1,
    });
    expect(withFilters(sorted, { checkedIn: true })).toEqual({ ...sorted, checkedIn: true, page: 1 });
    expect(withFilters({ ...sorted, checkedIn: true }, { checkedIn: null })).toEqual({ ...sorted, page: 1 });
    expect(withoutFilters({ ...sorted, checkedIn: false }, ['checkedIn'])).toEqual({ ...sorted, page: 1 });
  });

  it('another search starts on the first page, trimmed', () => {
    expect(withQuery({ ...DEFAULT, sort: 'lastName', page: 3 }, '  lee ')).toEqual({
      ...DEFAULT,
      sort: 'lastName',
      q: 'lee',
    });
  });
});

describe('API paths', () => {
  const shown: ParticipantsView = {
    status: 'waitlisted',
    q: 'a&b',
    gender: 'female',
    ageGroup: '30–39',
    paymentStatus: 'due',
    checkedIn: null,
    sort: 'lastName',
    order: 'desc',
    page: 2,
  };

  it('a page of the list carries the filters, the page and its size', () => {
    expect(getParticipantsApiPath('r1', shown, 25)).toBe(
      '/api/marathons/r1/participants?status=waitlisted&q=a%26b&gender=female&ageGroup=30%E2%80%9339&paymentStatus=due&sort=lastName&order=desc&page=2&limit=25',
    );
    expect(getParticipantsApiPath('r1', DEFAULT, 25)).toBe(
      '/api/marathons/r1/participants?status=registered&order=asc&page=1&limit=25',
    );
  });

  it('the list and the CSV carry the check-in filter as checkedIn=true|false', () => {
    expect(getParticipantsApiPath('r1', { ...DEFAULT, checkedIn: false }, 25)).toBe(
      '/api/marathons/r1/participants?status=registered&checkedIn=false&order=asc&page=1&limit=25',
    );
    expect(getParticipantsCsvPath('r1', { ...DEFAULT, checkedIn: true })).toBe(
      '/api/marathons/r1/participants.csv?status=registered&checkedIn=true&order=asc',
    );
  });

  it('the CSV carries the same filters and no paging: every row they match', () => {
    expect(getParticipantsCsvPath('r1', shown)).toBe(
      '/api/marathons/r1/participants.csv?status=waitlisted&q=a%26b&gender=female&ageGroup=30%E2%80%9339&paymentStatus=due&sort=lastName&order=desc',
    );
    expect(getParticipantsCsvPath('r 1', DEFAULT)).toBe(
      '/api/marathons/r%201/participants.csv?status=registered&order=asc',
    );
  });
});

describe('getEmptyText', () => {
  it('says what to do about an empty page', () => {
    expect(getEmptyText({ ...DEFAULT, q: 'zed' }, 0)).toBe('No participants match “zed”');
    expect(getEmptyText({ ...DEFAULT, ageGroup: '70+' }, 0)).toBe('No participants match these filters');
    expect(getEmptyText({ ...DEFAULT, status: 'waitlisted' }, 0)).toBe('No one is on the waitlist');
    expect(getEmptyText(DEFAULT, 0)).toBe('No one holds a place yet');
    expect(getEmptyText({ ...DEFAULT, paymentStatus: 'due' }, 0)).toBe('No participants match these filters');
    expect(getEmptyText({ ...DEFAULT, checkedIn: true }, 0)).toBe('No participants match these filters');
    expect(getEmptyText({ ...DEFAULT, checkedIn: false }, 0)).toBe('No participants match these filters');
    expect(getEmptyText({ ...DEFAULT, status: 'pending_payment' }, 0)).toBe('No place is held for payment');
    expect(getEmptyText({ ...DEFAULT, status: 'cancelled' }, 0)).toBe(
      'No entry with money on it was cancelled',
    );
    expect(getEmptyText({ ...DEFAULT, status: 'expired' }, 0)).toBe('No hold has expired');
    expect(getEmptyText({ ...DEFAULT, page: 9 }, 30)).toBe('This page is empty: the list is shorter now.');
  });
});
