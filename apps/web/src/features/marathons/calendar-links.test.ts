import { describe, expect, it } from 'vitest';
import { getGoogleCalendarUrl, toCalendarUtc } from './calendar-links';

const race = {
  title: 'River Run, 10k; early start',
  startDate: '2030-04-06T07:30:00.000Z',
  location: 'Dhaka & Co',
  distance: '10k' as const,
  timeZone: 'Asia/Dhaka',
};
const raceUrl = 'https://stride.example/marathon-details/abc-123';

const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('toCalendarUtc', () => {
  it('writes a moment as YYYYMMDDTHHMMSSZ in UTC, without milliseconds', () => {
    expect(toCalendarUtc(new Date('2030-04-06T07:30:05.250Z'))).toBe('20300406T073005Z');
    expect(toCalendarUtc(new Date('2030-12-31T23:59:59+02:00'))).toBe('20301231T215959Z');
  });
});

describe('getGoogleCalendarUrl', () => {
  it("opens Google Calendar's event template with the race's title, dates, time zone, location and page", () => {
    const url = getGoogleCalendarUrl(race, raceUrl)!;
    expect(url.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    expect(paramsOf(url)).toEqual({
      action: 'TEMPLATE',
      text: 'River Run, 10k; early start',
      dates: '20300406T073000Z/20300406T093000Z',
      ctz: 'Asia/Dhaka',
      location: 'Dhaka & Co',
      details: raceUrl,
    });
  });

  it('keeps the parameters in the documented order and encodes what a query cannot hold', () => {
    const url = getGoogleCalendarUrl({ ...race, distance: '25k', title: 'A&B=C #1' }, raceUrl)!;
    expect([...new URL(url).searchParams.keys()]).toEqual([
      'action',
      'text',
      'dates',
      'ctz',
      'location',
      'details',
    ]);
    expect(url).not.toContain('A&B');
    expect(paramsOf(url).text).toBe('A&B=C #1');
    expect(paramsOf(url).dates).toBe('20300406T073000Z/20300406T113000Z');
  });

  it('gives no link for a start date it cannot read', () => {
    expect(getGoogleCalendarUrl({ ...race, startDate: 'not a date' }, raceUrl)).toBeNull();
  });
});
