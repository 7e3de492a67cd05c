import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { settings } from '../../db/schema.ts';

/** The `app_settings` key of today's salt; yesterday's is overwritten, so it is gone for good. */
const SALT_KEY = 'analytics-salt';

/** "YYYY-MM-DD" of an instant in UTC: salts change at midnight UTC. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Visitors without cookies (decisions §4): a visitor is sha256(daily salt, address, browser),
 * shortened. The salt is random, one per UTC day, kept in the database so every instance counts a
 * visitor alike, and replaced the next day, after which nobody (not even us) can tell whether two
 * days' visits were the same person's or recompute a hash from an address.
 */
export function createVisitorHasher(deps: { db: Db; now: () => Date }) {
  let current: { day: string; salt: string } | null = null;
  let pending: Promise<{ day: string; salt: string }> | null = null;

  async function saltOf(day: string): Promise<{ day: string; salt: string }> {
    const fresh = { day, salt: randomBytes(32).toString('base64url') };
    // Replaces an older day's salt; two instances on a new day: the first one's salt wins.
    const [written] = await deps.db
      .insert(settings)
      .values({ key: SALT_KEY, value: fresh })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: fresh, updatedAt: sql`now()` },
        setWhere: sql`${settings.value}->>'day' < ${day}`,
      })
      .returning({ value: settings.value });
    const value = (written?.value ??
      (await deps.db.select({ value: settings.value }).from(settings).where(eq(settings.key, SALT_KEY)))[0]
        ?.value) as { day: string; salt: string } | undefined;
    // A row of a later day (a clock behind another instance's) still salts consistently.
    return value ?? fresh;
  }

  return {
    async visitor(ip: string, userAgent: string): Promise<string> {
      const day = utcDay(deps.now());
      if (current?.day !== day) {
        pending ??= saltOf(day).finally(() => {
          pending = null;
        });
        current = { day, salt: (await pending).salt };
      }
      return createHash('sha256')
        .update(`${current.salt}\u0000${ip}\u0000${userAgent}`)
        .digest('base64url')
        .slice(0, 22);
    },
  };
}
