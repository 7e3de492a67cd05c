/** Roles of doc 1 §6. RESTAURANT is the owner (shown as OWNER). */
export const roles = ['RESTAURANT', 'MEMBER', 'ADMIN', 'SUPER_ADMIN', 'DMA', 'DMA_CLIENT'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  RESTAURANT: 'OWNER',
  MEMBER: 'MEMBER',
  ADMIN: 'ADMIN',
  SUPER_ADMIN: 'SUPER ADMIN',
  DMA: 'RESELLER',
  DMA_CLIENT: 'CLIENT',
};

export const isAdminRole = (role: Role): boolean => role === 'ADMIN' || role === 'SUPER_ADMIN';

/** Roles whose account cannot be deleted by its holder (doc 2 §6). */
export const undeletableRoles: readonly Role[] = ['SUPER_ADMIN', 'DMA_CLIENT'];

/**
 * Business types (doc 2 §3: "a business-types list including FOOD_TRUCK; shown upper case"; doc 1 §9
 * names Restaurant and Food truck). The list a menu platform needs; the label is what messages say
 * ("Food truck name cannot be empty", doc 2 §5) and, upper-cased, what the screens show.
 */
export const restaurantTypes = [
  'RESTAURANT',
  'FOOD_TRUCK',
  'CAFE',
  'COFFEE_SHOP',
  'BAKERY',
  'BAR',
  'PUB',
  'BREWERY',
  'WINERY',
  'PIZZERIA',
  'FAST_FOOD',
  'FOOD_HALL',
  'GHOST_KITCHEN',
  'CATERING',
  'HOTEL',
] as const;
export type RestaurantType = (typeof restaurantTypes)[number];
export const restaurantTypeLabels: Record<RestaurantType, string> = {
  RESTAURANT: 'Restaurant',
  FOOD_TRUCK: 'Food truck',
  CAFE: 'Cafe',
  COFFEE_SHOP: 'Coffee shop',
  BAKERY: 'Bakery',
  BAR: 'Bar',
  PUB: 'Pub',
  BREWERY: 'Brewery',
  WINERY: 'Winery',
  PIZZERIA: 'Pizzeria',
  FAST_FOOD: 'Fast food',
  FOOD_HALL: 'Food hall',
  GHOST_KITCHEN: 'Ghost kitchen',
  CATERING: 'Catering',
  HOTEL: 'Hotel',
};

export const isRestaurantType = (value: unknown): value is RestaurantType =>
  typeof value === 'string' && (restaurantTypes as readonly string[]).includes(value);

/** The label of a type as messages use it; an unknown stored value reads as "Restaurant". */
export const restaurantTypeLabel = (value: string | null | undefined): string =>
  isRestaurantType(value) ? restaurantTypeLabels[value] : restaurantTypeLabels.RESTAURANT;

/** "shown upper case" (doc 2 §3): FOOD TRUCK, COFFEE SHOP. */
export const restaurantTypeDisplay = (value: string | null | undefined): string =>
  restaurantTypeLabel(value).toUpperCase();
