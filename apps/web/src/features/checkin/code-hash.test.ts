import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256, sha256Hex } from './code-hash';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256 (the fallback for pages without crypto.subtle)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('gives the FIPS 180-4 digest of %j', (text, digest) => {
    expect(hex(sha256(new TextEncoder().encode(text)))).toBe(digest);
  });

  it('agrees with Node for messages across the block boundaries and non-ASCII text', () => {
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 200]) {
      const text = 'x'.repeat(length);
      expect(hex(sha256(new TextEncoder().encode(text)))).toBe(nodeSha256(text));
    }
    expect(hex(sha256(new TextEncoder().encode('Zoë Ørsted ✓')))).toBe(nodeSha256('Zoë Ørsted ✓'));
  });
});

describe('sha256Hex', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hashes a check-in code as the roster holds it, with crypto.subtle', async () => {
    expect(await sha256Hex('k3Jd9Qm2vX7pL0aZ4tRw8Y')).toBe(nodeSha256('k3Jd9Qm2vX7pL0aZ4tRw8Y'));
  });

  it('hashes the same without crypto.subtle (a page over plain http)', async () => {
    vi.stubGlobal('crypto', {});
    expect(await sha256Hex('k3Jd9Qm2vX7pL0aZ4tRw8Y')).toBe(nodeSha256('k3Jd9Qm2vX7pL0aZ4tRw8Y'));
  });
});
