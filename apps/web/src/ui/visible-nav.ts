import { addRestaurantLabel, type NavEntry, navFor, type Role, type User } from '@carte/domain';
import { isImplemented } from './implemented-paths.ts';

/**
 * The entries a user sees: the role's list (doc 1 §2), only those flagged for the menu, only screens
 * that exist in this build; a parent stays when it or one of its children exists.
 */
export function visibleNav(user: User | null): NavEntry[] {
  const role: Role | null = user?.role ?? null;
  const restaurantType = user?.restaurants[0]?.restaurantType;
  const keep = (entries: NavEntry[]): NavEntry[] =>
    entries
      .filter((entry) => entry.showInMenu && (role !== null || !entry.private))
      .map((entry) => ({
        ...entry,
        // "Add Location" for restaurants, "Add Food Truck" otherwise (doc 2 §2).
        name: entry.path === '/add-restaurant' ? addRestaurantLabel(restaurantType) : entry.name,
        children: entry.children ? keep(entry.children) : undefined,
      }))
      .filter((entry) => isImplemented(entry.path) || (entry.children?.length ?? 0) > 0);
  return keep(navFor(role));
}

/** Is this entry (or one of its children) the current page? */
export function isEntryActive(entry: NavEntry, pathname: string): boolean {
  return entry.path === pathname || (entry.children ?? []).some((child) => isEntryActive(child, pathname));
}
