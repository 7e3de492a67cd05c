import { type Dish, dishCustomTranslations, emptyDietary, presentTranslations } from '@carte/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.ts';
import { isFromParent, type RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import { mapYielding } from '../../core/yielding.ts';
import type { Db } from '../../db/connect.ts';
import { anyOf } from '../../db/list-page.ts';
import {
  categories,
  categoryDishes,
  type dishes,
  dishIngredients,
  dishSideDishes,
  ingredients,
} from '../../db/schema.ts';
import { dishAllergensOf, readIngredientDeclarations } from '../allergens/index.ts';
import { presentCustomization } from '../customizations/index.ts';
import { presentImage } from '../media/index.ts';

export type DishRow = typeof dishes.$inferSelect;

const groupBy = <T, K>(rows: T[], keyOf: (row: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(keyOf(row));
    if (list) list.push(row);
    else map.set(keyOf(row), [row]);
  }
  return map;
};

/**
 * Dishes as they leave the server (STYLE rule 2), in one pass for a list: ingredients with their
 * names in the dish's order, side dishes, the visible categories holding the dish (the first one is
 * `category`), image URLs, and `fromParent` for inherited ones.
 */
export async function presentDishes(
  db: Db | Tx,
  storage: Storage,
  scope: RestaurantScope,
  rows: DishRow[],
): Promise<Dish[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after the other: a whole list presents its slices inside one transaction, whose one
  // connection takes one query at a time.
  const ingredientRows = await db
    .select({ dishId: dishIngredients.dishId, id: ingredients.id, name: ingredients.name })
    .from(dishIngredients)
    .innerJoin(ingredients, eq(ingredients.id, dishIngredients.ingredientId))
    .where(anyOf(dishIngredients.dishId, ids))
    .orderBy(asc(dishIngredients.position));
  const sideRows = await db
    .select({ dishId: dishSideDishes.dishId, id: dishSideDishes.sideDishId })
    .from(dishSideDishes)
    .where(anyOf(dishSideDishes.dishId, ids))
    .orderBy(asc(dishSideDishes.position));
  const categoryRows = await db
    .select({ dishId: categoryDishes.dishId, id: categories.id })
    .from(categoryDishes)
    .innerJoin(categories, eq(categories.id, categoryDishes.categoryId))
    .where(and(anyOf(categoryDishes.dishId, ids), inArray(categories.restaurantId, scope.visibleIds)))
    .orderBy(asc(categories.position), desc(categories.createdAt));
  const ingredientsOf = groupBy(ingredientRows, (row) => row.dishId);
  const sidesOf = groupBy(sideRows, (row) => row.dishId);
  const categoriesOf = groupBy(categoryRows, (row) => row.dishId);
  // Allergens follow the ingredients (issue 23): the dishes' and those their own options offer.
  const optionIngredients = rows.flatMap((row) =>
    (row.customizations.custom ?? []).flatMap((custom) =>
      custom.options.map((option) => option.ingredient).filter((id): id is string => Boolean(id)),
    ),
  );
  const declarations = await readIngredientDeclarations(db, scope.visibleIds, [
    ...ingredientRows.map((item) => item.id),
    ...optionIngredients,
  ]);

  return mapYielding(rows, (row) => {
    const categoryIds = (categoriesOf.get(row.id) ?? []).map((item) => item.id);
    const dishIngredientRows = ingredientsOf.get(row.id) ?? [];
    const image = presentImage(storage, row.image);
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      price: Number(row.price),
      calories: row.calories,
      portion: row.portion,
      alcoholPercentage: row.alcoholPercentage === null ? null : Number(row.alcoholPercentage),
      image: image.url,
      imageVariants: image.variants,
      isAvailable: row.isAvailable,
      ingredients: dishIngredientRows.map((item) => ({
        ingredient: { _id: item.id, name: item.name },
      })),
      allergens: dishAllergensOf(
        declarations,
        dishIngredientRows.map((item) => item.id),
        row.allergens,
      ),
      ownAllergens: {
        contains: row.allergens.contains,
        mayContain: row.allergens.mayContain,
        declared: row.allergens.declared,
      },
      sideDishes: (sidesOf.get(row.id) ?? []).map((item) => item.id),
      customizations: {
        selected: row.customizations.selected ?? [],
        custom: (row.customizations.custom ?? []).map((custom) =>
          presentCustomization(
            { ...custom, translations: dishCustomTranslations(row.translations, custom._id) },
            (id) => declarations.whole(id),
          ),
        ),
      },
      category: categoryIds[0] ?? null,
      categories: categoryIds,
      dietaryConsiderations: {
        selected: { ...emptyDietary(), ...row.dietary.selected },
        admin: { ...emptyDietary(), ...row.dietary.admin },
      },
      fromParent: isFromParent(scope, row.restaurantId),
      createdAt: row.createdAt.toISOString(),
      translations: presentTranslations(row.translations),
    };
  });
}
