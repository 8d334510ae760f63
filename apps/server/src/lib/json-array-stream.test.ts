import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type JsonListRow, LIST_START, type ListPosition, streamJsonArray } from './json-array-stream.js';

/** A list of `size` rows read `chunkSize` at a time, remembering where each read started. */
function listOf(size: number) {
  const rows: JsonListRow[] = Array.from({ length: size }, (_, index) => ({
    after_at: `at-${index}`,
    after_id: `id-${index}`,
    json: JSON.stringify({ n: index, text: 'a "quoted" word' }),
  }));
  const reads: ListPosition[] = [];
  const readChunk = (chunkSize: number) => async (after: ListPosition) => {
    reads.push(after);
    const start = after === LIST_START ? 0 : rows.findIndex((row) => row.after_id === after.id) + 1;
    return rows.slice(start, start + chunkSize);
  };
  return { rows, reads, readChunk };
}

describe('streamJsonArray', () => {
  it.each([0, 1, 2, 3, 7])(
    'writes a list of %i rows read 3 at a time as one JSON array, in order',
    async (size) => {
      const list = listOf(size);

      const body = await text(await streamJsonArray(list.readChunk(3), 3));

      expect(JSON.parse(body)).toEqual(list.rows.map((row) => JSON.parse(row.json)));
    },
  );

  it('reads each chunk after the last row of the one before, and stops at a short chunk', async () => {
    const list = listOf(7);

    await text(await streamJsonArray(list.readChunk(3), 3));

    expect(list.reads).toEqual([LIST_START, { at: 'at-2', id: 'id-2' }, { at: 'at-5', id: 'id-5' }]);
  });

  it('reads once more after a full last chunk, to find it was the last', async () => {
    const list = listOf(6);

    await text(await streamJsonArray(list.readChunk(3), 3));

    expect(list.reads).toHaveLength(3);
  });

  it('fails before anything is sent when the first read fails', async () => {
    await expect(streamJsonArray(() => Promise.reject(new Error('database down')), 3)).rejects.toThrow(
      'database down',
    );
  });
});
