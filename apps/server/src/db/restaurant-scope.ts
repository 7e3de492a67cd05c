import { eq } from 'drizzle-orm';
import type { Caller } from '../core/caller.ts';
import { ForbiddenError } from '../core/errors.ts';
import { type RestaurantScope, scopeFor } from '../core/restaurant-scope.ts';
import type { Db } from './connect.ts';
import { restaurants } from './schema.ts';

/**
 * The caller's restaurant scope (core/restaurant-scope.ts), read from the session, never from the
 * request: the kernel keeps the rule, this is its one query (issue 20: core runs none).
 */
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
