import { describe, expect, it } from 'vitest';
import { DETAILS_MESSAGES } from './details-messages';
import { getRegistrationState } from './registration-window';

const race = {
  startRegDate: '2030-03-01T08:00:00.000Z',
  endRegDate: '2030-03-10T20:00:00.000Z',
  placesLeft: null,
  timeZone: 'Europe/Lisbon',
  entryMode: 'first_come',
} as const;
const soldOut = { ...race, placesLeft: 0 };
const at = (iso: string) => new Date(iso);
const during = at('2030-03-05T12:00:00.000Z');
const after = at('2031-01-01T00:00:00.000Z');
const registered = {
  status: 'registered',
  waitlistPosition: null,
  holdExpiresAt: null,
  ballot: null,
} as const;
const waitlisted = { status: 'waitlisted', waitlistPosition: 4, holdExpiresAt: null, ballot: null } as const;

describe('getRegistrationState', () => {
  it('is open from the start of registration to its end, both inclusive', () => {
    for (const now of [race.startRegDate, '2030-03-05T12:00:00.000Z', race.endRegDate]) {
      expect(getRegistrationState(race, at(now), null)).toEqual({ kind: 'open', joinsWaitlist: false });
    }
  });

  it('opens the waitlist instead while a limited race is sold out, and registration while it has places', () => {
    expect(getRegistrationState(soldOut, during, null)).toEqual({ kind: 'open', joinsWaitlist: true });
    expect(getRegistrationState({ ...race, placesLeft: 1 }, during, null)).toEqual({
      kind: 'open',
      joinsWaitlist: false,
    });
  });

  it('is closed before and after, naming the race-local dates it is open between, sold out or not', () => {
    const notice =
      'Registration is only available between Fri 1 Mar 2030, 08:00 WET and Sun 10 Mar 2030, 20:00 WET';
    const opensOn = 'Fri 1 Mar 2030, 08:00 WET';
    for (const [now, opens] of [
      ['2030-03-01T07:59:59.999Z', opensOn],
      ['2030-03-10T20:00:00.001Z', null],
    ] as const) {
      expect(getRegistrationState(race, at(now), null)).toEqual({ kind: 'closed', notice, opensOn: opens });
      expect(getRegistrationState(soldOut, at(now), null)).toEqual({
        kind: 'closed',
        notice,
        opensOn: opens,
      });
    }
  });

  it('is closed when a date cannot be read', () => {
    const state = getRegistrationState({ ...race, endRegDate: 'soon' }, during, null);
    expect(state).toEqual({
      kind: 'closed',
      notice: DETAILS_MESSAGES.onlyBetween('Fri 1 Mar 2030, 08:00 WET', 'Invalid date'),
      opensOn: null,
    });
  });

  it('tells a runner who has registered so, open or not', () => {
    expect(getRegistrationState(race, during, registered)).toEqual({ kind: 'registered', wonBallot: false });
    expect(getRegistrationState(race, after, registered)).toEqual({ kind: 'registered', wonBallot: false });
  });

  it('tells a runner on the waitlist their place in line, open or not', () => {
    for (const now of [during, after]) {
      expect(getRegistrationState(soldOut, now, waitlisted)).toEqual({
        kind: 'waitlisted',
        position: 4,
        fromBallot: false,
      });
    }
  });

  it('tells a runner paying online until when their place is held, race-local', () => {
    const held = {
      status: 'pending_payment',
      waitlistPosition: null,
      holdExpiresAt: '2030-03-05T12:30:00.000Z',
      ballot: null,
    } as const;
    expect(getRegistrationState(race, during, held)).toEqual({
      kind: 'held',
      until: 'Tue 5 Mar 2030, 12:30 WET',
      wonBallot: false,
    });
  });

  it('tells a runner whose hold was released, or whose entry was cancelled, so; it does not offer to register', () => {
    const kept = { waitlistPosition: null, holdExpiresAt: null, ballot: null } as const;
    expect(getRegistrationState(race, during, { ...kept, status: 'expired' })).toEqual({ kind: 'released' });
    expect(getRegistrationState(race, during, { ...kept, status: 'cancelled' })).toEqual({
      kind: 'cancelled',
    });
  });

  it('waits while it is not yet known whether the runner has an entry', () => {
    expect(getRegistrationState(race, during, undefined)).toEqual({ kind: 'checking' });
  });
});

describe('getRegistrationState of a race entered by ballot', () => {
  const ballotRace = { ...race, entryMode: 'ballot' } as const;
  const drawn = (outcome: 'won' | 'waitlisted', position: number) => ({ position, outcome });

  it('offers to enter the ballot while the window is open, full or not, and is closed outside it', () => {
    expect(getRegistrationState(ballotRace, during, null)).toEqual({ kind: 'ballotOpen' });
    expect(getRegistrationState({ ...ballotRace, placesLeft: 0 }, during, null)).toEqual({
      kind: 'ballotOpen',
    });
    expect(getRegistrationState(ballotRace, after, null)).toMatchObject({ kind: 'closed', opensOn: null });
  });

  it('tells a runner in the ballot so until the draw, open or closed', () => {
    const entered = { status: 'ballot', waitlistPosition: null, holdExpiresAt: null, ballot: null } as const;
    expect(getRegistrationState(ballotRace, during, entered)).toEqual({ kind: 'inBallot' });
    expect(getRegistrationState(ballotRace, after, entered)).toEqual({ kind: 'inBallot' });
  });

  it('says a place came from the ballot, registered or held while its runner pays', () => {
    expect(getRegistrationState(ballotRace, after, { ...registered, ballot: drawn('won', 3) })).toEqual({
      kind: 'registered',
      wonBallot: true,
    });
    const held = {
      status: 'pending_payment',
      waitlistPosition: null,
      holdExpiresAt: '2030-03-12T12:30:00.000Z',
      ballot: drawn('won', 1),
    } as const;
    expect(getRegistrationState(ballotRace, after, held)).toEqual({
      kind: 'held',
      until: 'Tue 12 Mar 2030, 12:30 WET',
      wonBallot: true,
    });
  });

  it('says the ballot put a runner on the waitlist, and not that they won once a place came to them later', () => {
    const inLine = { ...waitlisted, waitlistPosition: 2, ballot: drawn('waitlisted', 12) };
    expect(getRegistrationState(ballotRace, after, inLine)).toEqual({
      kind: 'waitlisted',
      position: 2,
      fromBallot: true,
    });
    expect(
      getRegistrationState(ballotRace, after, { ...registered, ballot: drawn('waitlisted', 12) }),
    ).toEqual({ kind: 'registered', wonBallot: false });
  });
});
