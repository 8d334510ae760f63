import { type Readable, Transform, pipeline } from 'node:stream';
import type { ReadThroughCache } from './expiring-cache.js';

/**
 * A body kept in `cache` under `key`, or else streamed by `open` as it is read: a long list goes out without the
 * server holding all of it first, and is kept, once sent, if it is at most `maxBytes` (with the stream's `tags`,
 * once it has all been read). Reads of the key while it streams wait for that copy instead of each streaming
 * from the database.
 */
export async function keptOrStreamed(
  cache: ReadThroughCache<Buffer>,
  key: string,
  maxBytes: number,
  open: () => Promise<Readable & { tags?: ReadonlySet<string> }>,
): Promise<Buffer | Readable> {
  const found = cache.lookup(key);
  if (found.kind === 'kept') return found.value;
  if (found.kind === 'loading') return (await found.loaded) ?? open();
  if (found.kind === 'not kept') return open();
  let body: Readable & { tags?: ReadonlySet<string> };
  try {
    body = await open();
  } catch (error) {
    found.settle(undefined);
    throw error;
  }
  return keepWhileSending(body, maxBytes, (whole) => found.settle(whole, body.tags));
}

/**
 * `body` passed through as it is sent; `settle` gets, once, the whole of it as one Buffer after all of it has
 * gone, or undefined when it grew past `maxBytes` (then nothing more is held back for it), failed or was cut off.
 */
export function keepWhileSending(
  body: Readable,
  maxBytes: number,
  settle: (whole: Buffer | undefined) => void,
): Readable {
  let parts: Buffer[] = [];
  let bytes = 0;
  let settled = false;
  const settleOnce = (whole: Buffer | undefined) => {
    if (settled) return;
    settled = true;
    settle(whole);
  };
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes <= maxBytes) parts.push(chunk);
      else parts = [];
      done(null, chunk);
    },
    flush(done) {
      settleOnce(bytes <= maxBytes ? Buffer.concat(parts, bytes) : undefined);
      done();
    },
  });
  // A failing read destroys the tee as well, so the answer is cut off rather than left hanging.
  return pipeline(body, tee, (error) => {
    if (error) settleOnce(undefined);
  });
}
