import {
  type Category,
  type Customization,
  type Dish,
  defaultMenuColors,
  dishDietaryTags,
  type FilterOptions,
  type ImageVariants,
  type Ingredient,
  type Menu,
  type MenuInput,
  optionPrice,
  type PublicDish,
  type PublicMenu,
  type PublicRestaurant,
  type WorkshopRestaurant,
} from '@carte/domain';

type PublicCustomization = PublicDish['customizations'][number];

/** The id a menu that is not saved yet stands under in the preview. */
export const UNSAVED_MENU_ID = '000000000000000000000000';

export interface PreviewSources {
  categories: readonly Category[];
  dishes: readonly Dish[];
  ingredients: readonly Ingredient[];
  restaurant: WorkshopRestaurant | null;
}

/**
 * A customization as the diner gets it: only if available, with its available options named (an
 * option's ingredient must be available too) and priced for the dish (decisions §4, `optionPrice`).
 */
function publicCustomization(
  data: Customization,
  basePrice: number,
  ingredientById: ReadonlyMap<string, Ingredient>,
): PublicCustomization | null {
  if (!data.isAvailable) return null;
  const options = data.options.flatMap((option) => {
    if (!option.isAvailable) return [];
    const ingredient = option.ingredient ? ingredientById.get(option.ingredient) : undefined;
    if (option.ingredient && !ingredient?.isAvailable) return [];
    const name = ingredient ? ingredient.name : option.name?.trim();
    if (!name) return [];
    return [{ _id: option._id, name, price: optionPrice(basePrice, option, data.isFixedPrice) }];
  });
  return options.length > 0
    ? { _id: data._id, name: data.name, isFixedPrice: data.isFixedPrice, options }
    : null;
}

/**
 * The menu drawn in the owner's preview, built the way the server builds the public one
 * (public-menu.data.ts): the menu's categories that are shown in it and available, each with its
 * available dishes in order (an empty category is left out); per dish its available ingredients and
 * side dishes, its customizations (restaurant-wide selected ones, then its own) and its dietary tags.
 * Menu fields come from the form's unsaved values when given.
 */
export function buildPreviewMenu(
  menu: Menu | null,
  draft: MenuInput | null,
  images: { cover: ImageVariants | null; logo: ImageVariants | null },
  sources: PreviewSources,
): PublicMenu {
  const ingredientById = new Map(sources.ingredients.map((item) => [item._id, item]));
  const dishById = new Map(sources.dishes.map((item) => [item._id, item]));
  const categoryById = new Map(sources.categories.map((item) => [item._id, item]));
  const shared = new Map((sources.restaurant?.customizations ?? []).map((item) => [item._id, item]));

  const publicDish = (dish: Dish): PublicDish => ({
    _id: dish._id,
    name: dish.name,
    description: dish.description,
    price: dish.price,
    calories: dish.calories,
    alcoholPercentage: dish.alcoholPercentage,
    image: dish.image,
    imageVariants: dish.imageVariants,
    ingredients: dish.ingredients
      .map((entry) => entry.ingredient)
      .filter((ingredient) => ingredientById.get(ingredient._id)?.isAvailable ?? true)
      .map((ingredient) => ({ _id: ingredient._id, name: ingredient.name })),
    sideDishes: dish.sideDishes.flatMap((id) => {
      const side = dishById.get(id);
      return side?.isAvailable ? [{ _id: side._id, name: side.name, price: side.price }] : [];
    }),
    // Restaurant-wide customizations are the dish's own restaurant's: inherited dishes show only theirs.
    customizations: [
      ...(dish.fromParent ? [] : dish.customizations.selected.flatMap((id) => shared.get(id) ?? [])),
      ...dish.customizations.custom,
    ].flatMap((data) => publicCustomization(data, dish.price, ingredientById) ?? []),
    dietary: dishDietaryTags(dish),
  });

  const entries = draft?.categories ?? menu?.categories ?? [];
  const categories = entries.flatMap((entry) => {
    const category = categoryById.get(entry.category);
    if (entry.valid === false || !category?.isAvailable) return [];
    const dishes = category.dishes.flatMap((id) => {
      const dish = dishById.get(id);
      return dish?.isAvailable ? [publicDish(dish)] : [];
    });
    return dishes.length > 0 ? [{ _id: category._id, name: category.name, dishes }] : [];
  });

  const base = menu ?? null;
  return {
    _id: base?._id ?? UNSAVED_MENU_ID,
    name: draft?.name?.trim() || base?.name || 'New menu',
    description: draft?.description ?? base?.description ?? '',
    cover: images.cover?.full ?? null,
    coverVariants: images.cover,
    logo: images.logo?.full ?? null,
    logoVariants: images.logo,
    colors: draft?.colors ?? base?.colors ?? { ...defaultMenuColors },
    fonts: draft?.fonts ?? base?.fonts ?? { primary: '', secondary: '', tertiary: '' },
    selectedTemplate: draft?.selectedTemplate ?? base?.selectedTemplate ?? 'Classic Template',
    templateMeta: draft?.templateMeta ?? base?.templateMeta ?? {},
    showCTA: draft?.showCTA ?? base?.showCTA ?? { title: '', content: '', emails: [] },
    displayIngredients: bool(draft?.displayIngredients) ?? base?.displayIngredients ?? true,
    displayDietary: bool(draft?.displayDietary) ?? base?.displayDietary ?? true,
    displaySideDishes: bool(draft?.displaySideDishes) ?? base?.displaySideDishes ?? true,
    fromParent: base?.fromParent ?? false,
    categories,
  };
}

/** Form flags may be booleans or multipart text. */
const bool = (value: boolean | 'true' | 'false' | undefined): boolean | undefined =>
  value === undefined ? undefined : value === true || value === 'true';

/** The restaurant as the preview needs it; fields the workshop does not read stay empty. */
export function buildPreviewRestaurant(
  restaurant: WorkshopRestaurant,
  logo: ImageVariants | null,
  filterOptions: FilterOptions | null,
): PublicRestaurant {
  return {
    _id: restaurant._id,
    name: restaurant.name,
    description: '',
    restaurantType: restaurant.restaurantType,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    sideDishesLabel: restaurant.sideDishesLabel,
    // Like the public page: the restaurant has no logo of its own yet, the menu's stands in.
    logo: logo?.full ?? null,
    logoVariants: logo,
    social: [],
    filterOptions,
  };
}
