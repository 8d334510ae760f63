import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createReadThroughCache } from './expiring-cache.js';
import { keepWhileSending, keptOrStreamed } from './kept-streams.js';

describe('keepWhileSending', () => {
  /** Sends `[1,2]` in two chunks through keepWhileSending; what it kept, `nothing` for null. */
  async function sendTwoChunks(maxBytes: number): Promise<{ sent: string; kept: string[] }> {
    const kept: Buffer[] = [];
    const sent = await text(
      keepWhileSending(Readable.from(['[1,', '2]']), maxBytes, (whole) =>
        kept.push(whole ?? Buffer.from('nothing')),
      ),
    );
    return { sent, kept: kept.map(String) };
  }

  it('sends the body as it is and keeps the whole of it once sent', async () => {
    const { sent, kept } = await sendTwoChunks(100);

    expect(sent).toBe('[1,2]');
    expect(kept).toEqual(['[1,2]']);
  });

  it('sends a body larger than the bound whole, and keeps nothing of it', async () => {
    const { sent, kept } = await sendTwoChunks(4);

    expect(sent).toBe('[1,2]');
    expect(kept).toEqual(['nothing']);
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

  /** A first read, and a second that comes while the first streams; the first is read to its end. */
  async function readWhileTheFirstStreams(maxBytes: number) {
    const cache = listCache();
    const list = databaseList();
    const first = await keptOrStreamed(cache, 'runner', maxBytes, list.open);
    const waiting = keptOrStreamed(cache, 'runner', maxBytes, list.open);
    await text(first as Readable);
    return { second: await waiting, list };
  }

  it('lets reads that come while the first streams wait for its copy', async () => {
    const { second, list } = await readWhileTheFirstStreams(100);

    expect(String(second)).toBe('[1,2]');
    expect(list.opened).toBe(1);
  });

  it('lets waiting reads stream their own when the first keeps nothing (too large)', async () => {
    const { second, list } = await readWhileTheFirstStreams(4);

    expect(await text(second as Readable)).toBe('[1,2]');
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
