import type { Config } from '../../config.ts';
import type { Cache } from './cache.ts';
import { createMemoryCache, type MemoryCacheOptions } from './memory-cache.ts';

export type { Cache } from './cache.ts';
export { createMemoryCache, type MemoryCacheOptions } from './memory-cache.ts';

/**
 * The cache of one kind of value. Memory only for now: with REDIS_URL set, each instance still
 * caches in its own memory and drops on its own writes; sharing the drops over Redis pub/sub is the
 * next step (see the public menu's notes), and until then entries also expire on their own.
 */
export function createCache<V>(_config: Pick<Config, 'redisUrl'>, options: MemoryCacheOptions<V>): Cache<V> {
  return createMemoryCache<V>(options);
}
