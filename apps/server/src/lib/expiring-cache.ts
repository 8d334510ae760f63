/**
 * A bounded in-memory map whose entries lapse at their own deadline. When full, the oldest entry goes first.
 * For values a server process may reuse briefly instead of asking the database again.
 */
export function createExpiringCache<V>({
  maxEntries,
  now = Date.now,
}: {
  maxEntries: number;
  now?: () => number;
}) {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() >= entry.expiresAt) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V, expiresAt: number): void {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type ExpiringCache<V> = ReturnType<typeof createExpiringCache<V>>;

/**
 * A read-through cache: `read(key, load)` answers from memory for `maxAgeMs`, else loads and keeps the result,
 * unless something was forgotten while it loaded (the loaded value may predate that write, so it is not kept).
 */
export function createReadThroughCache<V>({
  maxEntries,
  maxAgeMs,
}: {
  maxEntries: number;
  maxAgeMs: number;
}) {
  const cache = createExpiringCache<V>({ maxEntries });
  let generation = 0;
  return {
    async read(key: string, load: () => Promise<V>): Promise<V> {
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const loadedIn = generation;
      const value = await load();
      if (generation === loadedIn) cache.set(key, value, Date.now() + maxAgeMs);
      return value;
    },
    forget(key: string): void {
      generation += 1;
      cache.delete(key);
    },
    forgetAll(): void {
      generation += 1;
      cache.clear();
    },
  };
}
