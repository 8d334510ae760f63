import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BALLOT_ALGORITHM } from '@stride/shared';
import { recomputeDraw as recompute, sha256Hex } from '../../testing/ballot-recompute.js';
import { ballotCommitment, byteOrder, drawOrder, newBallotSeed } from './ballot-draw.js';

const ids = (count: number) =>
  Array.from({ length: count }, (): string => webcrypto.randomUUID()).concat([
    'Z-upper',
    'a-lower',
    'é-accent',
  ]);

describe('the ballot draw (issue 35)', () => {
  it.each([0, 1, 2, 3, 10, 257])(
    'gives the order an independent recomputation gives, for %i entries',
    async (count) => {
      const seed = newBallotSeed();
      const entries = count === 0 ? [] : ids(count).slice(0, count);
      expect(drawOrder(entries, seed)).toEqual(await recompute(entries, seed));
    },
  );

  it('is a permutation that depends on the seed, not on the order the entries come in', () => {
    const entries = ids(200);
    const seed = newBallotSeed();
    const drawn = drawOrder(entries, seed);
    expect([...drawn].sort()).toEqual([...entries].sort());
    expect(drawOrder([...entries].reverse(), seed)).toEqual(drawn);
    expect(drawOrder(entries, newBallotSeed())).not.toEqual(drawn);
  });

  it('commits to the seed with the SHA-256 of its 32 bytes, both in lower-case hex', async () => {
    const seed = newBallotSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(ballotCommitment(seed)).toBe(await sha256Hex(seed));
    expect(ballotCommitment(seed)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sorts ids by their bytes, not by locale: upper case before lower case, accents last', () => {
    expect(byteOrder(['b', 'é', 'B', 'a'])).toEqual(['B', 'a', 'b', 'é']);
  });

  it('refuses a seed that is not 64 lower-case hex digits, and names its algorithm', () => {
    expect(() => drawOrder(['a'], 'ABC')).toThrow(/64 lower-case hex/);
    expect(BALLOT_ALGORITHM).toMatch(/hmac-sha256-fisher-yates/);
  });
});
