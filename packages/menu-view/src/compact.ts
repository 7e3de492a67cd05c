import type { CustomerMenu, DinerFilterState } from '@carte/domain';
import type { PublicMenuPayload, PublicMenuView } from './types.ts';

/** The attribute that names the dish a description in the page belongs to (`data-desc="{dishId}"`). */
export const DESCRIPTION_ATTRIBUTE = 'data-desc';

const shownMenuOf = (view: PublicMenuView): string | null =>
  view.kind === 'menu' || view.kind === 'dish' || view.kind === 'print' ? view.menuId : null;

/**
 * The data a page hydrates from, no more than its screen needs (issue 11 §7: the page's weight must
 * not grow with the restaurant). Menus other than the shown one travel as cards (no categories;
 * their ids in `partial`), so the chooser ships the cards only and a link to another menu loads
 * that menu's page. On a menu screen the dishes' descriptions, the heaviest part, are left out:
 * they are in the markup already (`data-desc`), and the script reads them back from there
 * (`restoreDescriptions`), so a dish is shipped once.
 */
export function compactPayload(input: {
  data: CustomerMenu;
  view: PublicMenuView;
  filters: DinerFilterState;
  mapId: string | null;
}): PublicMenuPayload {
  const { data, view } = input;
  const shown = shownMenuOf(view);
  const partial: string[] = [];
  const menus = data.menus.map((menu) => {
    if (menu._id !== shown) {
      if (menu.categories.length > 0) partial.push(menu._id);
      return { ...menu, categories: [] };
    }
    if (view.kind !== 'menu') return menu;
    return {
      ...menu,
      categories: menu.categories.map((category) => ({
        ...category,
        dishes: category.dishes.map((dish) => ({ ...dish, description: '' })),
      })),
    };
  });
  return {
    data: { ...data, menus },
    view,
    filters: input.filters,
    baseUrl: '',
    mapId: input.mapId,
    partial,
    descriptionsInPage: view.kind === 'menu',
  };
}

/**
 * The dishes' descriptions read back from the page (`compactPayload` left them out): the markup
 * the server drew for each dish in `data-desc` elements. A dish without one had none to show.
 */
export function restoreDescriptions(data: CustomerMenu, root: ParentNode): CustomerMenu {
  const found = new Map<string, string>();
  for (const element of root.querySelectorAll(`[${DESCRIPTION_ATTRIBUTE}]`)) {
    const id = element.getAttribute(DESCRIPTION_ATTRIBUTE);
    if (id && !found.has(id)) found.set(id, element.innerHTML);
  }
  if (found.size === 0) return data;
  return {
    ...data,
    menus: data.menus.map((menu) => ({
      ...menu,
      categories: menu.categories.map((category) => ({
        ...category,
        dishes: category.dishes.map((dish) =>
          dish.description === '' && found.has(dish._id)
            ? { ...dish, description: found.get(dish._id) as string }
            : dish,
        ),
      })),
    })),
  };
}
