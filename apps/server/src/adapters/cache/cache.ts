/**
 * A cache of computed values (decisions §2: `memory` now; with REDIS_URL, later, the same interface
 * with invalidation shared by every instance). Synchronous on purpose: the public menu reads it on
 * every request, and a Redis implementation keeps the values in each process's memory anyway — only
 * the drops travel between instances (publish on `delete`/`clear`, apply what others publish).
 */
export interface Cache<V> {
  /** The value, or undefined when absent or expired. */
  get(key: string): V | undefined;
  /** Stores a value until `expiresAt` (epoch milliseconds). */
  set(key: string, value: V, expiresAt: number): void;
  delete(key: string): void;
  clear(): void;
  /** The live entries (expired ones skipped), least recently used first. */
  entries(): IterableIterator<[string, V]>;
  readonly size: number;
}
