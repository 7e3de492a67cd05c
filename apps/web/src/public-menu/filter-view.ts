/**
 * What the diner's filters change on a menu page the server drew (issue 21, partial hydration): per
 * category, its dishes in the order the sort gives, each greyed or not with its note and its link;
 * the status line, the count on the panel's summary and the address to share. Pure: the page's
 * script (main.ts) writes the result into the markup, the same menu-view rules the server drew it with.
 */
import { type CustomerMenu, type DinerFilterState, sortDishes } from '@carte/domain';
import {
  activeFilterCount,
  effectiveFilters,
  filterChoices,
  greyedNote,
  greyedStatus,
  type LinkContext,
  matchDish,
  menuWords,
  viewHref,
  withLabels,
} from '@carte/menu-view';

export interface DishLook {
  id: string;
  greyed: boolean;
  /** "Not for you: …", or null. */
  note: string | null;
  /** The dish page's address, carrying the filters. */
  href: string;
}

export interface FilteredMenu {
  /** The choices the menu offers among those asked. */
  filters: DinerFilterState;
  /** The menu's address with them (replaces the page's, so the filtered menu can be shared). */
  href: string;
  /** The address without any (the panel's "Clear filters"). */
  clearHref: string;
  /** The number on the panel's summary; 0 shows none. */
  count: number;
  status: string | null;
  /** Categories with dishes, as the page draws them, each with its dishes in order. */
  categories: { id: string; dishes: DishLook[] }[];
}

export function filteredMenu(
  data: CustomerMenu,
  menuId: string,
  links: LinkContext,
  wanted: DinerFilterState,
): FilteredMenu | null {
  const menu = data.menus.find((entry) => entry._id === menuId);
  if (!menu) return null;
  const filters = effectiveFilters(wanted, filterChoices(data.restaurant, menu));
  const words = withLabels(menuWords(data.language?.served ?? null), data.language?.labels);
  let total = 0;
  let greyed = 0;
  const categories = menu.categories
    .filter((category) => category.dishes.length > 0)
    .map((category) => ({
      id: category._id,
      dishes: sortDishes(category.dishes, filters.sort).map((dish): DishLook => {
        const match = matchDish(dish, filters, data.restaurant);
        total += 1;
        if (match.greyed) greyed += 1;
        return {
          id: dish._id,
          greyed: match.greyed,
          note: greyedNote(match, words),
          href: viewHref({ kind: 'dish', menuId, dishId: dish._id }, links, filters),
        };
      }),
    }));
  return {
    filters,
    href: viewHref({ kind: 'menu', menuId }, links, filters),
    clearHref: viewHref({ kind: 'menu', menuId }, links),
    count: activeFilterCount(filters),
    status: greyedStatus(filters, greyed, total, words),
    categories,
  };
}
