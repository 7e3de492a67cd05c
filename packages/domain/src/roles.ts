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

export const restaurantTypes = ['RESTAURANT', 'FOOD_TRUCK'] as const;
export type RestaurantType = (typeof restaurantTypes)[number];
export const restaurantTypeLabels: Record<RestaurantType, string> = {
  RESTAURANT: 'Restaurant',
  FOOD_TRUCK: 'Food truck',
};
