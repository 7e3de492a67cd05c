import { messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { restaurants } from '../db/schema.ts';
import type { Caller } from './caller.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';

/**
 * Which restaurants' workshop records a caller sees (STYLE rule 5). Always taken from the session,
 * never from the request. A location created with "Add Location" also sees its parent's menus,
 * categories, dishes and ingredients, live and read-only (decisions §4, `fromParent`).
 */
export interface RestaurantScope {
  /** Where the caller writes. */
  restaurantId: string;
  /** The parent whose records are visible read-only, or null. */
  parentId: string | null;
  /** Own first, then parent: every restaurant whose records may be read. */
  visibleIds: string[];
}

export async function scopeOf(db: Db, caller: Caller): Promise<RestaurantScope> {
  if (!caller.restaurantId) throw new ForbiddenError();
  // The sign-in check read the restaurant with the user (http/auth.ts): one query fewer a request.
  const known = caller.knownRestaurant;
  if (known && known.id === caller.restaurantId) return scopeFor(known.id, known.parentId);
  const [restaurant] = await db
    .select({ id: restaurants.id, parentId: restaurants.parentId })
    .from(restaurants)
    .where(eq(restaurants.id, caller.restaurantId));
  if (!restaurant) throw new ForbiddenError();
  return scopeFor(restaurant.id, restaurant.parentId);
}

const scopeFor = (restaurantId: string, parentId: string | null): RestaurantScope => ({
  restaurantId,
  parentId,
  visibleIds: parentId ? [restaurantId, parentId] : [restaurantId],
});

/** Is a record inherited from the parent (read-only)? */
export const isFromParent = (scope: RestaurantScope, recordRestaurantId: string): boolean =>
  recordRestaurantId !== scope.restaurantId;

/**
 * Guards a write: the record must exist in the scope (404 otherwise, so ids of other restaurants
 * reveal nothing) and belong to the caller's own restaurant (403 for inherited records).
 */
export function assertWritable<T extends { restaurantId: string }>(
  scope: RestaurantScope,
  record: T | undefined,
): T {
  if (!record || !scope.visibleIds.includes(record.restaurantId)) throw new NotFoundError();
  if (isFromParent(scope, record.restaurantId)) throw new ForbiddenError(messages.readOnlyFromParent);
  return record;
}

/** Guards a read: the record must be visible in the scope (404 otherwise). */
export function assertVisible<T extends { restaurantId: string }>(
  scope: RestaurantScope,
  record: T | undefined,
): T {
  if (!record || !scope.visibleIds.includes(record.restaurantId)) throw new NotFoundError();
  return record;
}
