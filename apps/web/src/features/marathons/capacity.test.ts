import { describe, expect, it } from 'vitest';
import { getPlacesText, getRunnersText } from './capacity';

/** A race entered first come: its places are taken one by one. */
const firstCome = { entryMode: 'first_come', ballotDrawnAt: null } as const;

describe('getPlacesText', () => {
  it('counts the places a limited race has left, one in the singular', () => {
    expect(getPlacesText({ ...firstCome, placesLeft: 12, waitlistCount: 0 })).toBe('12 places left');
    expect(getPlacesText({ ...firstCome, placesLeft: 1, waitlistCount: 0 })).toBe('1 place left');
    expect(getPlacesText({ ...firstCome, placesLeft: 100_000, waitlistCount: 0 })).toBe(
      '100,000 places left',
    );
  });

  it('says a full race is sold out, with how many runners are on its waitlist', () => {
    expect(getPlacesText({ ...firstCome, placesLeft: 0, waitlistCount: 3 })).toBe(
      'Sold out — 3 on the waitlist',
    );
    expect(getPlacesText({ ...firstCome, placesLeft: 0, waitlistCount: 0 })).toBe(
      'Sold out — 0 on the waitlist',
    );
  });

  it('says nothing for a race without a limit', () => {
    expect(getPlacesText({ ...firstCome, placesLeft: null, waitlistCount: 0 })).toBeNull();
  });

  it('says nothing of a ballot not drawn yet, and how full the race is once drawn', () => {
    const ballot = { entryMode: 'ballot', placesLeft: 100, waitlistCount: 0 } as const;
    expect(getPlacesText({ ...ballot, ballotDrawnAt: null })).toBeNull();
    expect(getPlacesText({ ...ballot, ballotDrawnAt: '2030-03-12T08:00:00.000Z', placesLeft: 0 })).toBe(
      'Sold out — 0 on the waitlist',
    );
  });
});

describe('getRunnersText', () => {
  it('gives registered / limit and the waitlist of a limited race', () => {
    expect(getRunnersText({ totalRegistrationCount: 7, capacity: 10, waitlistCount: 2 })).toBe(
      '7 / 10, waitlist 2',
    );
    expect(getRunnersText({ totalRegistrationCount: 0, capacity: 5, waitlistCount: 0 })).toBe(
      '0 / 5, waitlist 0',
    );
  });

  it('writes large counts with thousands separators', () => {
    expect(getRunnersText({ totalRegistrationCount: 12_345, capacity: 20_000, waitlistCount: 1_500 })).toBe(
      '12,345 / 20,000, waitlist 1,500',
    );
  });

  it('gives the registered count of a race without a limit', () => {
    expect(getRunnersText({ totalRegistrationCount: 7, capacity: null, waitlistCount: 0 })).toBe(
      '7 / no limit',
    );
  });

  it('still shows runners in line after a limit was lifted', () => {
    expect(getRunnersText({ totalRegistrationCount: 7, capacity: null, waitlistCount: 1 })).toBe(
      '7 / no limit, waitlist 1',
    );
  });
});
