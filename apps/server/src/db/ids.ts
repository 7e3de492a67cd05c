import { randomBytes } from 'node:crypto';

/**
 * 24 lowercase hexadecimal characters (decisions §3): 4 bytes of seconds since the epoch then 8 random
 * bytes, so ids sort roughly by creation time.
 */
export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return seconds + randomBytes(8).toString('hex');
}

export const isId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
