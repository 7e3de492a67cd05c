import { type Category, presentTranslations } from '@carte/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isFromParent, type RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Db } from '../../db/connect.ts';
import { anyOf } from '../../db/list-page.ts';
import { readableMenus } from '../../db/restaurant-scope.ts';
import { type categories, categoryDishes, dishes, menuCategories, menus } from '../../db/schema.ts';

export type CategoryRow = typeof categories.$inferSelect;

/** Each category's linked ids, in the links' order. */
function idsByCategory<Link extends { categoryId: string }>(links: Link[], idOf: (link: Link) => string) {
  const map = new Map<string, string[]>();
  for (const link of links) {
    const list = map.get(link.categoryId);
    if (list) list.push(idOf(link));
    else map.set(link.categoryId, [idOf(link)]);
  }
  return map;
}

/**
 * Categories as they leave the server (STYLE rule 2): their dishes in the category's order and the
 * menus that show them. Only dishes and menus inside the viewer's scope are named, so a parent never
 * learns the ids of its locations' menus (decisions §4).
 */
export async function presentCategories(
  db: Db,
  scope: RestaurantScope,
  rows: CategoryRow[],
): Promise<Category[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [dishLinks, menuLinks] = await Promise.all([
    db
      .select({ categoryId: categoryDishes.categoryId, dishId: categoryDishes.dishId })
      .from(categoryDishes)
      .innerJoin(dishes, eq(dishes.id, categoryDishes.dishId))
      .where(and(anyOf(categoryDishes.categoryId, ids), inArray(dishes.restaurantId, scope.visibleIds)))
      .orderBy(asc(categoryDishes.position), asc(dishes.createdAt)),
    db
      .select({ categoryId: menuCategories.categoryId, menuId: menuCategories.menuId })
      .from(menuCategories)
      .innerJoin(menus, eq(menus.id, menuCategories.menuId))
      .where(and(anyOf(menuCategories.categoryId, ids), readableMenus(scope)))
      .orderBy(asc(menus.position), asc(menus.createdAt)),
  ]);

  // Links grouped once (in their query's order): filtering them per category was O(n²) (issue 21).
  const dishesOf = idsByCategory(dishLinks, (link) => link.dishId);
  const menusOf = idsByCategory(menuLinks, (link) => link.menuId);
  return rows.map((row) => {
    const menuIds = menusOf.get(row.id) ?? [];
    return {
      _id: row.id,
      name: row.name,
      isAvailable: row.isAvailable,
      dishes: dishesOf.get(row.id) ?? [],
      menu: menuIds[0] ?? null,
      menus: menuIds,
      translations: presentTranslations(row.translations),
      fromParent: isFromParent(scope, row.restaurantId),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function presentCategory(db: Db, scope: RestaurantScope, row: CategoryRow): Promise<Category> {
  const [category] = await presentCategories(db, scope, [row]);
  return category!;
}
