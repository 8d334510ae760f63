import { describe, expect, it } from 'vitest';
import {
  formatDateTimeInZone,
  formatDayInZone,
  formatIsoInZone,
  formatLongDayInZone,
  fromZonedDateTimeValue,
  isTimeZone,
  listTimeZones,
  timeZoneShortName,
  toZonedDateTimeValue,
} from './time-zones.js';

describe('isTimeZone', () => {
  it('knows the IANA names of the runtime and UTC', () => {
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(listTimeZones()).toContain('America/New_York');
  });

  it('refuses anything else', () => {
    for (const name of ['Europe/Atlantis', 'europe/lisbon', 'GMT+2', '', 'Lisbon']) {
      expect(isTimeZone(name)).toBe(false);
    }
  });
});

describe('formatDateTimeInZone', () => {
  it('reads the instant where the race is, with the zone’s short name', () => {
    expect(formatDateTimeInZone('2027-03-14T08:00:00.000Z', 'Europe/Lisbon')).toBe(
      'Sun 14 Mar 2027, 08:00 WET',
    );
    expect(formatDateTimeInZone('2027-03-14T08:00:00.000Z', 'Europe/Berlin')).toBe(
      'Sun 14 Mar 2027, 09:00 CET',
    );
    expect(formatDateTimeInZone('2027-03-14T00:00:00.000Z', 'Asia/Tokyo')).toBe(
      'Sun 14 Mar 2027, 09:00 GMT+9',
    );
    expect(formatDateTimeInZone('2027-03-14T13:00:00.000Z', 'America/New_York')).toBe(
      'Sun 14 Mar 2027, 09:00 EDT',
    );
    expect(formatDateTimeInZone('2027-03-14T08:00:00.000Z', 'UTC')).toBe('Sun 14 Mar 2027, 08:00 UTC');
  });

  it('follows summer time: the same zone has another name and offset in July', () => {
    expect(formatDateTimeInZone('2027-07-04T08:00:00.000Z', 'Europe/Lisbon')).toBe(
      'Sun 4 Jul 2027, 09:00 WEST',
    );
    expect(timeZoneShortName('2027-07-04T08:00:00.000Z', 'Europe/Berlin')).toBe('CEST');
  });

  it('gives the long day alone', () => {
    expect(formatLongDayInZone('2027-03-13T23:30:00.000Z', 'Europe/Berlin')).toBe('Sun 14 Mar 2027');
  });
});

describe('formatIsoInZone', () => {
  it('is ISO 8601 with the zone’s offset at that instant; UTC keeps its Z', () => {
    expect(formatIsoInZone('2027-03-14T08:00:00.000Z', 'Europe/Berlin')).toBe('2027-03-14T09:00:00+01:00');
    expect(formatIsoInZone('2027-07-14T08:00:00.000Z', 'America/New_York')).toBe('2027-07-14T04:00:00-04:00');
    expect(formatIsoInZone('2027-03-14T08:00:00.000Z', 'Asia/Kolkata')).toBe('2027-03-14T13:30:00+05:30');
    expect(formatIsoInZone('2027-03-14T08:00:00.000Z', 'UTC')).toBe('2027-03-14T08:00:00.000Z');
    expect(Date.parse(formatIsoInZone('2027-03-14T08:00:00.000Z', 'Asia/Tokyo'))).toBe(
      Date.parse('2027-03-14T08:00:00.000Z'),
    );
  });

  it('changes offset at the very second the clocks change, and agrees with Intl on every second around it', () => {
    // Lisbon moves to summer time at 01:00 UTC on 28 March 2027; Kathmandu is +05:45 all year.
    expect(formatIsoInZone('2027-03-28T00:59:59.999Z', 'Europe/Lisbon')).toBe('2027-03-28T00:59:59+00:00');
    expect(formatIsoInZone('2027-03-28T01:00:00.000Z', 'Europe/Lisbon')).toBe('2027-03-28T02:00:00+01:00');
    expect(formatIsoInZone('2027-03-28T01:14:59.000Z', 'Asia/Kathmandu')).toBe('2027-03-28T06:59:59+05:45');
    for (let second = -900; second <= 900; second += 7) {
      const instant = new Date(Date.parse('2027-03-28T01:00:00Z') + second * 1000);
      const [day, time] = formatIsoInZone(instant, 'Europe/Lisbon').split('T');
      expect(day).toBe(formatDayInZone(instant, 'Europe/Lisbon'));
      expect(Date.parse(`${day}T${time}`)).toBe(Math.floor(instant.getTime() / 1000) * 1000);
    }
  });
});

describe('formatDayInZone', () => {
  it('is the race-local day, which may not be the UTC one', () => {
    expect(formatDayInZone('2027-03-13T20:00:00.000Z', 'Asia/Tokyo')).toBe('2027-03-14');
    expect(formatDayInZone('2027-03-14T02:00:00.000Z', 'America/New_York')).toBe('2027-03-13');
  });
});

describe('zoned date-time values (the date pickers)', () => {
  it('round-trips a race time in any zone', () => {
    const instant = fromZonedDateTimeValue('2027-03-14T09:00', 'Asia/Tokyo');
    expect(instant?.toISOString()).toBe('2027-03-14T00:00:00.000Z');
    expect(toZonedDateTimeValue(instant!, 'Asia/Tokyo')).toBe('2027-03-14T09:00');
    expect(toZonedDateTimeValue(instant!, 'America/New_York')).toBe('2027-03-13T19:00');
  });

  it('reads the night summer time starts: before, after, and the hour that does not exist', () => {
    // Berlin: 2027-03-28 02:00 CET becomes 03:00 CEST (01:00 UTC).
    expect(fromZonedDateTimeValue('2027-03-28T01:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2027-03-28T00:30:00.000Z',
    );
    expect(fromZonedDateTimeValue('2027-03-28T03:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    const skipped = fromZonedDateTimeValue('2027-03-28T02:30', 'Europe/Berlin');
    expect(toZonedDateTimeValue(skipped!, 'Europe/Berlin')).toBe('2027-03-28T03:30');
  });

  it('takes the first of an hour shown twice when summer time ends', () => {
    // Berlin: 2027-10-31 03:00 CEST becomes 02:00 CET (01:00 UTC): 02:30 happens at 00:30 and 01:30 UTC.
    expect(fromZonedDateTimeValue('2027-10-31T02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2027-10-31T00:30:00.000Z',
    );
  });

  it('refuses what is not a date and time', () => {
    for (const value of [
      '',
      '2027-02-30T09:00',
      '2027-13-01T09:00',
      '2027-03-14T24:00',
      '14/03/2027 09:00',
    ]) {
      expect(fromZonedDateTimeValue(value, 'UTC')).toBeNull();
    }
  });
});
