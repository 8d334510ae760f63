import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  buildRaceCalendar,
  buildRegistrationCalendar,
  calendarAttachment,
  raceCalendarUid,
  registrationCalendarUid,
} from './calendar.js';
import type { RaceFacts } from './mail-payloads.js';

const race: RaceFacts = {
  id: 'race-42',
  title: 'Spring Marathon',
  startDate: '2027-05-01T09:00:00.000Z',
  location: 'Paris',
  distance: '25k',
  calendarSequence: 3,
};

/** What a calendar program reads from the file: the calendar and its only event. */
function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = events[0]!;
  const time = (name: string) => {
    const value = event.getFirstPropertyValue(name) as ICAL.Time;
    return { instant: value.toJSDate().toISOString(), zone: value.zone?.tzid };
  };
  return {
    method: calendar.getFirstPropertyValue('method'),
    prodId: calendar.getFirstPropertyValue('prodid'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    start: time('dtstart'),
    end: time('dtend'),
    stamp: time('dtstamp'),
    summary: event.getFirstPropertyValue('summary'),
    location: event.getFirstPropertyValue('location'),
    url: event.getFirstPropertyValue('url'),
    description: event.getFirstPropertyValue('description'),
    status: event.getFirstPropertyValue('status'),
  };
}

describe('calendar UIDs', () => {
  it('scope the id to the host name of the public URL, without port or path', () => {
    expect(raceCalendarUid('race-42', 'https://stride.example:8443/base')).toBe(
      'race-race-42@stride.example',
    );
    expect(registrationCalendarUid('reg-7', 'http://localhost:3000')).toBe('registration-reg-7@localhost');
  });
});

describe('buildRaceCalendar', () => {
  const raceUrl = 'http://localhost:3000/marathon-details/race-42';

  it('publishes the race as one event a calendar program reads back', () => {
    const before = Date.now();
    const ics = buildRaceCalendar({
      race,
      uid: 'registration-reg-7@localhost',
      method: 'PUBLISH',
      raceUrl,
      description: 'Your 25k race',
    });

    const parsed = parseCalendar(ics);
    expect(parsed).toMatchObject({
      method: 'PUBLISH',
      prodId: expect.stringContaining('Stride'),
      uid: 'registration-reg-7@localhost',
      sequence: 3,
      start: { instant: '2027-05-01T09:00:00.000Z', zone: 'UTC' },
      end: { instant: '2027-05-01T13:00:00.000Z', zone: 'UTC' },
      summary: 'Spring Marathon',
      location: 'Paris',
      url: raceUrl,
      description: 'Your 25k race',
      status: null,
    });
    // DTSTAMP has whole seconds.
    expect(Date.parse(parsed.stamp.instant)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it('writes the times in the race’s own zone, with the VTIMEZONE that zone needs', () => {
    const ics = buildRaceCalendar({
      race: { ...race, timeZone: 'Europe/Lisbon' },
      uid: 'race-race-42@localhost',
      method: 'PUBLISH',
      raceUrl,
    });

    expect(ics).toContain('DTSTART;TZID=Europe/Lisbon:20270501T100000');
    expect(ics).toContain('DTEND;TZID=Europe/Lisbon:20270501T140000');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const zone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstPropertyValue('tzid')).toBe('Europe/Lisbon');
    ICAL.TimezoneService.register(zone);
    expect(parseCalendar(ics).start).toEqual({ instant: '2027-05-01T09:00:00.000Z', zone: 'Europe/Lisbon' });
    expect(zone.getFirstSubcomponent('standard')!.getFirstPropertyValue('tzname')).toBe('WEST');
    ICAL.TimezoneService.remove('Europe/Lisbon');
  });

  it('stamps a race in another zone in UTC, as RFC 5545 requires of DTSTAMP', () => {
    const before = Date.now();
    const ics = buildRaceCalendar({
      race: { ...race, timeZone: 'Europe/Berlin' },
      uid: 'race-race-42@localhost',
      method: 'PUBLISH',
      raceUrl,
    });

    expect(ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20270501T110000');
    const stamp = Date.parse(parseCalendar(ics).stamp.instant);
    expect(stamp).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(stamp).toBeLessThanOrEqual(Date.now());
  });

  it('writes the lines RFC 5545 asks for: CRLF endings, at most 75 octets each', () => {
    const ics = buildRaceCalendar({
      race: { ...race, title: `Très long titre 🏃‍♀️ ${'étape '.repeat(40)}` },
      uid: 'race-race-42@localhost',
      method: 'PUBLISH',
      raceUrl,
    });

    expect(ics).not.toMatch(/[^\r]\n/);
    const lines = ics.split('\r\n');
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('round-trips hostile titles and locations: separators, quotes, markup, emoji, RTL, long text', () => {
    const title = `Run, jump; "sprint" \\ <script>alert(1)</script> & <a href="x">🏃‍♀️🇫🇷</a> مرحبا ${'x'.repeat(250)}`;
    const location = 'Quai de la Tournelle, 75005 Paris; gate "B" \\ 🗼 שלום';
    const description = 'Line one: a, b; c';

    const parsed = parseCalendar(
      buildRaceCalendar({
        race: { ...race, title, location },
        uid: 'race-race-42@localhost',
        method: 'PUBLISH',
        raceUrl,
        description,
      }),
    );

    expect(parsed.summary).toBe(title);
    expect(parsed.location).toBe(location);
    expect(parsed.description).toBe(description);
  });

  it('leaves DESCRIPTION out when none is given', () => {
    const ics = buildRaceCalendar({ race, uid: 'race-race-42@localhost', method: 'PUBLISH', raceUrl });

    expect(ics).not.toContain('DESCRIPTION');
  });

  it('cancels the event as a newer revision of the same UID', () => {
    const parsed = parseCalendar(
      buildRaceCalendar({ race, uid: 'registration-reg-7@localhost', method: 'CANCEL', raceUrl }),
    );

    expect(parsed).toMatchObject({
      method: 'CANCEL',
      uid: 'registration-reg-7@localhost',
      status: 'CANCELLED',
      sequence: race.calendarSequence + 1,
      start: { instant: '2027-05-01T09:00:00.000Z' },
    });
  });
});

describe('buildRegistrationCalendar', () => {
  const registration = {
    id: 'reg-7',
    firstName: 'Ana',
    lastName: 'Lopes',
    contact: '+351 912 345 678',
    info: '',
  };

  it.each([
    ['10k', '10k', '2027-05-01T11:00:00.000Z'],
    ['21.1k', 'Half marathon (21.1 km)', '2027-05-01T12:30:00.000Z'],
    ['42.2k', 'Marathon (42.2 km)', '2027-05-01T15:00:00.000Z'],
    ['100k', '100k', '2027-05-01T23:00:00.000Z'],
  ] as const)('gives a %s race its name and the time the distance takes', (distance, label, end) => {
    const parsed = parseCalendar(
      buildRegistrationCalendar(
        { race: { ...race, distance }, registration },
        'PUBLISH',
        'http://localhost:3000',
      ),
    );

    expect(parsed.end.instant).toBe(end);
    expect(parsed.description).toBe(`Distance: ${label}. Registered as Ana Lopes (registration reg-7).`);
  });
});

describe('calendarAttachment', () => {
  it('names the method in the content type, as calendar-aware mail programs expect', () => {
    expect(calendarAttachment('BEGIN:VCALENDAR…', 'CANCEL')).toEqual({
      filename: 'race.ics',
      content: 'BEGIN:VCALENDAR…',
      contentType: 'text/calendar; charset=utf-8; method=CANCEL',
    });
    expect(calendarAttachment('x', 'PUBLISH', 'spring.ics')).toMatchObject({
      filename: 'spring.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
  });
});
