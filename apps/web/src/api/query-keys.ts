/**
 * Query keys per area, in one place, so an invalidation names exactly what it reloads.
 * Later areas (restaurant, menus, categories, dishes, ingredients, admin, reseller) add theirs here.
 */
export const queryKeys = {
  config: ['config'] as const,
  users: {
    all: ['users'] as const,
    me: ['users', 'me'] as const,
    emailVerification: (token: string) => ['users', 'email-verification', token] as const,
    emailChange: (token: string) => ['users', 'email-change', token] as const,
    resetToken: (token: string) => ['users', 'reset-password-token', token] as const,
  },
  restaurant: ['restaurant'] as const,
  /** The menu templates and fonts (GET /api/restaurants/templates). */
  menuCatalog: ['menu-catalog'] as const,
  menus: ['menus'] as const,
  categories: ['categories'] as const,
  dishes: ['dishes'] as const,
  ingredients: ['ingredients'] as const,
  /** The platform's and the restaurant's own dietary lists (needs the dish flag, doc 1 §6). */
  dietary: ['dietary'] as const,
  admin: ['admin'] as const,
  reseller: ['dma'] as const,
  /** The restaurant's media library, a page at a time. */
  media: ['media'] as const,
};

/**
 * What a successful change reloads (doc 1 §4 "Cached data"): a menu change reloads restaurant and
 * menus; a category change categories, restaurant and menus; a dish change dishes, categories and
 * restaurant.
 */
export const invalidatedBy = {
  menu: [queryKeys.restaurant, queryKeys.menus],
  category: [queryKeys.categories, queryKeys.restaurant, queryKeys.menus],
  dish: [queryKeys.dishes, queryKeys.categories, queryKeys.restaurant],
  ingredient: [queryKeys.ingredients],
  /** Menu-wide customizations live on the restaurant. */
  customization: [queryKeys.restaurant],
  /** A dietary change renames or removes entries in every dish too. */
  dietary: [queryKeys.dietary, queryKeys.dishes, queryKeys.restaurant],
  account: [queryKeys.users.me],
} as const;
