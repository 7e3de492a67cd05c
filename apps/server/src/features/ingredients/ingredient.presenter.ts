import { type Ingredient, presentTranslations } from '@carte/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import { isFromParent, type RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { anyOf } from '../../db/list-page.ts';
import { dishes, dishIngredients, ingredients } from '../../db/schema.ts';
import { readIngredientDeclarations } from '../allergens/index.ts';

export type IngredientRow = typeof ingredients.$inferSelect;

/**
 * Ingredients as they leave the server (STYLE rule 2), in one pass for a list: the parent's name and
 * `count`, the number of the caller's visible dishes that use each one (doc 1 §3), its allergen
 * declaration and what its parents declare (issue 23).
 */
export async function presentIngredients(
  db: Db | Tx,
  scope: RestaurantScope,
  rows: IngredientRow[],
): Promise<Ingredient[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const parentIds = [...new Set(rows.map((row) => row.parentId).filter((id): id is string => Boolean(id)))];
  // One after the other: a whole list presents its slices inside one transaction (readWhole).
  const parents = parentIds.length
    ? await db
        .select({ id: ingredients.id, name: ingredients.name })
        .from(ingredients)
        .where(and(anyOf(ingredients.id, parentIds), inArray(ingredients.restaurantId, scope.visibleIds)))
    : [];
  const counts = await db
    .select({ id: dishIngredients.ingredientId, count: count() })
    .from(dishIngredients)
    .innerJoin(dishes, eq(dishes.id, dishIngredients.dishId))
    .where(and(anyOf(dishIngredients.ingredientId, ids), inArray(dishes.restaurantId, scope.visibleIds)))
    .groupBy(dishIngredients.ingredientId);
  const declarations = parentIds.length
    ? await readIngredientDeclarations(db, scope.visibleIds, parentIds)
    : null;
  const parentName = new Map(parents.map((row) => [row.id, row.name]));
  const countOf = new Map(counts.map((row) => [row.id, Number(row.count)]));
  return rows.map((row) => {
    const name = row.parentId ? parentName.get(row.parentId) : undefined;
    return {
      _id: row.id,
      name: row.name,
      parent: row.parentId && name !== undefined ? { _id: row.parentId, name } : null,
      allergens: { contains: row.allergens.contains, mayContain: row.allergens.mayContain },
      inheritedAllergens:
        row.parentId && declarations ? declarations.whole(row.parentId) : { contains: [], mayContain: [] },
      count: countOf.get(row.id) ?? 0,
      isAvailable: row.isAvailable,
      fromParent: isFromParent(scope, row.restaurantId),
      createdAt: row.createdAt.toISOString(),
      translations: presentTranslations(row.translations),
    };
  });
}
