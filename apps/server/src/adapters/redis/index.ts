import type { Config } from '../../config.ts';
import type { Logger } from '../../core/logger.ts';
import { createRedisLink, type RedisLink } from './redis-link.ts';

export { createRedisLink, type RedisLink } from './redis-link.ts';

/** The link to Redis when REDIS_URL is set; null keeps every shared state in this process. */
export function connectRedis(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  log: Logger,
): RedisLink | null {
  return config.redisUrl ? createRedisLink(config.redisUrl, config.redisKeyPrefix, log) : null;
}
