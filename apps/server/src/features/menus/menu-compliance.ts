import {
  type ComplianceDish,
  type ComplianceProblem,
  complianceAnswer,
  defaultLabelling,
  type Labelling,
  type MenuCompliance,
  menuCompliance,
} from '@carte/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { IncompleteMenuError } from '../../core/errors.ts';
import { assertVisible, type RestaurantScope, scopeFor } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { readableMenus, scopeOf } from '../../db/restaurant-scope.ts';
import {
  categories,
  categoryDishes,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
  restaurants,
} from '../../db/schema.ts';
import { dishAllergensOf, readIngredientDeclarations } from '../allergens/index.ts';

type Executor = Db | Tx;

/**
 * The check before publishing (issue 23 §5): what a menu's dishes lack for the labelling rules.
 * The dishes are those the menu shows, as the owner sees them: its categories' dishes (own and
 * inherited), in the menu's order; the rules are the pure `menuCompliance` of domain.
 */
export function createMenuCompliance(deps: { db: Db }) {
  const { db } = deps;

  /** The menu's dishes as the check reads them, among the restaurants the scope sees. */
  async function dishesOf(ex: Executor, scope: RestaurantScope, menuId: string): Promise<ComplianceDish[]> {
    const visible = scope.visibleIds;
    const rows = await ex
      .select({
        id: dishes.id,
        name: dishes.name,
        calories: dishes.calories,
        portion: dishes.portion,
        allergens: dishes.allergens,
        dietary: dishes.dietary,
      })
      .from(menuCategories)
      .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
      .innerJoin(categoryDishes, eq(categoryDishes.categoryId, categories.id))
      .innerJoin(dishes, eq(dishes.id, categoryDishes.dishId))
      .where(
        and(
          eq(menuCategories.menuId, menuId),
          inArray(categories.restaurantId, visible),
          inArray(dishes.restaurantId, visible),
        ),
      )
      .orderBy(asc(menuCategories.position), asc(categories.createdAt), asc(categoryDishes.position));
    if (rows.length === 0) return [];
    // The menu's dishes as a subquery: a menu of 10,000 dishes is not sent back as parameters.
    const dishIds = ex
      .select({ id: categoryDishes.dishId })
      .from(categoryDishes)
      .innerJoin(menuCategories, eq(menuCategories.categoryId, categoryDishes.categoryId))
      .where(eq(menuCategories.menuId, menuId));
    const ingredientRows = await ex
      .select({
        dishId: dishIngredients.dishId,
        id: ingredients.id,
        name: ingredients.name,
        isAvailable: ingredients.isAvailable,
      })
      .from(dishIngredients)
      .innerJoin(ingredients, eq(ingredients.id, dishIngredients.ingredientId))
      .where(and(inArray(dishIngredients.dishId, dishIds), inArray(ingredients.restaurantId, visible)))
      .orderBy(asc(dishIngredients.position));
    const ingredientsOf = new Map<string, typeof ingredientRows>();
    for (const row of ingredientRows) {
      const list = ingredientsOf.get(row.dishId);
      if (list) list.push(row);
      else ingredientsOf.set(row.dishId, [row]);
    }
    const declarations = await readIngredientDeclarations(
      ex,
      visible,
      ingredientRows.map((row) => row.id),
    );
    return rows.map((row) => {
      const own = ingredientsOf.get(row.id) ?? [];
      const { selected, admin } = row.dietary;
      return {
        id: row.id,
        name: row.name,
        allergens: dishAllergensOf(
          declarations,
          own.map((item) => item.id),
          row.allergens,
        ),
        calories: row.calories,
        portion: row.portion,
        tags: [selected, admin].flatMap((lists) => [
          ...(lists?.diets ?? []),
          ...(lists?.foodTypes ?? []),
          ...(lists?.other ?? []),
        ]),
        ingredients: own.map((item) => ({ name: item.name, isAvailable: item.isAvailable })),
      };
    });
  }

  async function restaurantOf(ex: Executor, restaurantId: string) {
    const [row] = await ex
      .select({
        id: restaurants.id,
        parentId: restaurants.parentId,
        parentDrafts: restaurants.parentDrafts,
        labelling: restaurants.labelling,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return row;
  }

  const labellingOf = (row: { labelling: Labelling | null } | undefined): Labelling => ({
    ...defaultLabelling(),
    ...row?.labelling,
  });

  /** The problems that forbid publishing these menus: none unless the restaurant asked for the block. */
  async function blockingProblems(
    ex: Executor,
    restaurantId: string,
    menuIds: readonly string[],
  ): Promise<ComplianceProblem[]> {
    if (menuIds.length === 0) return [];
    const restaurant = await restaurantOf(ex, restaurantId);
    const labelling = labellingOf(restaurant);
    if (!restaurant || !labelling.blockIncomplete) return [];
    const scope = scopeFor(restaurant.id, restaurant.parentId, restaurant.parentDrafts);
    const problems: ComplianceProblem[] = [];
    const seen = new Set<string>();
    for (const menuId of new Set(menuIds)) {
      for (const problem of menuCompliance(labelling, await dishesOf(ex, scope, menuId))) {
        // One dish in two menus published together is listed once.
        const key = `${problem.dishId} ${problem.kind} ${problem.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push(problem);
      }
    }
    return problems;
  }

  return {
    /**
     * GET /api/menus/{id}/compliance: a menu the caller reads (own, or its parent's), checked against
     * the caller's restaurant's rules (a location showing its parent's menu answers to its own).
     */
    async get(caller: Caller, menuId: string): Promise<MenuCompliance> {
      const scope = await scopeOf(db, caller);
      const [menu] = await db
        .select({ id: menus.id, restaurantId: menus.restaurantId })
        .from(menus)
        .where(and(eq(menus.id, menuId), readableMenus(scope)));
      assertVisible(scope, menu);
      const labelling = labellingOf(await restaurantOf(db, scope.restaurantId));
      return complianceAnswer(labelling, menuCompliance(labelling, await dishesOf(db, scope, menuId)));
    },

    /**
     * Every path that publishes a menu calls this inside its transaction, after its writes: when the
     * restaurant set "Don't publish an incomplete menu" and one of these menus (its own) lacks
     * something, it throws 409 with the problems and the transaction changes nothing.
     */
    async assertPublishable(ex: Executor, restaurantId: string, menuIds: readonly string[]): Promise<void> {
      const problems = await blockingProblems(ex, restaurantId, menuIds);
      if (problems.length > 0) throw new IncompleteMenuError(problems);
    },

    blockingProblems,
  };
}

export type MenuCompliancePort = ReturnType<typeof createMenuCompliance>;
