import type { Logger } from '../../core/logger.ts';
import type { RedisLink } from '../redis/index.ts';
import type { ThrottleCounter, ThrottleStore } from './throttle-store.ts';

/**
 * Throttle counts in Redis, shared by every instance (REDIS_URL): a hit is INCR then PEXPIRE in one
 * transaction, a read GET and PTTL. While Redis is away each call falls back to `fallback` (this
 * process's memory), so sign-in keeps working, throttled per process, until Redis answers again.
 * Expiry is Redis's own clock; `now` only turns the remaining time into a moment.
 */
export function createRedisThrottleStore(deps: {
  link: RedisLink;
  fallback: ThrottleStore;
  now: () => number;
  log?: Logger;
}): ThrottleStore {
  const { link, fallback, now } = deps;
  const key = (name: string) => link.key(`throttle:${name}`);

  const shared = async <T>(run: () => Promise<T>, degraded: () => Promise<T>): Promise<T> => {
    if (!link.isUp()) return degraded();
    try {
      return await run();
    } catch (err) {
      deps.log?.debug({ err: { message: (err as Error).message } }, 'throttle: Redis failed, counting here');
      return degraded();
    }
  };

  return {
    hit(name, windowMs) {
      return shared(
        async (): Promise<ThrottleCounter> => {
          const results = await link.client.multi().incr(key(name)).pexpire(key(name), windowMs).exec();
          const [error, count] = results?.[0] ?? [new Error('no answer'), null];
          if (error) throw error;
          return { count: Number(count), expiresAt: now() + windowMs };
        },
        () => fallback.hit(name, windowMs),
      );
    },
    get(name) {
      return shared(
        async (): Promise<ThrottleCounter | null> => {
          const results = await link.client.multi().get(key(name)).pttl(key(name)).exec();
          const [getError, count] = results?.[0] ?? [new Error('no answer'), null];
          const [ttlError, ttl] = results?.[1] ?? [new Error('no answer'), null];
          if (getError || ttlError) throw getError ?? ttlError;
          if (count === null || Number(ttl) <= 0) return null;
          return { count: Number(count), expiresAt: now() + Number(ttl) };
        },
        () => fallback.get(name),
      );
    },
    async delete(names) {
      // Forgotten in both places: counts taken while Redis was away must not outlive a success.
      await fallback.delete(names);
      if (names.length === 0) return;
      await shared(
        async () => {
          await link.client.del(...names.map(key));
        },
        async () => undefined,
      );
    },
  };
}
