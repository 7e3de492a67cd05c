/**
 * A cache of computed values (decisions §2). Synchronous on purpose: the public menu reads it on
 * every request, and with REDIS_URL the values stay in each process's memory anyway — only the drops
 * travel between instances (invalidations.ts).
 */
export interface Cache<V> {
  /** The value, or undefined when absent or expired (counted as a hit or a miss). */
  get(key: string): V | undefined;
  /** Whether a live value is held, without counting a read or making it the most recently used. */
  has(key: string): boolean;
  /** Stores a value until `expiresAt` (epoch milliseconds). */
  set(key: string, value: V, expiresAt: number): void;
  delete(key: string): void;
  clear(): void;
  /** The live entries (expired ones skipped), least recently used first. */
  entries(): IterableIterator<[string, V]>;
  readonly size: number;
  /** What the cache holds and how it was read since it was made (`/api/health`). */
  stats(): CacheStats;
}

export interface CacheStats {
  entries: number;
  /** The entries' sizes as the cache's owner counts them (`sizeOf`). */
  bytes: number;
  /** The most `bytes` may reach; the least recently used entries go past it. */
  maxBytes: number;
  hits: number;
  misses: number;
}
