/** Handles the items of one key together: the results come back in the items' order. */
export type RunBatch<Item, Result> = (key: string, items: Item[]) => Promise<Result[]>;

/**
 * Runs work one batch at a time per key. An item for an idle key starts at once, alone; items that arrive while
 * their key's batch runs wait and go together in the next one (at most `maxBatch`), in arrival order. A burst
 * on one key (a sell-out: thousands of runners, one race) then costs one statement and one commit per batch
 * instead of one per item, while different keys never wait for each other.
 */
export function createKeyedBatcher<Item, Result>(
  runBatch: RunBatch<Item, Result>,
  { maxBatch }: { maxBatch: number },
) {
  type Pending = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  /** Per key with a batch running: the items waiting for the next one. */
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
        waiting.set(key, []);
        void drain(key, [{ item, resolve, reject }]);
      });
    },
  };
}

export type KeyedBatcher<Item, Result> = ReturnType<typeof createKeyedBatcher<Item, Result>>;
