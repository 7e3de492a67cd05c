import type { CustomerMenu } from '@carte/domain';
import { plainText } from './format.ts';
import { menuWords } from './texts.ts';
import type { PublicMenuView } from './types.ts';

/**
 * JSON for a `<script>` element (the page data and the JSON-LD): `<`, `>`, `&` and the two line
 * separators JavaScript once rejected are escaped, so no text in the data can close the element.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The document title of a screen: "Dish · Menu · Restaurant", most specific first. */
export function pageTitle(data: CustomerMenu, view: PublicMenuView): string {
  const texts = menuWords(data.language?.served ?? null);
  const restaurant = data.restaurant.name;
  if (view.kind === 'menu' || view.kind === 'dish' || (view.kind === 'print' && view.menuId)) {
    const menuId = view.menuId;
    const menu = data.menus.find((entry) => entry._id === menuId);
    if (!menu) return `${texts.menuNotFound} · ${restaurant}`;
    if (view.kind === 'dish') {
      const dish = menu.categories
        .flatMap((category) => category.dishes)
        .find((entry) => entry._id === view.dishId);
      return `${dish ? dish.name : texts.dishNotFound} · ${menu.name} · ${restaurant}`;
    }
    return `${menu.name} · ${restaurant}`;
  }
  if (view.kind === 'empty' || data.menus.length === 0) return `${texts.noPublishedMenus} · ${restaurant}`;
  return `${restaurant} · ${texts.menus}`;
}

/** A short meta description of a screen (plain text, at most 160 characters). */
export function pageDescription(data: CustomerMenu, view: PublicMenuView): string {
  let text = plainText(data.restaurant.description);
  if (view.kind === 'menu' || view.kind === 'dish') {
    const menu = data.menus.find((entry) => entry._id === view.menuId);
    const dish =
      view.kind === 'dish'
        ? menu?.categories.flatMap((category) => category.dishes).find((entry) => entry._id === view.dishId)
        : undefined;
    text = (dish ? plainText(dish.description) : menu?.description.trim()) || text;
  }
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}
