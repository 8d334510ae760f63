import { describe, expect, it } from 'vitest';
import { checkinSummary, checkinText, formatCheckinTime } from './checkins';

/** A race starting at 08:00 on Sunday 14 March 2027 in New York (12:00 UTC, clocks on summer time that day). */
const RACE = { timeZone: 'America/New_York', startDate: '2027-03-14T12:00:00.000Z' };

describe('formatCheckinTime', () => {
  it('gives HH:mm as the race’s clocks read it on the day the race starts', () => {
    expect(formatCheckinTime('2027-03-14T11:42:10.000Z', RACE)).toBe('07:42');
    // 00:30 UTC on the 15th is still the 14th in New York.
    expect(formatCheckinTime('2027-03-15T00:30:00.000Z', RACE)).toBe('20:30');
  });

  it('gives the date too on another day of the race’s, though it be the start day in UTC', () => {
    // 02:00 UTC on the 14th is the 13th, 21:00, in New York: a bib picked up the evening before.
    expect(formatCheckinTime('2027-03-14T02:00:00.000Z', RACE)).toBe('2027-03-13 21:00');
    expect(formatCheckinTime('2027-03-16T13:05:00.000Z', RACE)).toBe('2027-03-16 09:05');
  });
});

describe('checkinText', () => {
  it('is the time for a registered runner checked in, "Not yet" for one who is not', () => {
    expect(checkinText({ status: 'registered', checkedInAt: '2027-03-14T11:42:10.000Z' }, RACE)).toBe(
      '07:42',
    );
    expect(checkinText({ status: 'registered', checkedInAt: null }, RACE)).toBe('Not yet');
  });

  it('is empty for an entry that holds no place', () => {
    for (const status of ['waitlisted', 'pending_payment', 'cancelled', 'expired'] as const) {
      expect(checkinText({ status, checkedInAt: null }, RACE)).toBe('');
      expect(checkinText({ status, checkedInAt: '2027-03-14T11:42:10.000Z' }, RACE)).toBe('');
    }
  });
});

describe('checkinSummary', () => {
  it('counts the registered runners checked in of all registered, as people read numbers', () => {
    const summary = checkinSummary({ checkedIn: 812, counts: { registered: 2400, waitlisted: 30 } });
    expect(summary).toEqual({ value: '812', detail: 'of 2,400 checked in' });
    expect(`${summary!.value} ${summary!.detail}`).toBe('812 of 2,400 checked in');
    expect(checkinSummary({ checkedIn: 0, counts: { registered: 3, waitlisted: 0 } })).toEqual({
      value: '0',
      detail: 'of 3 checked in',
    });
  });

  it('is left out before anyone holds a place', () => {
    expect(checkinSummary({ checkedIn: 0, counts: { registered: 0, waitlisted: 4 } })).toBeNull();
  });
});
