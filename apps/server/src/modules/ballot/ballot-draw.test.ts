import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BALLOT_ALGORITHM, ballotCommitment, byteOrder, drawOrder, newBallotSeed } from './ballot-draw.js';

/**
 * The draw as a reader of the public record would write it, from the words alone, with WebCrypto and
 * plain arrays: no code shared with the server's.
 */
async function recompute(ids: string[], seedHex: string): Promise<string[]> {
  const seed = new Uint8Array(seedHex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const key = await webcrypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const encoder = new TextEncoder();
  const compare = (a: string, b: string) => {
    const x = encoder.encode(a);
    const y = encoder.encode(b);
    for (let k = 0; k < Math.min(x.length, y.length); k += 1) if (x[k] !== y[k]) return x[k]! - y[k]!;
    return x.length - y.length;
  };
  const order = [...ids].sort(compare);
  let counter = 0;
  for (let i = order.length - 1; i >= 1; i -= 1) {
    const message = new DataView(new ArrayBuffer(8));
    message.setUint32(0, Math.floor(counter / 2 ** 32));
    message.setUint32(4, counter % 2 ** 32);
    counter += 1;
    const mac = new DataView(await webcrypto.subtle.sign('HMAC', key, message.buffer));
    const value = (BigInt(mac.getUint32(0)) << 32n) | BigInt(mac.getUint32(4));
    const j = Number(value % BigInt(i + 1));
    const held = order[i]!;
    order[i] = order[j]!;
    order[j] = held;
  }
  return order;
}

async function sha256Hex(seedHex: string) {
  const bytes = new Uint8Array(seedHex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

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
