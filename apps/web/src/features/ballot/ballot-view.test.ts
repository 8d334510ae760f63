import { describe, expect, it } from 'vitest';
import { BALLOT_ALGORITHM, type Ballot } from '@stride/shared';
import { getBallotFacts, getDrawState } from './ballot-view';

const SEED = 'a'.repeat(64);
const COMMITMENT = 'b'.repeat(64);
const open: Ballot = {
  marathonId: 'm1',
  entryMode: 'ballot',
  ballotDrawAt: '2030-03-12T09:00:00.000Z',
  entries: 1234,
  places: 500,
  seedCommitment: null,
  seed: null,
  drawnAt: null,
  winners: null,
  algorithm: BALLOT_ALGORITHM,
};
const drawn: Ballot = {
  ...open,
  seedCommitment: COMMITMENT,
  seed: SEED,
  drawnAt: '2030-03-12T09:00:01.000Z',
  winners: 500,
};
const race = { endRegDate: '2030-03-10T20:00:00.000Z', timeZone: 'Europe/Lisbon' };

describe('getBallotFacts', () => {
  it('says what is still to be published while entries are open', () => {
    expect(getBallotFacts(open, 'Europe/Lisbon')).toEqual([
      { term: 'Entries', description: '1,234' },
      { term: 'Places', description: '500' },
      { term: 'Draw', description: 'Tue 12 Mar 2030, 09:00 WET' },
      { term: 'Seed commitment (SHA-256)', description: 'Published when entries close' },
      { term: 'Seed', description: 'Published at the draw' },
      { term: 'Drawn at', description: 'Not drawn yet' },
      { term: 'Algorithm', description: BALLOT_ALGORITHM },
    ]);
  });

  it('gives the commitment once entries close, then the seed, when it was drawn and the winners', () => {
    expect(getBallotFacts({ ...open, seedCommitment: COMMITMENT }, 'UTC')).toContainEqual({
      term: 'Seed commitment (SHA-256)',
      description: COMMITMENT,
      isHash: true,
    });
    const facts = getBallotFacts(drawn, 'Europe/Lisbon');
    expect(facts).toContainEqual({ term: 'Seed', description: SEED, isHash: true });
    expect(facts).toContainEqual({ term: 'Drawn at', description: 'Tue 12 Mar 2030, 09:00 WET' });
    expect(facts).toContainEqual({ term: 'Winners', description: '500' });
  });

  it('says every entry wins in a race without a limit', () => {
    expect(getBallotFacts({ ...open, places: null }, 'UTC')).toContainEqual({
      term: 'Places',
      description: 'No limit: every entry wins',
    });
  });
});

describe('getDrawState', () => {
  it('waits for entries to close, saying when (race-local); then the ballot can be drawn early', () => {
    expect(getDrawState(open, race, new Date(race.endRegDate))).toEqual({
      kind: 'waiting',
      hint: 'The ballot can be drawn once entries close on Sun 10 Mar 2030, 20:00 WET.',
    });
    expect(getDrawState(open, race, new Date('2030-03-10T20:00:00.001Z'))).toEqual({ kind: 'ready' });
  });

  it('is drawn once it was, whenever', () => {
    expect(getDrawState(drawn, race, new Date('2030-03-01T00:00:00.000Z'))).toEqual({ kind: 'drawn' });
  });
});
