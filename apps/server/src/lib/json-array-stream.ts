import { Readable } from 'node:stream';

/**
 * A row of a list the database writes as JSON itself, with the keys of its order to read on after it, and
 * optionally a tag naming something the row shows that may change without the row (see the stream's `tags`).
 */
export type JsonListRow = { after_at: string; after_id: string; json: string; tag?: string | null };

/** A list as it is read; `tags`, the tags of its rows, is whole once the list has all been read. */
export type JsonArrayStream = Readable & { tags: ReadonlySet<string> };

/** Where a list read in the order (created_at, id) descending starts: before everything. */
export const LIST_START = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' } as const;

export type ListPosition = { at: string; id: string };

/**
 * A JSON array read `chunkSize` rows at a time, each chunk after the last row of the one before (keyset, so no
 * row comes twice), written out as it comes: the server holds one chunk of a long list, never all of it. The
 * first chunk is read before anything is sent, so a failing database still gets a proper error answer.
 */
export async function streamJsonArray(
  readChunk: (after: ListPosition) => Promise<JsonListRow[]>,
  chunkSize: number,
): Promise<JsonArrayStream> {
  const first = await readChunk(LIST_START);
  const tags = new Set<string>();
  async function* chunks() {
    let rows = first;
    let opening = '[';
    while (rows.length > 0) {
      for (const { tag } of rows) if (tag) tags.add(tag);
      yield `${opening}${rows.map((row) => row.json).join(',')}`;
      opening = ',';
      if (rows.length < chunkSize) break;
      const last = rows.at(-1)!;
      rows = await readChunk({ at: last.after_at, id: last.after_id });
    }
    yield opening === '[' ? '[]' : ']';
  }
  return Object.assign(Readable.from(chunks(), { objectMode: false }), { tags });
}
