import { type FilterOptions, filterOptionsSchema } from '@carte/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { ingredients, restaurants } from '../../db/schema.ts';

type Executor = Db | Tx;

/** The ids every category filter names, each once. */
const ingredientIdsOf = (options: FilterOptions): string[] => [
  ...new Set(options.filter.flatMap((entry) => entry.ingredients)),
];

/** Which of the ids are ingredients the caller sees (own, or the parent's for a location). */
async function visibleIngredientIds(executor: Executor, scope: RestaurantScope, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await executor
    .select({ id: ingredients.id })
    .from(ingredients)
    .where(and(inArray(ingredients.id, ids), inArray(ingredients.restaurantId, scope.visibleIds)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The "Menu Filters" card (doc 3 §2.7, §3 FilterOptions): one settings object per restaurant, kept in
 * `restaurants.filter_options` and read by the public menu. A location has its own card: the
 * settings are not among the records it inherits (decisions §4 names menus, categories, dishes and
 * ingredients only).
 */
export function createFilterService(deps: { db: Db; publicMenu: PublicMenuChanges }) {
  const { db, publicMenu } = deps;

  return {
    /**
     * The saved options, or the schema's defaults before the first save. Ingredients deleted since
     * the save leave their filters here, so the card never offers an id it cannot name.
     */
    async get(caller: Caller): Promise<FilterOptions> {
      const scope = await scopeOf(db, caller);
      const [row] = await db
        .select({ filterOptions: restaurants.filterOptions })
        .from(restaurants)
        .where(eq(restaurants.id, scope.restaurantId));
      // Parsing fills fields a future version adds with their defaults; a damaged value reads as new.
      const parsed = filterOptionsSchema.safeParse(row?.filterOptions ?? {});
      const options = parsed.success ? parsed.data : filterOptionsSchema.parse({});
      const known = await visibleIngredientIds(db, scope, ingredientIdsOf(options));
      return {
        ...options,
        filter: options.filter.map((entry) => ({
          ...entry,
          ingredients: entry.ingredients.filter((id) => known.has(id)),
        })),
      };
    },

    /**
     * Replaces the options (doc 3 §7.3 set-filter). Every ingredient id must be one the caller sees:
     * another restaurant's ids answer 404 and change nothing. Answers what was stored.
     */
    async set(caller: Caller, options: FilterOptions): Promise<FilterOptions> {
      const scope = await scopeOf(db, caller);
      // A filter naming one ingredient twice means the same thing as naming it once.
      const stored: FilterOptions = {
        ...options,
        dietaryConsiderations: [...new Set(options.dietaryConsiderations)],
        filter: options.filter.map((entry) => ({ ...entry, ingredients: [...new Set(entry.ingredients)] })),
      };
      await db.transaction(async (tx) => {
        const wanted = ingredientIdsOf(stored);
        const known = await visibleIngredientIds(tx, scope, wanted);
        if (known.size !== wanted.length) throw new NotFoundError();
        await tx
          .update(restaurants)
          .set({ filterOptions: stored })
          .where(eq(restaurants.id, scope.restaurantId));
      });
      publicMenu.changed(scope.restaurantId);
      return stored;
    },
  };
}

export type FilterService = ReturnType<typeof createFilterService>;
