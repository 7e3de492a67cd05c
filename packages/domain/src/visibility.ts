import type { AllergenDeclaration } from './allergens.ts';
import type { PublicCategory, PublicDish, PublicMenu } from './public-menu.ts';
import { isCategoryVisible, isOpenAt, type Schedule } from './schedule.ts';
import { type Customization, optionPrice } from './workshop.ts';

/**
 * What a diner may see (decisions §4 "Serving the public menu"), written once for the server's
 * public page and the owner's live preview:
 *
 * - published menus (the restaurant's own, then its parent's) open at the moment, each with
 * - the categories shown on that menu (`valid`), available and inside their adjustment,
 *   holding at least one available dish;
 * - dishes that are available and none of whose ingredients is switched off (an ingredient that
 *   ran out takes its dishes off the menu, like the dish's own switch: quick edit, decisions);
 * - per dish, only its available ingredients and offered side dishes, and its available
 *   customizations (restaurant-wide selected ones of the dish's own restaurant, then its own) with
 *   their available options, an ingredient option only while its ingredient is available, priced
 *   for the dish (`optionPrice`).
 *
 * The preview differs in two ways, both parameters of `visibleMenus`: it shows the one menu being
 * edited even when it is a draft (`show: { preview }`), and it shows it whatever the hour (`at: null`).
 */

/** A dish as the rule reads it; `view` is what the diner is shown of the dish itself. */
export interface CatalogDish {
  view: Omit<PublicDish, 'ingredients' | 'sideDishes' | 'customizations'>;
  isAvailable: boolean;
  /** A parent restaurant's dish: restaurant-wide customizations apply to their own restaurant's dishes only. */
  fromParent: boolean;
  /** Ingredient ids, in the dish's order. */
  ingredients: readonly string[];
  /** Dish ids, in the dish's order. */
  sideDishes: readonly string[];
  customizations: { selected: readonly string[]; custom: readonly CatalogCustomizationData[] };
}

export interface CatalogIngredient {
  _id: string;
  name: string;
  isAvailable: boolean;
  /** Its whole allergen declaration, its parents' included (issue 23); absent when unknown. */
  allergens?: AllergenDeclaration;
}

export interface CatalogCategory {
  _id: string;
  name: string;
  isAvailable: boolean;
  /** Dish ids, in the category's order. */
  dishes: readonly string[];
}

/** A restaurant-wide customization (doc 1 §5) and whose it is. */
/** A customization as the catalogue holds it: the owner's answer carries translations (issue 24), the catalogue need not. */
export type CatalogCustomizationData = Omit<Customization, 'translations'> & {
  translations?: Customization['translations'];
};
export type CatalogCustomization = CatalogCustomizationData & { fromParent: boolean };

export interface CatalogMenu {
  /** What the diner is shown of the menu itself (`fromParent` orders it after the restaurant's own). */
  view: Omit<PublicMenu, 'categories'>;
  draft: boolean;
  schedule: Schedule;
  /** The menu's categories in order: whether each is shown on it, and its own hours there. */
  categories: readonly { category: string; valid: boolean; adjustment: Schedule | null }[];
}

/**
 * The workshop data of one restaurant and its parent, unfiltered: menus in the restaurant's order,
 * and everything they may refer to. Ids not found here are treated as gone.
 */
export interface Catalog {
  menus: readonly CatalogMenu[];
  categories: readonly CatalogCategory[];
  dishes: readonly CatalogDish[];
  ingredients: readonly CatalogIngredient[];
  customizations: readonly CatalogCustomization[];
}

/** A category a diner may see on a menu, and its own hours there (null: it follows the menu's). */
export interface VisibleCategory {
  category: PublicCategory;
  adjustment: Schedule | null;
}

/** A menu a diner may see, with the categories it may show and the schedule deciding when. */
export interface VisibleMenu {
  menu: Omit<PublicMenu, 'categories'>;
  schedule: Schedule;
  categories: VisibleCategory[];
}

export interface VisibilityOptions {
  /**
   * Which menus: `'published'` for the public page (published ones, own then the parent's), or
   * `{ preview: menuId }` for the owner's preview of that menu, shown even when it is a draft.
   */
  show: 'published' | { preview: string };
  /**
   * The moment diners look: only menus open then, with only the categories inside their adjustment.
   * Null shows them whatever the hour (the preview; the server's cache, which applies the clock per
   * request with `servedAt`).
   */
  at: Date | null;
  /** The restaurant's IANA zone every schedule is read in. */
  timeZone: string;
}

type PublicCustomization = PublicDish['customizations'][number];

/** The menus of `catalog` a diner may see (see the module's comment for the rule). Pure. */
export function visibleMenus(catalog: Catalog, options: VisibilityOptions): VisibleMenu[] {
  const ingredientById = new Map(catalog.ingredients.map((item) => [item._id, item]));
  const dishById = new Map(catalog.dishes.map((item) => [item.view._id, item]));
  const categoryById = new Map(catalog.categories.map((item) => [item._id, item]));
  const sharedById = new Map(catalog.customizations.map((item) => [item._id, item]));

  const customizationFor = (
    data: CatalogCustomizationData,
    basePrice: number,
  ): PublicCustomization | null => {
    if (!data.isAvailable) return null;
    const options = data.options.flatMap((option) => {
      if (!option.isAvailable) return [];
      const ingredient = option.ingredient ? ingredientById.get(option.ingredient) : undefined;
      if (option.ingredient && !ingredient?.isAvailable) return [];
      const name = ingredient ? ingredient.name : option.name?.trim();
      if (!name) return [];
      const price = optionPrice(basePrice, option, data.isFixedPrice);
      return [
        ingredient?.allergens
          ? { _id: option._id, name, price, allergens: ingredient.allergens }
          : { _id: option._id, name, price },
      ];
    });
    return options.length > 0
      ? { _id: data._id, name: data.name, isFixedPrice: data.isFixedPrice, options }
      : null;
  };

  /**
   * Is a dish offered at all: switched on, and none of its ingredients switched off (an ingredient
   * that ran out takes its dishes off the menu). Ingredients that no longer exist do not count.
   */
  const offered = (dish: CatalogDish | undefined): dish is CatalogDish =>
    dish?.isAvailable === true &&
    dish.ingredients.every((ingredientId) => ingredientById.get(ingredientId)?.isAvailable !== false);

  // A dish can sit in several categories and menus: it is built once.
  const built = new Map<string, PublicDish | null>();
  const dinerDish = (id: string): PublicDish | null => {
    const cached = built.get(id);
    if (cached !== undefined) return cached;
    const dish = dishById.get(id);
    const result: PublicDish | null = offered(dish)
      ? {
          ...dish.view,
          ingredients: dish.ingredients.flatMap((ingredientId) => {
            const ingredient = ingredientById.get(ingredientId);
            return ingredient?.isAvailable ? [{ _id: ingredient._id, name: ingredient.name }] : [];
          }),
          sideDishes: dish.sideDishes.flatMap((sideId) => {
            const side = dishById.get(sideId);
            return offered(side)
              ? [{ _id: side.view._id, name: side.view.name, price: side.view.price }]
              : [];
          }),
          customizations: [
            ...dish.customizations.selected.flatMap((customizationId) => {
              const shared = sharedById.get(customizationId);
              return shared && shared.fromParent === dish.fromParent ? [shared] : [];
            }),
            ...dish.customizations.custom,
          ].flatMap((data) => customizationFor(data, dish.view.price) ?? []),
        }
      : null;
    built.set(id, result);
    return result;
  };

  const { show } = options;
  const menus = catalog.menus
    .filter((menu) => (show === 'published' ? !menu.draft : menu.view._id === show.preview))
    // Stable: the restaurant's own menus in its order, then its parent's.
    .sort((a, b) => Number(a.view.fromParent) - Number(b.view.fromParent))
    .map(
      (menu): VisibleMenu => ({
        menu: menu.view,
        schedule: menu.schedule,
        categories: menu.categories.flatMap((link) => {
          const category = categoryById.get(link.category);
          if (!link.valid || !category?.isAvailable) return [];
          const dishes = category.dishes.flatMap((id) => dinerDish(id) ?? []);
          // A category without a dish to show would be an empty heading.
          if (dishes.length === 0) return [];
          return [
            { category: { _id: category._id, name: category.name, dishes }, adjustment: link.adjustment },
          ];
        }),
      }),
    );
  return options.at ? servedAt(menus, options.at, options.timeZone) : menus;
}

/**
 * The clock's part of the rule: of `menus`, those open at `at`, each with only its categories inside
 * their adjustment then (decisions §4). Pure; the server applies it per minute to cached menus.
 */
export function servedAt(menus: readonly VisibleMenu[], at: Date, timeZone: string): VisibleMenu[] {
  return menus.flatMap((entry) =>
    isOpenAt(entry.schedule, at, timeZone)
      ? [
          {
            ...entry,
            categories: entry.categories.filter((item) =>
              isCategoryVisible(entry.schedule, item.adjustment, at, timeZone),
            ),
          },
        ]
      : [],
  );
}

/** A visible menu as the customer answer and the menu templates take it. */
export const publicMenuOf = (entry: VisibleMenu): PublicMenu => ({
  ...entry.menu,
  categories: entry.categories.map((item) => item.category),
});
