import { type AllergenKey, allergenOf } from '@carte/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import type { Db } from '../../db/connect.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { categories, categoryDishes, dishes, dishIngredients, ingredients } from '../../db/schema.ts';

/**
 * The exports (issue 23 §7): the owner's own ingredients and dishes in the import's formats, with
 * the allergen columns, so a file exported here imports into another restaurant as it was. Allergens
 * are written by their official English names, `|` between them.
 */

export const INGREDIENT_COLUMNS = ['name', 'parent', 'contains', 'mayContain'] as const;
export const DISH_COLUMNS = [
  'name',
  'price',
  'description',
  'calories',
  'alcoholPercentage',
  'available',
  'category',
  'ingredients',
  'contains',
  'mayContain',
  'declared',
  'portion',
] as const;

/**
 * One cell as CSV: quoted when it holds a comma, a quote, a line break or surrounding spaces. A cell a
 * spreadsheet would run as a formula (= + - @) is guarded with a leading ' (the import reads it back
 * without it: csv-reader.ts).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
const names = (keys: readonly AllergenKey[]) => keys.map((key) => allergenOf(key).name).join('|');

/** Rich text as the plain text the import reads: paragraphs apart by a blank line, <br> as a line break. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function createCsvExportService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** name,parent,contains,mayContain — the caller's own ingredients in their list order. */
    async ingredients(caller: Caller): Promise<string> {
      const scope = await scopeOf(db, caller);
      const rows = await db
        .select({
          id: ingredients.id,
          name: ingredients.name,
          parentId: ingredients.parentId,
          allergens: ingredients.allergens,
        })
        .from(ingredients)
        .where(eq(ingredients.restaurantId, scope.restaurantId))
        .orderBy(asc(ingredients.position), asc(ingredients.createdAt));
      const parentIds = [...new Set(rows.map((row) => row.parentId).filter((id): id is string => !!id))];
      const parents = parentIds.length
        ? await db
            .select({ id: ingredients.id, name: ingredients.name })
            .from(ingredients)
            .where(
              and(inArray(ingredients.id, parentIds), inArray(ingredients.restaurantId, scope.visibleIds)),
            )
        : [];
      const parentName = new Map(parents.map((row) => [row.id, row.name]));
      // Parents first, so the file imports in one go (a parent is an existing ingredient or an earlier row).
      const ordered = [...rows.filter((row) => !row.parentId), ...rows.filter((row) => row.parentId)];
      let out = line([...INGREDIENT_COLUMNS]);
      for (const row of ordered)
        out += line([
          row.name,
          row.parentId ? (parentName.get(row.parentId) ?? '') : '',
          names(row.allergens.contains),
          names(row.allergens.mayContain),
        ]);
      return out;
    },

    /**
     * The caller's own dishes, newest first as in their list: contains and mayContain are the dish's
     * own part (the kitchen's additions), as the form edits it; what its ingredients declare travels
     * with the ingredients' file.
     */
    async dishes(caller: Caller): Promise<string> {
      const scope = await scopeOf(db, caller);
      const rows = await db
        .select()
        .from(dishes)
        .where(eq(dishes.restaurantId, scope.restaurantId))
        .orderBy(asc(dishes.position), desc(dishes.createdAt), desc(dishes.id));
      const ids = rows.map((row) => row.id);
      const ingredientRows = ids.length
        ? await db
            .select({ dishId: dishIngredients.dishId, name: ingredients.name })
            .from(dishIngredients)
            .innerJoin(ingredients, eq(ingredients.id, dishIngredients.ingredientId))
            .where(inArray(dishIngredients.dishId, ids))
            .orderBy(asc(dishIngredients.position))
        : [];
      const categoryRows = ids.length
        ? await db
            .select({ dishId: categoryDishes.dishId, name: categories.name })
            .from(categoryDishes)
            .innerJoin(categories, eq(categories.id, categoryDishes.categoryId))
            .where(and(inArray(categoryDishes.dishId, ids), eq(categories.restaurantId, scope.restaurantId)))
            .orderBy(asc(categories.position), desc(categories.createdAt))
        : [];
      const group = (list: { dishId: string; name: string }[]) => {
        const map = new Map<string, string[]>();
        for (const item of list) map.set(item.dishId, [...(map.get(item.dishId) ?? []), item.name]);
        return map;
      };
      const ingredientsOf = group(ingredientRows);
      const categoriesOf = group(categoryRows);
      // The import puts new dishes at the top in file order: oldest last keeps the list's order.
      let out = line([...DISH_COLUMNS]);
      for (const row of rows)
        out += line([
          row.name,
          Number(row.price).toFixed(2),
          htmlToPlainText(row.description),
          row.calories,
          row.alcoholPercentage === null ? null : Number(row.alcoholPercentage),
          row.isAvailable ? 'yes' : 'no',
          (categoriesOf.get(row.id) ?? []).join('|'),
          (ingredientsOf.get(row.id) ?? []).join('|'),
          names(row.allergens.contains),
          names(row.allergens.mayContain),
          row.allergens.declared ? 'yes' : 'no',
          row.portion,
        ]);
      return out;
    },
  };
}

export type CsvExportService = ReturnType<typeof createCsvExportService>;
