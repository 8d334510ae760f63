import { describe, expect, it } from 'vitest';
import { getBallotLine, isBallotPending } from './ballot-line';

const ballotRace = {
  entryMode: 'ballot',
  endRegDate: '2030-03-10T20:00:00.000Z',
  ballotDrawAt: '2030-03-12T09:00:00.000Z',
  ballotDrawnAt: null,
  ballotCount: 1234,
  timeZone: 'Europe/Lisbon',
} as const;

describe('getBallotLine', () => {
  it('names the end of entries and the draw as the race’s clocks read them, and how many entered', () => {
    expect(getBallotLine(ballotRace)).toBe(
      'Ballot: enter by Sun 10 Mar 2030, 20:00 WET, draw on Tue 12 Mar 2030, 09:00 WET — 1,234 entered',
    );
    expect(getBallotLine({ ...ballotRace, timeZone: 'Asia/Tokyo', ballotCount: 0 })).toBe(
      'Ballot: enter by Mon 11 Mar 2030, 05:00 GMT+9, draw on Tue 12 Mar 2030, 18:00 GMT+9 — 0 entered',
    );
  });

  it('says when the ballot was drawn, once it was', () => {
    expect(getBallotLine({ ...ballotRace, ballotDrawnAt: '2030-03-12T09:00:02.000Z' })).toBe(
      'Ballot: drawn on Tue 12 Mar 2030, 09:00 WET — 1,234 entered',
    );
  });

  it('is none for a race entered first come', () => {
    expect(
      getBallotLine({ ...ballotRace, entryMode: 'first_come', ballotDrawAt: null, ballotCount: 0 }),
    ).toBeNull();
  });
});

describe('isBallotPending', () => {
  it('is true for a ballot race until its draw only', () => {
    expect(isBallotPending(ballotRace)).toBe(true);
    expect(isBallotPending({ ...ballotRace, ballotDrawnAt: '2030-03-12T09:00:02.000Z' })).toBe(false);
    expect(isBallotPending({ entryMode: 'first_come', ballotDrawnAt: null })).toBe(false);
  });
});
