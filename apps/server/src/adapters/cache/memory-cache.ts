import type { Cache } from './cache.ts';

interface Slot<V> {
  value: V;
  expiresAt: number;
  bytes: number;
}

export interface MemoryCacheOptions<V> {
  maxEntries: number;
  now: () => number;
  /** With `sizeOf`: the least recently used entries go while the values' sizes add up to more. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

/**
 * An in-process LRU cache with expiry, bounded by a number of entries and optionally by size. A
 * `Map` keeps insertion order, so re-inserting on read makes the first key the least recently used
 * one, which goes first when the cache is full. The clock is injected so tests can move time.
 */
export function createMemoryCache<V>(options: MemoryCacheOptions<V>): Cache<V> {
  const slots = new Map<string, Slot<V>>();
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let bytes = 0;

  const remove = (key: string) => {
    const slot = slots.get(key);
    if (!slot) return;
    slots.delete(key);
    bytes -= slot.bytes;
  };

  return {
    get(key) {
      const slot = slots.get(key);
      if (!slot) return undefined;
      if (slot.expiresAt <= options.now()) {
        remove(key);
        return undefined;
      }
      // Most recently used goes last. Cheap: a delete and an insert on a Map.
      slots.delete(key);
      slots.set(key, slot);
      return slot.value;
    },
    set(key, value, expiresAt) {
      remove(key);
      const size = options.sizeOf ? options.sizeOf(value) : 0;
      // A value larger than the whole budget is not kept at all.
      if (size > maxBytes) return;
      slots.set(key, { value, expiresAt, bytes: size });
      bytes += size;
      while (slots.size > options.maxEntries || bytes > maxBytes) {
        const oldest = slots.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
    },
    delete(key) {
      remove(key);
    },
    clear() {
      slots.clear();
      bytes = 0;
    },
    *entries() {
      const at = options.now();
      for (const [key, slot] of slots) if (slot.expiresAt > at) yield [key, slot.value];
    },
    get size() {
      return slots.size;
    },
  };
}
