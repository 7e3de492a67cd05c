import { LRUCache } from 'lru-cache';
import type { Cache } from './cache.ts';

interface Slot<V> {
  value: V;
  expiresAt: number;
}

export interface MemoryCacheOptions<V> {
  /** The budget: the least recently used entries go while the values' sizes add up to more. */
  maxBytes: number;
  /** An entry's size in bytes, honestly estimated (its key included when keys are long). */
  sizeOf: (value: V, key: string) => number;
  now: () => number;
  /** An optional bound on the number of entries too. */
  maxEntries?: number;
  /**
   * Called when an entry leaves for good: evicted past the budget, expired, deleted or cleared (not
   * when `set` replaces it), so an index pointing at it can drop its own entries.
   */
  onRemove?: (key: string, value: V) => void;
}

/**
 * An in-process LRU cache with expiry, bounded by size (lru-cache, the library npm itself uses:
 * decisions, "Public menu at many restaurants"). Expiry is checked here against the injected clock,
 * so tests can move time; an expired entry is dropped when read, or evicted as the least recently
 * used. A value larger than the whole budget is not kept at all.
 */
export function createMemoryCache<V>(options: MemoryCacheOptions<V>): Cache<V> {
  const onRemove = options.onRemove;
  const lru = new LRUCache<string, Slot<V>>({
    maxSize: options.maxBytes,
    ...(options.maxEntries ? { max: options.maxEntries } : {}),
    // lru-cache refuses a size of 0.
    sizeCalculation: (slot, key) => Math.max(1, Math.ceil(options.sizeOf(slot.value, key))),
    ...(onRemove
      ? {
          dispose: (slot: Slot<V>, key: string, reason: LRUCache.DisposeReason) => {
            if (reason !== 'set') onRemove(key, slot.value);
          },
        }
      : {}),
  });
  let hits = 0;
  let misses = 0;

  return {
    get(key) {
      const slot = lru.get(key);
      if (slot && slot.expiresAt <= options.now()) lru.delete(key);
      else if (slot) {
        hits += 1;
        return slot.value;
      }
      misses += 1;
      return undefined;
    },
    has(key) {
      const slot = lru.peek(key);
      return slot !== undefined && slot.expiresAt > options.now();
    },
    set(key, value, expiresAt) {
      lru.set(key, { value, expiresAt });
    },
    delete(key) {
      lru.delete(key);
    },
    clear() {
      lru.clear();
    },
    *entries() {
      const at = options.now();
      for (const key of lru.rkeys()) {
        const slot = lru.peek(key);
        if (slot && slot.expiresAt > at) yield [key, slot.value];
      }
    },
    get size() {
      return lru.size;
    },
    stats() {
      return { entries: lru.size, bytes: lru.calculatedSize, maxBytes: options.maxBytes, hits, misses };
    },
  };
}
