import { ALLERGENS, type AllergenMatrix, type DeclarationChangeEntry } from '@carte/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { assertVisible } from '../../core/restaurant-scope.ts';
import type { Db } from '../../db/connect.ts';
import { anyOf } from '../../db/list-page.ts';
import { readableMenus, scopeOf } from '../../db/restaurant-scope.ts';
import {
  categories,
  categoryDishes,
  declarationChanges,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
  restaurants,
} from '../../db/schema.ts';
import { declarationHistory, dishAllergensOf, readIngredientDeclarations } from './allergen.declarations.ts';
import { renderAllergenMatrixPdf } from './allergen-matrix-pdf.ts';

/** How deep ingredient parents are followed for the last change (as readIngredientDeclarations). */
const MAX_DEPTH = 8;

/**
 * What the owner reads of declarations (issue 23 §6): a dish's or an ingredient's kept changes, and
 * a menu's allergen matrix (dishes × the 14) as JSON and as a printable PDF. Records are those the
 * caller sees (own and a parent's); anything else is 404.
 */
export function createAllergenRecordService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  async function matrix(caller: Caller, menuId: string): Promise<AllergenMatrix> {
    const scope = await scopeOf(db, caller);
    const [menu] = await db
      .select({ id: menus.id, name: menus.name, restaurantId: menus.restaurantId })
      .from(menus)
      .where(and(eq(menus.id, menuId), readableMenus(scope)));
    assertVisible(scope, menu);
    const [restaurant] = await db
      .select({ name: restaurants.name, timeZone: restaurants.timeZone })
      .from(restaurants)
      .where(eq(restaurants.id, scope.restaurantId));

    // The menu's categories in its order, then each category's dishes in the order a diner reads.
    const categoryRows = await db
      .select({ id: categories.id, name: categories.name })
      .from(menuCategories)
      .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
      .where(and(eq(menuCategories.menuId, menu!.id), inArray(categories.restaurantId, scope.visibleIds)))
      .orderBy(asc(menuCategories.position));
    const dishRows = categoryRows.length
      ? await db
          .select({
            categoryId: categoryDishes.categoryId,
            id: dishes.id,
            name: dishes.name,
            allergens: dishes.allergens,
          })
          .from(categoryDishes)
          .innerJoin(dishes, eq(dishes.id, categoryDishes.dishId))
          .where(
            and(
              anyOf(
                categoryDishes.categoryId,
                categoryRows.map((row) => row.id),
              ),
              inArray(dishes.restaurantId, scope.visibleIds),
            ),
          )
          .orderBy(asc(categoryDishes.position), asc(dishes.name))
      : [];
    const dishIds = [...new Set(dishRows.map((row) => row.id))];
    const links = dishIds.length
      ? await db
          .select({ dishId: dishIngredients.dishId, ingredientId: dishIngredients.ingredientId })
          .from(dishIngredients)
          .where(anyOf(dishIngredients.dishId, dishIds))
      : [];
    const ingredientsOf = new Map<string, string[]>();
    for (const link of links) {
      const list = ingredientsOf.get(link.dishId) ?? [];
      list.push(link.ingredientId);
      ingredientsOf.set(link.dishId, list);
    }
    const declarations = await readIngredientDeclarations(
      db,
      scope.visibleIds,
      links.map((link) => link.ingredientId),
    );
    const lastChanges = await lastChangesOf(db, scope.visibleIds, dishIds, ingredientsOf);

    // A dish in two of the menu's categories is listed once, under the first.
    const placed = new Set<string>();
    const byCategory = new Map<string, AllergenMatrix['categories'][number]['dishes']>();
    for (const row of dishRows) {
      if (placed.has(row.id)) continue;
      placed.add(row.id);
      const list = byCategory.get(row.categoryId) ?? [];
      list.push({
        _id: row.id,
        name: row.name,
        allergens: dishAllergensOf(declarations, ingredientsOf.get(row.id) ?? [], row.allergens),
        lastChange: lastChanges.get(row.id) ?? null,
      });
      byCategory.set(row.categoryId, list);
    }
    return {
      menu: { _id: menu!.id, name: menu!.name },
      restaurant: { name: restaurant?.name ?? '', timeZone: restaurant?.timeZone ?? 'UTC' },
      allergens: ALLERGENS.map(({ key, name, short }) => ({ key, name, short })),
      categories: categoryRows
        .map((row) => ({ _id: row.id, name: row.name, dishes: byCategory.get(row.id) ?? [] }))
        .filter((category) => category.dishes.length > 0),
    };
  }

  return {
    async dishHistory(caller: Caller, dishId: string): Promise<DeclarationChangeEntry[]> {
      const scope = await scopeOf(db, caller);
      const [dish] = await db
        .select({ id: dishes.id, restaurantId: dishes.restaurantId })
        .from(dishes)
        .where(and(eq(dishes.id, dishId), inArray(dishes.restaurantId, scope.visibleIds)));
      assertVisible(scope, dish);
      return declarationHistory(db, { dishId });
    },

    async ingredientHistory(caller: Caller, ingredientId: string): Promise<DeclarationChangeEntry[]> {
      const scope = await scopeOf(db, caller);
      const [ingredient] = await db
        .select({ id: ingredients.id, restaurantId: ingredients.restaurantId })
        .from(ingredients)
        .where(and(eq(ingredients.id, ingredientId), inArray(ingredients.restaurantId, scope.visibleIds)));
      assertVisible(scope, ingredient);
      return declarationHistory(db, { ingredientId });
    },

    matrix,

    /** The matrix as an A4 landscape PDF, printed now in the caller's restaurant's time zone. */
    async matrixPdf(caller: Caller, menuId: string): Promise<{ body: Buffer; fileName: string }> {
      const data = await matrix(caller, menuId);
      const body = await renderAllergenMatrixPdf(data, now());
      return { body, fileName: `allergens-${fileSafe(data.menu.name)}.pdf` };
    },
  };
}

export type AllergenRecordService = ReturnType<typeof createAllergenRecordService>;

const fileSafe = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'menu';

type LastChange = AllergenMatrix['categories'][number]['dishes'][number]['lastChange'];

/**
 * The last change of each dish's allergen declaration: of its own part, or of one of its
 * ingredients' (or their parents') declarations, whichever is newest.
 */
async function lastChangesOf(
  db: Db,
  visibleIds: string[],
  dishIds: string[],
  ingredientsOf: Map<string, string[]>,
): Promise<Map<string, LastChange>> {
  const found = new Map<string, LastChange>();
  if (dishIds.length === 0) return found;
  // Each ingredient's chain: itself and its parents.
  const parentOf = new Map<string, string | null>();
  const names = new Map<string, string>();
  let wanted = [...new Set([...ingredientsOf.values()].flat())];
  for (let depth = 0; wanted.length > 0 && depth < MAX_DEPTH; depth++) {
    const rows = await db
      .select({ id: ingredients.id, parentId: ingredients.parentId, name: ingredients.name })
      .from(ingredients)
      .where(and(anyOf(ingredients.id, wanted), inArray(ingredients.restaurantId, visibleIds)));
    for (const row of rows) {
      parentOf.set(row.id, row.parentId);
      names.set(row.id, row.name);
    }
    wanted = [
      ...new Set(rows.map((row) => row.parentId).filter((id): id is string => !!id && !parentOf.has(id))),
    ];
  }
  const latest = async (
    column: typeof declarationChanges.dishId | typeof declarationChanges.ingredientId,
    ids: string[],
  ) =>
    ids.length
      ? db
          .selectDistinctOn([column], {
            of: column,
            username: declarationChanges.username,
            createdAt: declarationChanges.createdAt,
          })
          .from(declarationChanges)
          .where(and(anyOf(column, ids), eq(declarationChanges.field, 'allergens')))
          .orderBy(column, desc(declarationChanges.createdAt), desc(declarationChanges.id))
      : [];
  const ofDishes = new Map((await latest(declarationChanges.dishId, dishIds)).map((row) => [row.of, row]));
  const ofIngredients = new Map(
    (await latest(declarationChanges.ingredientId, [...parentOf.keys()])).map((row) => [row.of, row]),
  );
  for (const dishId of dishIds) {
    let best: { username: string; createdAt: Date; ingredient: string | null } | null = null;
    const own = ofDishes.get(dishId);
    if (own) best = { username: own.username, createdAt: own.createdAt, ingredient: null };
    const seen = new Set<string>();
    for (const first of ingredientsOf.get(dishId) ?? []) {
      for (let at: string | null | undefined = first; at && !seen.has(at); at = parentOf.get(at)) {
        seen.add(at);
        const change = ofIngredients.get(at);
        if (change && (!best || change.createdAt > best.createdAt))
          best = {
            username: change.username,
            createdAt: change.createdAt,
            ingredient: names.get(at) ?? null,
          };
      }
    }
    found.set(
      dishId,
      best && {
        username: best.username,
        createdAt: best.createdAt.toISOString(),
        ingredient: best.ingredient,
      },
    );
  }
  return found;
}
