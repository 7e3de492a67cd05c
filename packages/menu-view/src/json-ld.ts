import {
  type AllergenKey,
  allergensExcludedBy,
  type CustomerMenu,
  type PublicDish,
  type PublicMenu,
} from '@carte/domain';
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

/**
 * Diets a declaration can contradict (issue 23): GlutenFreeDiet is a medical diet, claimed only for
 * a dish whose owner declared its allergens and that neither contains nor may contain gluten;
 * VeganDiet and VegetarianDiet are about what is in the dish, not traces, so they are dropped when
 * the dish contains an allergen they exclude (milk, eggs, fish…; "may contain" does not count).
 * Other diets (halal, kosher, low salt…) are the owner's tag alone: no allergen tells them.
 */
const strictDiets: Record<string, { keys: AllergenKey[]; declaredFree: boolean }> = {
  'https://schema.org/GlutenFreeDiet': { keys: allergensExcludedBy('gluten free'), declaredFree: true },
  'https://schema.org/VeganDiet': { keys: allergensExcludedBy('vegan'), declaredFree: false },
  'https://schema.org/VegetarianDiet': { keys: allergensExcludedBy('vegetarian'), declaredFree: false },
};

function dietApplies(diet: string, dish: PublicDish): boolean {
  const rule = strictDiets[diet];
  if (!rule) return true;
  const { contains, mayContain, declared } = dish.allergens;
  if (rule.keys.some((key) => contains.includes(key))) return false;
  return !rule.declaredFree || (declared && !rule.keys.some((key) => mayContain.includes(key)));
}

/** The schema.org RestrictedDiet values a dish's tags claim and its allergens allow. */
export const suitableDiets = (dish: PublicDish): string[] => [
  ...new Set(
    dish.dietary.diets
      .map(schemaDiet)
      .filter((diet): diet is string => diet !== null && dietApplies(diet, dish)),
  ),
];

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
    const nutrition: Json = { '@type': 'NutritionInformation', calories: `${dish.calories} calories` };
    if (dish.portion) nutrition.servingSize = dish.portion;
    item.nutrition = nutrition;
  }
  const suitable = suitableDiets(dish);
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
 * served now (`null`), as Menu → MenuSection → MenuItem with USD offers, calories (and the portion
 * as `servingSize`) in `nutrition`, and suitableForDiet where a tag maps to a RestrictedDiet that
 * the dish's allergens do not contradict (`suitableDiets`). `baseUrl` is the public origin (PUBLIC_URL): structured data wants
 * absolute addresses. Embed with `serializeForScript` in `<script type="application/ld+json">`.
 */
export function menuJsonLd(
  data: CustomerMenu,
  menuId: string | null,
  baseUrl: string,
  mapId?: string | null,
): Json {
  const links: LinkContext = {
    baseUrl,
    restaurantId: data.restaurant._id,
    mapId: mapId ?? null,
    lang: data.language?.served ?? null,
  };
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
  const nodes = menus.map((menu) => {
    const menuNodeOf = menuNode(menu, links, menuId !== null);
    // The language its texts are in (issue 24).
    if (data.language) menuNodeOf.inLanguage = data.language.served;
    return menuNodeOf;
  });
  if (nodes.length === 1) node.hasMenu = nodes[0];
  else if (nodes.length > 1) node.hasMenu = nodes;
  return node;
}
