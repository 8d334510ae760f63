import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createReadThroughCache } from './expiring-cache.js';
import { keepWhileSending, keptOrStreamed } from './kept-streams.js';

describe('keepWhileSending', () => {
  it('sends the body as it is and keeps the whole of it once sent', async () => {
    const kept: Buffer[] = [];

    const sent = await text(
      keepWhileSending(Readable.from(['[1,', '2]']), 100, (whole) =>
        kept.push(whole ?? Buffer.from('nothing')),
      ),
    );

    expect(sent).toBe('[1,2]');
    expect(kept.map(String)).toEqual(['[1,2]']);
  });

  it('sends a body larger than the bound whole, and keeps nothing of it', async () => {
    const kept: Buffer[] = [];

    const sent = await text(
      keepWhileSending(Readable.from(['[1,', '2]']), 4, (whole) =>
        kept.push(whole ?? Buffer.from('nothing')),
      ),
    );

    expect(sent).toBe('[1,2]');
    expect(kept.map(String)).toEqual(['nothing']);
  });

  it('keeps nothing of a body whose reading fails', async () => {
    const kept: Buffer[] = [];
    async function* failing() {
      yield '[1,';
      throw new Error('database down');
    }

    await expect(
      text(
        keepWhileSending(Readable.from(failing()), 100, (whole) =>
          kept.push(whole ?? Buffer.from('nothing')),
        ),
      ),
    ).rejects.toThrow('database down');
    expect(kept.map(String)).toEqual(['nothing']);
  });
});

describe('keptOrStreamed', () => {
  const listCache = () => createReadThroughCache<Buffer>({ maxEntries: 10, maxAgeMs: 60_000 });
  /** A list body streamed by the database, counting how often it is opened. */
  const databaseList = () => {
    const list = {
      opened: 0,
      open: async () => {
        list.opened++;
        return Readable.from(['[1,', '2]']);
      },
    };
    return list;
  };

  it('streams the first read, keeps it once sent, and answers the next from memory', async () => {
    const cache = listCache();
    const list = databaseList();
    const { open } = list;

    const first = await keptOrStreamed(cache, 'runner', 100, open);
    expect(first).toBeInstanceOf(Readable);
    expect(await text(first as Readable)).toBe('[1,2]');
    const second = await keptOrStreamed(cache, 'runner', 100, open);

    expect(String(second)).toBe('[1,2]');
    expect(list.opened).toBe(1);
  });

  it('lets reads that come while the first streams wait for its copy', async () => {
    const cache = listCache();
    const list = databaseList();
    const { open } = list;

    const first = await keptOrStreamed(cache, 'runner', 100, open);
    const waiting = keptOrStreamed(cache, 'runner', 100, open);
    await text(first as Readable);

    expect(String(await waiting)).toBe('[1,2]');
    expect(list.opened).toBe(1);
  });

  it('lets waiting reads stream their own when the first keeps nothing (too large)', async () => {
    const cache = listCache();
    const list = databaseList();
    const { open } = list;

    const first = await keptOrStreamed(cache, 'runner', 4, open);
    const waiting = keptOrStreamed(cache, 'runner', 4, open);
    await text(first as Readable);

    expect(await text((await waiting) as Readable)).toBe('[1,2]');
    expect(list.opened).toBe(2);
  });

  it('fails a read whose stream cannot open, and the next read tries again', async () => {
    const cache = listCache();

    await expect(
      keptOrStreamed(cache, 'runner', 100, () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    const next = await keptOrStreamed(cache, 'runner', 100, async () => Readable.from(['[]']));

    expect(await text(next as Readable)).toBe('[]');
  });
});
