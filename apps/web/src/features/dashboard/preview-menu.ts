import {
  allDayEveryDay,
  type Catalog,
  type Category,
  ctaHref,
  type Dish,
  defaultMenuColors,
  dishDietaryTags,
  type FilterOptions,
  type ImageVariants,
  type Ingredient,
  type Menu,
  type MenuInput,
  menuSchedule,
  type PublicMenu,
  type PublicRestaurant,
  pictureOf,
  publicMenuOf,
  visibleMenus,
  type WorkshopRestaurant,
} from '@carte/domain';

/** The id a menu that is not saved yet stands under in the preview. */
export const UNSAVED_MENU_ID = '000000000000000000000000';

export interface PreviewSources {
  categories: readonly Category[];
  dishes: readonly Dish[];
  ingredients: readonly Ingredient[];
  restaurant: WorkshopRestaurant | null;
}

/**
 * The menu drawn in the owner's preview, by the rule the public page uses (the domain's
 * `visibleMenus`, decisions §4 "Serving the public menu"), with the two differences the preview
 * needs, both parameters of that rule: the edited menu is shown even as a draft, and whatever the
 * hour (category adjustments are not applied). Menu fields and the category list come from the
 * form's unsaved values when given.
 */
export function buildPreviewMenu(
  menu: Menu | null,
  draft: MenuInput | null,
  images: { cover: ImageVariants | null; logo: ImageVariants | null },
  sources: PreviewSources,
): PublicMenu {
  const view: Omit<PublicMenu, 'categories'> = {
    _id: menu?._id ?? UNSAVED_MENU_ID,
    name: draft?.name?.trim() || menu?.name || 'New menu',
    description: draft?.description ?? menu?.description ?? '',
    cover: images.cover?.full ?? null,
    coverVariants: images.cover,
    logo: images.logo?.full ?? null,
    logoVariants: images.logo,
    colors: draft?.colors ?? menu?.colors ?? { ...defaultMenuColors },
    fonts: draft?.fonts ?? menu?.fonts ?? { primary: '', secondary: '', tertiary: '' },
    selectedTemplate: draft?.selectedTemplate ?? menu?.selectedTemplate ?? 'Classic Template',
    templateMeta: draft?.templateMeta ?? menu?.templateMeta ?? {},
    showCTA: draft?.showCTA ?? menu?.showCTA ?? { title: '', content: '', emails: [] },
    displayIngredients: bool(draft?.displayIngredients) ?? menu?.displayIngredients ?? true,
    displayDietary: bool(draft?.displayDietary) ?? menu?.displayDietary ?? true,
    displaySideDishes: bool(draft?.displaySideDishes) ?? menu?.displaySideDishes ?? true,
    fromParent: menu?.fromParent ?? false,
  };
  const catalog: Catalog = {
    menus: [
      {
        view,
        draft: menu?.draft ?? true,
        // A menu not saved yet: the preview does not read the clock anyway.
        schedule: menu ? menuSchedule(menu) : allDayEveryDay,
        categories: (draft?.categories ?? menu?.categories ?? []).map((entry) => ({
          category: entry.category,
          valid: entry.valid !== false,
          adjustment: null,
        })),
      },
    ],
    categories: sources.categories,
    dishes: sources.dishes.map((dish) => ({
      view: {
        _id: dish._id,
        name: dish.name,
        description: dish.description,
        price: dish.price,
        calories: dish.calories,
        portion: dish.portion,
        alcoholPercentage: dish.alcoholPercentage,
        image: dish.image,
        imageVariants: dish.imageVariants,
        allergens: dish.allergens,
        dietary: dishDietaryTags(dish),
      },
      isAvailable: dish.isAvailable,
      fromParent: dish.fromParent,
      ingredients: dish.ingredients.map((entry) => entry.ingredient._id),
      sideDishes: dish.sideDishes,
      customizations: dish.customizations,
    })),
    ingredients: sources.ingredients,
    // The workshop reads the restaurant's own restaurant-wide customizations only.
    customizations: (sources.restaurant?.customizations ?? []).map((item) => ({
      ...item,
      fromParent: false,
    })),
  };
  const [shown] = visibleMenus(catalog, { show: { preview: view._id }, at: null, timeZone: 'UTC' });
  return shown ? publicMenuOf(shown) : { ...view, categories: [] };
}

/** Form flags may be booleans or multipart text. */
const bool = (value: boolean | 'true' | 'false' | undefined): boolean | undefined =>
  value === undefined ? undefined : value === true || value === 'true';

/** The restaurant as the preview needs it, as the public page draws it (public-menu.data.ts). */
export function buildPreviewRestaurant(
  restaurant: WorkshopRestaurant,
  logo: ImageVariants | null,
  filterOptions: FilterOptions | null,
): PublicRestaurant {
  // Like the public page: the restaurant's own logo, else the menu's stands in.
  const ownLogo = pictureOf(restaurant.logo, restaurant.logoVariants);
  const shownLogo = ownLogo ?? logo;
  return {
    _id: restaurant._id,
    name: restaurant.name,
    description: restaurant.description,
    restaurantType: restaurant.restaurantType,
    timeZone: restaurant.timeZone,
    sideDishesLabel: restaurant.sideDishesLabel,
    logo: shownLogo?.full ?? null,
    logoVariants: shownLogo,
    social: restaurant.social.map(({ media, url }) => ({ media, url })),
    cta: restaurant.cta.enabled && ctaHref(restaurant.cta) !== null ? restaurant.cta : null,
    filterOptions,
    labelling: {
      region: restaurant.labelling.region,
      calories: restaurant.labelling.calories,
      usStateNotice: restaurant.labelling.usStateNotice,
    },
  };
}
