import { messages } from '@carte/domain';
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
  /**
   * Whether the parent's draft menus are visible too: while one person holds both (decisions,
   * "Specification loose ends (issue 22)"); otherwise only its published menus are.
   */
  parentDrafts: boolean;
}

/** The scope of a restaurant: its own id first, then its parent's (a location's). */
export const scopeFor = (
  restaurantId: string,
  parentId: string | null,
  parentDrafts = true,
): RestaurantScope => ({
  restaurantId,
  parentId,
  visibleIds: parentId ? [restaurantId, parentId] : [restaurantId],
  parentDrafts,
});

/** Does the scope read this menu: its own, or its parent's (drafts only with `parentDrafts`)? */
export const readsMenu = (scope: RestaurantScope, menu: { restaurantId: string; draft: boolean }): boolean =>
  menu.restaurantId === scope.restaurantId ||
  (menu.restaurantId === scope.parentId && (scope.parentDrafts || !menu.draft));

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
