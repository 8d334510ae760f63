import { describe, expect, it } from 'vitest';
import { createKeyedBatcher } from './keyed-batcher.js';

/** A batch runner whose batches finish when the test says so; it records what each batch held. */
function controlledRunner() {
  const batches: Array<{ key: string; items: number[]; finish: (error?: Error) => void }> = [];
  const run = (key: string, items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        key,
        items,
        finish: (error) => (error ? reject(error) : resolve(items.map((item) => `${key}:${item}`))),
      });
    });
  return { batches, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createKeyedBatcher', () => {
  it('starts an item for an idle key at the end of the turn, with the items of that turn', async () => {
    const { batches, run } = controlledRunner();
    const batcher = createKeyedBatcher(run, { maxBatch: 10 });

    const results = [batcher.submit('race-1', 1), batcher.submit('race-1', 2)];
    expect(batches).toEqual([]);
    await settle();

    expect(batches.map((batch) => batch.items)).toEqual([[1, 2]]);
    batches[0]!.finish();
    expect(await Promise.all(results)).toEqual(['race-1:1', 'race-1:2']);
  });

  it('gathers the items that arrive during a batch into the next, in order, at most maxBatch each', async () => {
    const { batches, run } = controlledRunner();
    const batcher = createKeyedBatcher(run, { maxBatch: 3 });

    const first = batcher.submit('race-1', 1);
    await settle();
    const results = [first, ...[2, 3, 4, 5, 6].map((item) => batcher.submit('race-1', item))];
    batches[0]!.finish();
    await settle();
    batches[1]!.finish();
    await settle();
    batches[2]!.finish();

    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5, 6].map((item) => `race-1:${item}`));
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('splits a turn with more than maxBatch items', async () => {
    const { batches, run } = controlledRunner();
    const batcher = createKeyedBatcher(run, { maxBatch: 2 });

    const results = [1, 2, 3].map((item) => batcher.submit('race-1', item));
    await settle();
    batches[0]!.finish();
    await settle();
    batches[1]!.finish();

    expect(await Promise.all(results)).toEqual([1, 2, 3].map((item) => `race-1:${item}`));
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2], [3]]);
  });

  it('never makes one key wait for another', async () => {
    const { batches, run } = controlledRunner();
    const batcher = createKeyedBatcher(run, { maxBatch: 10 });

    void batcher.submit('race-1', 1);
    const other = batcher.submit('race-2', 2);
    await settle();

    expect(batches.map((batch) => batch.key)).toEqual(['race-1', 'race-2']);
    batches[1]!.finish();
    await expect(other).resolves.toBe('race-2:2');
  });

  it('fails only the batch that failed, and goes on with the next', async () => {
    const { batches, run } = controlledRunner();
    const batcher = createKeyedBatcher(run, { maxBatch: 10 });

    const failing = batcher.submit('race-1', 1);
    await settle();
    const next = batcher.submit('race-1', 2);
    batches[0]!.finish(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    await settle();
    batches[1]!.finish();

    await expect(next).resolves.toBe('race-1:2');
  });

  it('starts afresh once a key has gone idle', async () => {
    const { batches, run } = controlledRunner();
    const batcher = createKeyedBatcher(run, { maxBatch: 10 });

    const first = batcher.submit('race-1', 1);
    await settle();
    batches[0]!.finish();
    await first;
    const second = batcher.submit('race-1', 2);
    await settle();

    expect(batches.map((batch) => batch.items)).toEqual([[1], [2]]);
    batches[1]!.finish();
    await expect(second).resolves.toBe('race-1:2');
  });
});
