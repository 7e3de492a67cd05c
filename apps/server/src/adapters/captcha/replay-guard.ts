import type { RedisLink } from '../redis/index.ts';

/**
 * Remembers the ALTCHA payloads already used, so each verifies once. In memory it holds for one
 * process; with REDIS_URL the set is in Redis (SET NX until the challenge expires), so a payload used
 * on one instance is refused by every other. While Redis is away, the memory set still refuses
 * replays on this instance.
 */
export interface ReplayGuard {
  /** True the first time a nonce is claimed (until `expiresAtMs`), false ever after. */
  claim(nonce: string, expiresAtMs: number): Promise<boolean>;
}

export function createMemoryReplayGuard(now: () => number = Date.now): ReplayGuard {
  /** nonce → expiry (ms) */
  const used = new Map<string, number>();
  return {
    async claim(nonce, expiresAtMs) {
      const at = now();
      for (const [key, expiresAt] of used) if (expiresAt <= at) used.delete(key);
      if (used.has(nonce)) return false;
      used.set(nonce, expiresAtMs);
      return true;
    },
  };
}

export function createRedisReplayGuard(link: RedisLink, fallback: ReplayGuard): ReplayGuard {
  return {
    async claim(nonce, expiresAtMs) {
      // This instance's own memory first: a replay here never needs Redis to be refused.
      if (!(await fallback.claim(nonce, expiresAtMs))) return false;
      if (!link.isUp()) return true;
      const ttl = Math.max(1, Math.ceil(expiresAtMs - Date.now()));
      try {
        const answer = await link.client.set(link.key(`altcha:${nonce}`), '1', 'PX', ttl, 'NX');
        return answer === 'OK';
      } catch {
        return true;
      }
    },
  };
}
