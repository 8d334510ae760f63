import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A ballot's draw (issue 35), public and verifiable: the seed is committed to (its SHA-256 published) when the
 * entry window closes and published at the draw, and anyone can recompute the order from the seed and the
 * entries' ids:
 * 1. the entries' ids sorted as text, byte by byte;
 * 2. Fisher–Yates from the end: for i = n−1 down to 1, the next HMAC-SHA256 keyed with the seed's 32 bytes over
 *    an 8-byte big-endian counter (0, 1, 2, …), its first 8 bytes read as an unsigned big-endian number, j = that
 *    mod (i+1); swap the entries at i and j.
 */

const SEED_BYTES = 32;

/** A new seed: 32 random bytes as 64 lower-case hex digits. */
export const newBallotSeed = () => randomBytes(SEED_BYTES).toString('hex');

/** The seed's commitment: the hex SHA-256 of its 32 bytes. */
export const ballotCommitment = (seedHex: string) =>
  createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** Ids sorted as text byte by byte (not by locale): UTF-8 bytes compared in order. */
export function byteOrder(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** The entries' ids in drawn order, from the seed (64 hex digits). */
export function drawOrder(ids: readonly string[], seedHex: string): string[] {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('A ballot seed is 64 lower-case hex digits');
  const key = Buffer.from(seedHex, 'hex');
  const order = byteOrder(ids);
  const counter = Buffer.alloc(8);
  let next = 0n;
  for (let i = order.length - 1; i >= 1; i -= 1) {
    counter.writeBigUInt64BE(next);
    next += 1n;
    const value = createHmac('sha256', key).update(counter).digest().readBigUInt64BE(0);
    const j = Number(value % BigInt(i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
