import { describe, expect, it } from 'vitest';
import { type DailyCount, raceStats, revenueOf } from './race-stats.js';

const race = {
  capacity: 100,
  pending: 0,
  startRegDate: new Date('2027-03-01T18:00:00Z'),
  endRegDate: new Date('2027-03-05T06:00:00Z'),
  timeZone: 'UTC',
};

const dates = (stats: ReturnType<typeof raceStats>) => stats.days.map((day) => day.date);

describe('raceStats', () => {
  it('has a day from the opening day to today, empty days included, with a running total', () => {
    const daily: DailyCount[] = [
      { day: '2027-03-01', status: 'registered', count: 2 },
      { day: '2027-03-03', status: 'registered', count: 3 },
      { day: '2027-03-03', status: 'waitlisted', count: 1 },
    ];

    const stats = raceStats(race, daily, new Date('2027-03-03T23:59:00Z'));

    expect(stats).toEqual({
      capacity: 100,
      placesLeft: 95,
      counts: { registered: 5, waitlisted: 1 },
      pendingCount: 0,
      registrationsToday: 4,
      days: [
        { date: '2027-03-01', registered: 2, waitlisted: 0, cumulativeRegistered: 2 },
        { date: '2027-03-02', registered: 0, waitlisted: 0, cumulativeRegistered: 2 },
        { date: '2027-03-03', registered: 3, waitlisted: 1, cumulativeRegistered: 5 },
      ],
    });
  });

  it('stops at the closing day once it has passed, counting later entries on it', () => {
    const daily: DailyCount[] = [
      { day: '2027-02-20', status: 'registered', count: 1 },
      { day: '2027-03-04', status: 'waitlisted', count: 2 },
      { day: '2027-03-09', status: 'registered', count: 4 },
    ];

    const stats = raceStats(race, daily, new Date('2027-03-09T12:00:00Z'));

    expect(dates(stats)).toEqual(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05']);
    expect(stats.days[0]).toMatchObject({ registered: 1, cumulativeRegistered: 1 });
    expect(stats.days[4]).toMatchObject({ registered: 4, cumulativeRegistered: 5 });
    expect(stats.days.reduce((sum, day) => sum + day.waitlisted, 0)).toBe(stats.counts.waitlisted);
    expect(stats.registrationsToday).toBe(4);
  });

  it('has no days before the window opens', () => {
    const stats = raceStats({ ...race, capacity: null }, [], new Date('2027-02-28T23:59:59Z'));

    expect(stats).toEqual({
      capacity: null,
      placesLeft: null,
      counts: { registered: 0, waitlisted: 0 },
      pendingCount: 0,
      registrationsToday: 0,
      days: [],
    });
  });

  it('has one day on the opening day, and no places left below zero', () => {
    const stats = raceStats(
      { ...race, capacity: 2 },
      [{ day: '2027-03-01', status: 'registered', count: 3 }],
      new Date('2027-03-01T00:00:00Z'),
    );

    expect(dates(stats)).toEqual(['2027-03-01']);
    expect(stats.placesLeft).toBe(0);
  });

  it('counts days where the race is run: today in Tokyo is tomorrow in UTC after 15:00', () => {
    const tokyo = { ...race, timeZone: 'Asia/Tokyo' };
    const daily: DailyCount[] = [{ day: '2027-03-04', status: 'registered', count: 2 }];

    // 16:00 UTC on 3 March is 01:00 on 4 March in Tokyo: the race's today is the 4th.
    const stats = raceStats(tokyo, daily, new Date('2027-03-03T16:00:00Z'));

    // The window opened at 18:00 UTC on 1 March, 03:00 on 2 March in Tokyo.
    expect(dates(stats)).toEqual(['2027-03-02', '2027-03-03', '2027-03-04']);
    expect(stats.registrationsToday).toBe(2);
  });
});

describe('raceStats with entries held or kept without a place', () => {
  it('counts only registered and waitlisted entries per day, and leaves the held places out of those left', () => {
    const daily: DailyCount[] = [
      { day: '2027-03-02', status: 'registered', count: 4 },
      { day: '2027-03-02', status: 'pending_payment', count: 3 },
      { day: '2027-03-02', status: 'cancelled', count: 2 },
      { day: '2027-03-02', status: 'expired', count: 5 },
      { day: '2027-03-02', status: 'waitlisted', count: 1 },
    ];

    const stats = raceStats({ ...race, capacity: 10, pending: 3 }, daily, new Date('2027-03-02T12:00:00Z'));

    expect(stats).toMatchObject({
      capacity: 10,
      placesLeft: 3,
      pendingCount: 3,
      counts: { registered: 4, waitlisted: 1 },
      registrationsToday: 5,
    });
    expect(stats.days.at(-1)).toEqual({
      date: '2027-03-02',
      registered: 4,
      waitlisted: 1,
      cumulativeRegistered: 4,
    });
  });
});

describe('revenueOf', () => {
  it('nets the money received against the money given back', () => {
    expect(
      revenueOf({ currency: 'EUR', paid: 13_500, refunded: 2_250, due: 4_500, refundsDue: 1_000 }),
    ).toEqual({ currency: 'EUR', paid: 13_500, refunded: 2_250, net: 11_250, due: 4_500, refundsDue: 1_000 });
  });
});
