import type { CustomerMenu, PublicDish, PublicMenu } from '@carte/domain';
import { decimalPrice, plainText } from './format.ts';
import { type LinkContext, viewHref } from './urls.ts';

/**
 * schema.org's RestrictedDiet values, and the names owners give them. Only these are claimed in
 * `suitableForDiet`; other tags stay on the page only.
 */
const diets: Record<string, string> = {
  vegan: 'VeganDiet',
  vegetarian: 'VegetarianDiet',
  'gluten free': 'GlutenFreeDiet',
  'gluten-free': 'GlutenFreeDiet',
  glutenfree: 'GlutenFreeDiet',
  halal: 'HalalDiet',
  kosher: 'KosherDiet',
  hindu: 'HinduDiet',
  diabetic: 'DiabeticDiet',
  'low calorie': 'LowCalorieDiet',
  'low-calorie': 'LowCalorieDiet',
  'low fat': 'LowFatDiet',
  'low-fat': 'LowFatDiet',
  'low lactose': 'LowLactoseDiet',
  'low-lactose': 'LowLactoseDiet',
  'lactose free': 'LowLactoseDiet',
  'lactose-free': 'LowLactoseDiet',
  'low salt': 'LowSaltDiet',
  'low-salt': 'LowSaltDiet',
  'low sodium': 'LowSaltDiet',
};

export const schemaDiet = (name: string): string | null => {
  const value = diets[name.trim().toLowerCase().replace(/\s+/g, ' ')];
  return value ? `https://schema.org/${value}` : null;
};

type Json = Record<string, unknown>;

const absolute = (url: string, baseUrl: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `${baseUrl}${url}`;

function menuItem(dish: PublicDish, menu: PublicMenu, links: LinkContext): Json {
  const item: Json = {
    '@type': 'MenuItem',
    name: dish.name,
    url: absolute(viewHref({ kind: 'dish', menuId: menu._id, dishId: dish._id }, links), links.baseUrl),
    offers: { '@type': 'Offer', price: decimalPrice(dish.price), priceCurrency: 'USD' },
  };
  const description = plainText(dish.description);
  if (description) item.description = description;
  if (dish.image) item.image = absolute(dish.image, links.baseUrl);
  if (dish.calories !== null) {
    item.nutrition = { '@type': 'NutritionInformation', calories: `${dish.calories} calories` };
  }
  const suitable = [
    ...new Set(dish.dietary.diets.map(schemaDiet).filter((diet): diet is string => diet !== null)),
  ];
  if (suitable.length > 0) item.suitableForDiet = suitable.length === 1 ? suitable[0] : suitable;
  if (dish.customizations.length > 0) {
    item.menuAddOn = dish.customizations.map((customization) => ({
      '@type': 'MenuSection',
      name: customization.name,
      hasMenuItem: customization.options.map((option) => ({
        '@type': 'MenuItem',
        name: option.name,
        offers: { '@type': 'Offer', price: decimalPrice(option.price), priceCurrency: 'USD' },
      })),
    }));
  }
  return item;
}

function menuNode(menu: PublicMenu, links: LinkContext, withItems: boolean): Json {
  const node: Json = {
    '@type': 'Menu',
    name: menu.name,
    url: absolute(viewHref({ kind: 'menu', menuId: menu._id }, links), links.baseUrl),
  };
  // The chooser names the menus, each with its address; a menu's own page lists its dishes.
  if (withItems)
    node.hasMenuSection = menu.categories
      .filter((category) => category.dishes.length > 0)
      .map((category) => ({
        '@type': 'MenuSection',
        name: category.name,
        hasMenuItem: category.dishes.map((dish) => menuItem(dish, menu, links)),
      }));
  if (menu.description.trim()) node.description = menu.description.trim();
  if (menu.cover) node.image = absolute(menu.cover, links.baseUrl);
  return node;
}

/**
 * schema.org structured data of the page: the Restaurant with its menu (`menuId`), or every menu
 * served now (`null`), as Menu → MenuSection → MenuItem with USD offers and suitableForDiet where a
 * tag maps to a RestrictedDiet. `baseUrl` is the public origin (PUBLIC_URL): structured data wants
 * absolute addresses. Embed with `serializeForScript` in `<script type="application/ld+json">`.
 */
export function menuJsonLd(
  data: CustomerMenu,
  menuId: string | null,
  baseUrl: string,
  mapId?: string | null,
): Json {
  const links: LinkContext = { baseUrl, restaurantId: data.restaurant._id, mapId: mapId ?? null };
  const restaurant = data.restaurant;
  const menus = menuId === null ? data.menus : data.menus.filter((menu) => menu._id === menuId);
  const node: Json = {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: restaurant.name,
    url: absolute(viewHref({ kind: 'chooser' }, links), baseUrl),
  };
  const description = plainText(restaurant.description);
  if (description) node.description = description;
  if (restaurant.logo) {
    node.logo = absolute(restaurant.logo, baseUrl);
    node.image = node.logo;
  }
  const sameAs = restaurant.social
    .map((entry) => entry.url.trim())
    .filter((url) => /^https?:\/\//i.test(url));
  if (sameAs.length > 0) node.sameAs = sameAs;
  const nodes = menus.map((menu) => menuNode(menu, links, menuId !== null));
  if (nodes.length === 1) node.hasMenu = nodes[0];
  else if (nodes.length > 1) node.hasMenu = nodes;
  return node;
}
