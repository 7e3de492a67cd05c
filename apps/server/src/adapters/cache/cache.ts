/**
 * A cache of computed values (decisions §2). Synchronous on purpose: the public menu reads it on
 * every request, and with REDIS_URL the values stay in each process's memory anyway — only the drops
 * travel between instances (invalidations.ts).
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
