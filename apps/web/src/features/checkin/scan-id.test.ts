import { afterEach, describe, expect, it, vi } from 'vitest';
import { newScanId } from './scan-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newScanId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a version 4 UUID, a new one each time', () => {
    const ids = new Set(Array.from({ length: 50 }, newScanId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('makes one from random bytes where crypto.randomUUID is missing (a page over plain http)', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const ids = new Set(Array.from({ length: 50 }, newScanId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });
});
