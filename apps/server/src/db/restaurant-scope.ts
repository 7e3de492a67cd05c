import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Caller } from '../core/caller.ts';
import { ForbiddenError } from '../core/errors.ts';
import { type RestaurantScope, scopeFor } from '../core/restaurant-scope.ts';
import type { Db } from './connect.ts';
import { menus, restaurants } from './schema.ts';

/**
 * The caller's restaurant scope (core/restaurant-scope.ts), read from the session, never from the
 * request: the kernel keeps the rule, this is its one query (issue 20: core runs none).
 */
export async function scopeOf(db: Db, caller: Caller): Promise<RestaurantScope> {
  if (!caller.restaurantId) throw new ForbiddenError();
  // The sign-in check read the restaurant with the user (http/auth.ts): one query fewer a request.
  const known = caller.knownRestaurant;
  if (known && known.id === caller.restaurantId)
    return scopeFor(known.id, known.parentId, known.parentDrafts);
  const [restaurant] = await db
    .select({ id: restaurants.id, parentId: restaurants.parentId, parentDrafts: restaurants.parentDrafts })
    .from(restaurants)
    .where(eq(restaurants.id, caller.restaurantId));
  if (!restaurant) throw new ForbiddenError();
  return scopeFor(restaurant.id, restaurant.parentId, restaurant.parentDrafts);
}

/**
 * The menus a scope reads, as a condition on `menus`: its own and its parent's, the parent's drafts
 * only while one person holds both (`parentDrafts`; core's `readsMenu` is the same rule).
 */
export function readableMenus(scope: RestaurantScope): SQL {
  if (!scope.parentId || scope.parentDrafts) return inArray(menus.restaurantId, scope.visibleIds);
  return or(
    eq(menus.restaurantId, scope.restaurantId),
    and(eq(menus.restaurantId, scope.parentId), eq(menus.draft, false)),
  )!;
}
