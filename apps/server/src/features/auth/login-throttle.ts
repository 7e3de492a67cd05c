/**
 * Throttles repeated failed sign-ins (issue: brute-forced logins get 429). Failures are counted per
 * account identifier and per client address inside a sliding window; past the limit, sign-in is
 * refused until the oldest failure leaves the window. Kept in memory: with REDIS_URL several server
 * instances would share it (docs/deploy-and-scale.md).
 */
export interface LoginThrottle {
  /** Seconds to wait, or 0 when a sign-in may be tried. */
  retryAfter(keys: string[]): number;
  recordFailure(keys: string[]): void;
  reset(keys: string[]): void;
}

export function createMemoryLoginThrottle(options: {
  maxFailures: number;
  windowMs: number;
  now: () => number;
}): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const cutoff = options.now() - options.windowMs;
    const list = (failures.get(key) ?? []).filter((time) => time > cutoff);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };

  return {
    retryAfter(keys) {
      let wait = 0;
      for (const key of keys) {
        const list = recent(key);
        if (list.length >= options.maxFailures) {
          const oldest = list[list.length - options.maxFailures]!;
          wait = Math.max(wait, Math.ceil((oldest + options.windowMs - options.now()) / 1000));
        }
      }
      return wait;
    },
    recordFailure(keys) {
      for (const key of keys) failures.set(key, [...recent(key), options.now()]);
    },
    reset(keys) {
      for (const key of keys) failures.delete(key);
    },
  };
}
