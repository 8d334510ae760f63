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
