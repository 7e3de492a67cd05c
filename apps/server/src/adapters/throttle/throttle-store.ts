/** A count and the moment it is forgotten (milliseconds since the epoch, of the injected clock). */
export interface ThrottleCounter {
  count: number;
  expiresAt: number;
}

/**
 * Where throttle counts live, keyed by strings. The memory store serves one server process; the
 * Redis store (redis-throttle-store.ts, with REDIS_URL) shares the counts between instances.
 */
export interface ThrottleStore {
  /** Adds one to the key's count; the count is then forgotten `windowMs` after this hit. */
  hit(key: string, windowMs: number): Promise<ThrottleCounter>;
  /** The key's count, or null when it has none or it was forgotten. */
  get(key: string): Promise<ThrottleCounter | null>;
  delete(keys: string[]): Promise<void>;
}

/** Entries kept at most; past it, expired ones are swept and then the oldest dropped. */
const defaultMaxEntries = 100_000;

export function createMemoryThrottleStore(options: {
  now: () => number;
  maxEntries?: number;
}): ThrottleStore {
  const counters = new Map<string, ThrottleCounter>();
  const maxEntries = options.maxEntries ?? defaultMaxEntries;

  const live = (key: string): ThrottleCounter | null => {
    const counter = counters.get(key);
    if (!counter) return null;
    if (counter.expiresAt > options.now()) return counter;
    counters.delete(key);
    return null;
  };

  // Keys come from client addresses and typed names, so the map must not grow without bound.
  const makeRoom = () => {
    if (counters.size < maxEntries) return;
    const now = options.now();
    for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
    for (const key of counters.keys()) {
      if (counters.size < maxEntries) break;
      counters.delete(key);
    }
  };

  return {
    async hit(key, windowMs) {
      const previous = live(key);
      if (!previous) makeRoom();
      const counter = { count: (previous?.count ?? 0) + 1, expiresAt: options.now() + windowMs };
      // Re-inserted so the map's order stays oldest-hit first for makeRoom.
      counters.delete(key);
      counters.set(key, counter);
      return { ...counter };
    },
    async get(key) {
      const counter = live(key);
      return counter ? { ...counter } : null;
    },
    async delete(keys) {
      for (const key of keys) counters.delete(key);
    },
  };
}
