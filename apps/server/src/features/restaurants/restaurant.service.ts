import type { WorkshopRestaurant } from '@carte/domain';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { NotFoundError } from '../../core/errors.ts';
import { scopeOf } from '../../core/restaurant-scope.ts';
import type { Db } from '../../db/connect.ts';
import { restaurants } from '../../db/schema.ts';
import { type CustomizationService, presentCustomization } from '../customizations/index.ts';

/** The restaurant as the workshop reads it (doc 1 §7 "Restaurant find"). */
export function createRestaurantService(deps: { db: Db; customizations: CustomizationService }) {
  const { db, customizations } = deps;

  return {
    /**
     * The caller's own restaurant with its own lists: restaurant-wide customizations and dietary
     * additions are not inherited by a location (decisions §4 names menus, categories, dishes and
     * ingredients only).
     */
    async workshop(caller: Caller): Promise<WorkshopRestaurant> {
      const scope = await scopeOf(db, caller);
      const [row] = await db.select().from(restaurants).where(eq(restaurants.id, scope.restaurantId));
      if (!row) throw new NotFoundError();
      const parent = row.parentId
        ? (
            await db
              .select({ id: restaurants.id, name: restaurants.name })
              .from(restaurants)
              .where(eq(restaurants.id, row.parentId))
          )[0]
        : undefined;
      return {
        _id: row.id,
        name: row.name,
        restaurantType: row.restaurantType,
        sideDishesLabel: row.sideDishesLabel,
        customizations: (await customizations.listOwn(row.id)).map(presentCustomization),
        dietaryConsiderations: {
          diets: row.dietary.diets ?? [],
          foodTypes: row.dietary.foodTypes ?? [],
          other: row.dietary.other ?? [],
        },
        parentRestaurant: parent ? { _id: parent.id, name: parent.name } : null,
      };
    },
  };
}

export type RestaurantService = ReturnType<typeof createRestaurantService>;
