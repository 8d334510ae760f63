/** How many entries a cache keeps at most and, with `sizeOf` telling each value's bytes, how many bytes. */
export type CacheBounds<V> = { maxEntries: number; maxBytes?: number; sizeOf?: (value: V) => number };

/**
 * A bounded in-memory map whose entries lapse at their own deadline. When full (entries or bytes), the oldest
 * entries go first; a value larger than the whole byte bound is not kept at all. An entry may carry tags (what
 * it shows, e.g. a race's waitlist), by which `deleteTagged` drops every entry showing that thing. For values a
 * server process may reuse briefly instead of asking the database again.
 */
export function createExpiringCache<V>({
  maxEntries,
  maxBytes = Number.POSITIVE_INFINITY,
  sizeOf = () => 0,
  now = Date.now,
}: CacheBounds<V> & { now?: () => number }) {
  const entries = new Map<
    string,
    { value: V; expiresAt: number; bytes: number; tags: ReadonlySet<string> | undefined }
  >();
  /** The keys of the entries that carry each tag. */
  const keysByTag = new Map<string, Set<string>>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
    for (const tag of entry.tags ?? []) {
      const keys = keysByTag.get(tag)!;
      keys.delete(key);
      if (keys.size === 0) keysByTag.delete(tag);
    }
  };
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() >= entry.expiresAt) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V, expiresAt: number, tags?: ReadonlySet<string>): void {
      remove(key);
      const size = sizeOf(value);
      if (size > maxBytes) return;
      while (entries.size > 0 && (entries.size >= maxEntries || bytes + size > maxBytes)) {
        remove(entries.keys().next().value!);
      }
      const kept = tags !== undefined && tags.size > 0 ? tags : undefined;
      entries.set(key, { value, expiresAt, bytes: size, tags: kept });
      bytes += size;
      for (const tag of kept ?? []) {
        const keys = keysByTag.get(tag);
        if (keys) keys.add(key);
        else keysByTag.set(tag, new Set([key]));
      }
    },
    delete: remove,
    /** Drops every entry that carries `tag`. */
    deleteTagged(tag: string): void {
      for (const key of [...(keysByTag.get(tag) ?? [])]) remove(key);
    },
    clear(): void {
      entries.clear();
      keysByTag.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    /** The bytes of the values kept, as `sizeOf` counts them. */
    get bytes() {
      return bytes;
    },
  };
}

export type ExpiringCache<V> = ReturnType<typeof createExpiringCache<V>>;

/** What a read-through cache has for a key (see {@link createReadThroughCache}'s `lookup`). */
export type CacheLookup<V> =
  | { kind: 'kept'; value: V }
  /** Another read is loading it: its value once loaded, or undefined when that load kept nothing. */
  | { kind: 'loading'; loaded: Promise<V | undefined> }
  /** This read loads it and must call `settle` exactly once: with the value to keep (and its tags), or undefined. */
  | { kind: 'load'; settle: (value: V | undefined, tags?: ReadonlySet<string>) => void }
  /** The cache keeps nothing (a maximum age of 0). */
  | { kind: 'not kept' };

/**
 * A read-through cache: `read(key, load)` answers from memory for `maxAgeMs`, else loads and keeps the result,
 * unless something was forgotten while it loaded (the loaded value may predate that write, so it is not kept).
 * Reads of a key that is being loaded wait for that load rather than each asking the database again.
 */
export function createReadThroughCache<V>({ maxAgeMs, ...bounds }: CacheBounds<V> & { maxAgeMs: number }) {
  const cache = createExpiringCache<V>(bounds);
  const loads = new Map<string, Promise<V | undefined>>();
  let generation = 0;

  /** For values that arrive in parts (a streamed body), where `read`'s one-call load does not fit. */
  const lookup = (key: string): CacheLookup<V> => {
    const value = cache.get(key);
    if (value !== undefined) return { kind: 'kept', value };
    if (maxAgeMs <= 0) return { kind: 'not kept' };
    const loading = loads.get(key);
    if (loading) return { kind: 'loading', loaded: loading };
    const loadedIn = generation;
    let resolve!: (value: V | undefined) => void;
    const loaded = new Promise<V | undefined>((settle) => (resolve = settle));
    loads.set(key, loaded);
    return {
      kind: 'load',
      settle: (value, tags) => {
        if (loads.get(key) === loaded) loads.delete(key);
        const kept = value !== undefined && generation === loadedIn ? value : undefined;
        if (kept !== undefined) cache.set(key, kept, Date.now() + maxAgeMs, tags);
        resolve(kept);
      },
    };
  };

  return {
    lookup,
    async read(key: string, load: () => Promise<V>): Promise<V> {
      const found = lookup(key);
      if (found.kind === 'kept') return found.value;
      if (found.kind === 'loading') return (await found.loaded) ?? load();
      if (found.kind === 'not kept') return load();
      try {
        const value = await load();
        found.settle(value);
        return value;
      } catch (error) {
        found.settle(undefined);
        throw error;
      }
    },
    forget(key: string): void {
      generation += 1;
      cache.delete(key);
    },
    /** Forgets every value kept with `tag`. */
    forgetTagged(tag: string): void {
      generation += 1;
      cache.deleteTagged(tag);
    },
    forgetAll(): void {
      generation += 1;
      cache.clear();
    },
  };
}

export type ReadThroughCache<V> = ReturnType<typeof createReadThroughCache<V>>;
