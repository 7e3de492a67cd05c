import { addRestaurantLabel, matchPath, type NavEntry, navFor, type Role, type User } from '@carte/domain';
import { isImplemented } from './implemented-paths.ts';

/** Screens an acting session ("Login as") cannot use: the server refuses them (identity, issue 20). */
const closedWhileActing = new Set(['/add-restaurant']);

/**
 * The entries a user sees: the role's list (doc 1 §2), only those flagged for the menu, only screens
 * that exist in this build; a parent stays when it or one of its children exists. While an admin or
 * a reseller acts as the user (`acting`), the screens that session may not use are left out.
 */
export function visibleNav(user: User | null, options: { acting?: boolean } = {}): NavEntry[] {
  const role: Role | null = user?.role ?? null;
  const restaurantType = user?.restaurants[0]?.restaurantType;
  const keep = (entries: NavEntry[]): NavEntry[] =>
    entries
      .filter((entry) => entry.showInMenu && (role !== null || !entry.private))
      .filter((entry) => !(options.acting && closedWhileActing.has(entry.path)))
      .map((entry) => ({
        ...entry,
        // "Add Location" for restaurants, "Add Food Truck" otherwise (doc 2 §2).
        name: entry.path === '/add-restaurant' ? addRestaurantLabel(restaurantType) : entry.name,
        children: entry.children ? keep(entry.children) : undefined,
      }))
      .filter((entry) => isImplemented(entry.path) || (entry.children?.length ?? 0) > 0);
  return keep(navFor(role));
}

/**
 * Pages that have no entry of their own, and the entry of the section they belong to: the
 * navigation highlights Dishes on a dish's page (issue 11 §2).
 */
const sectionOf: ReadonlyArray<readonly [pattern: string, section: string]> = [
  ['/update-dish/:id', '/create-dish'],
  ['/update-category/:id', '/create-category'],
  ['/help/:topic', '/help'],
  ['/dma/client', '/dma/dashboard'],
];

/**
 * Create pages that also edit a record (`?id=`): editing a menu belongs to the Menus section, not to
 * its "Create menu" entry.
 */
const editsWithId = new Set(['/create-menu']);
const EDITING = '?id';

/**
 * The navigation path the current page belongs to: its own, or its section's; an edit page of
 * `editsWithId` answers its path with "?id", which only the section's parent entry matches.
 */
export function navPathOf(pathname: string, search = ''): string {
  if (editsWithId.has(pathname) && new URLSearchParams(search).has('id')) return `${pathname}${EDITING}`;
  return sectionOf.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? pathname;
}

/** Is this entry (or one of its children) the current page, or the section the page belongs to? */
export function isEntryActive(entry: NavEntry, pathname: string, search = ''): boolean {
  const path = navPathOf(pathname, search);
  return (
    entry.path === path || (entry.children ?? []).some((child) => isEntryActive(child, pathname, search))
  );
}

/** A parent entry (Menus) is highlighted on its own page and on the edit pages of its section. */
export function isParentActive(entry: NavEntry, pathname: string, search = ''): boolean {
  const path = navPathOf(pathname, search);
  return entry.path === path || `${entry.path}${EDITING}` === path;
}
