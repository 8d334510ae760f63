/** Handles the items of one key together: the results come back in the items' order. */
export type RunBatch<Item, Result> = (key: string, items: Item[]) => Promise<Result[]>;

/**
 * Runs work one batch at a time per key. An item for an idle key starts at the end of this turn of the event
 * loop, together with the items for that key that arrived in the same turn; items that arrive while their key's
 * batch runs wait and go together in the next one (at most `maxBatch` each), in arrival order. A burst on one key
 * (a sell-out: thousands of runners, one race) then costs one statement and one commit per batch instead of one
 * per item, while different keys never wait for each other. The end of the turn matters where the database runs
 * in this thread (PGlite): its statements block the loop, so a batch started at once would finish, and with it
 * the whole request, before the next request is even read, and no batch would ever hold more than one item.
 */
export function createKeyedBatcher<Item, Result>(
  runBatch: RunBatch<Item, Result>,
  { maxBatch }: { maxBatch: number },
) {
  type Pending = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  /** Per key with a batch due or running: the items waiting for the next one. */
  const waiting = new Map<string, Pending[]>();

  async function drain(key: string, first: Pending[]): Promise<void> {
    for (let batch = first; batch.length > 0; batch = waiting.get(key)!.splice(0, maxBatch)) {
      try {
        const results = await runBatch(
          key,
          batch.map((pending) => pending.item),
        );
        batch.forEach((pending, index) => pending.resolve(results[index]!));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    waiting.delete(key);
  }

  return {
    submit(key: string, item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        const queue = waiting.get(key);
        if (queue) {
          queue.push({ item, resolve, reject });
          return;
        }
        const arrived = [{ item, resolve, reject }];
        waiting.set(key, arrived);
        setImmediate(() => void drain(key, arrived.splice(0, maxBatch)));
      });
    },
  };
}

export type KeyedBatcher<Item, Result> = ReturnType<typeof createKeyedBatcher<Item, Result>>;
