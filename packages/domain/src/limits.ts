/**
 * How much one restaurant may hold (issue 21). Every list stays usable at these sizes (server pages,
 * answers written without holding the server), and past them a real restaurant is better served by a
 * word with support than by a slower screen. A location counts its own rows, not its parent's.
 * (Customizations are saved as one list of at most 200, setCustomizationsSchema: already bounded.)
 */
export const RESTAURANT_LIMITS = {
  dishes: 20_000,
  ingredients: 20_000,
  categories: 5_000,
  menus: 500,
  media: 10_000,
} as const;

export type LimitedKind = keyof typeof RESTAURANT_LIMITS;

/** What each kind is called in the limit's message. */
export const LIMITED_KIND_NAMES: Record<LimitedKind, string> = {
  dishes: 'dishes',
  ingredients: 'ingredients',
  categories: 'categories',
  menus: 'menus',
  media: 'images in the media library',
};
