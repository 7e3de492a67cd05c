import type { Logger } from '../../core/logger.ts';
import type { RedisLink } from '../redis/index.ts';
import { createRedisThrottleStore } from './redis-throttle-store.ts';
import { createMemoryThrottleStore, type ThrottleStore } from './throttle-store.ts';

export { createRedisThrottleStore } from './redis-throttle-store.ts';
export { createMemoryThrottleStore, type ThrottleCounter, type ThrottleStore } from './throttle-store.ts';

/** Throttle counts in Redis when there is a link (memory while it is away), else in this process. */
export function createThrottleStore(link: RedisLink | null, now: () => number, log?: Logger): ThrottleStore {
  const memory = createMemoryThrottleStore({ now });
  return link ? createRedisThrottleStore({ link, fallback: memory, now, ...(log ? { log } : {}) }) : memory;
}
