import type { Config } from '../../config.ts';
import type { Cache } from './cache.ts';
import { createMemoryCache, type MemoryCacheOptions } from './memory-cache.ts';

export type { Cache, CacheStats } from './cache.ts';
export { createInvalidations, type Invalidations } from './invalidations.ts';
export { createMemoryCache, type MemoryCacheOptions } from './memory-cache.ts';

/**
 * The cache of one kind of value, in this process's memory. With REDIS_URL each instance still
 * caches in its own memory; what changed travels between instances as drops (invalidations.ts),
 * wired where the cache's owner is built (services.ts), and entries also expire on their own.
 */
export function createCache<V>(_config: Pick<Config, 'redisUrl'>, options: MemoryCacheOptions<V>): Cache<V> {
  return createMemoryCache<V>(options);
}
