import {
  messages,
  type QuickEdit,
  type QuickEditResult,
  type QuickEditSection,
  quickEditSectionFlag,
  type quickEditUpdateSchema,
} from '@carte/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { assertVisible, type RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Db } from '../../db/connect.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import {
  categories,
  categoryDishes,
  customizations,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
} from '../../db/schema.ts';

type UpdateInput = z.output<typeof quickEditUpdateSchema>;
type Toggle = { id: string; checked: boolean };

export interface QuickEditServiceDeps {
  db: Db;
  /** May this restaurant publish a menu (the menus feature's publishing policy over billing)? */
  canPublish: (restaurantId: string) => Promise<boolean>;
  now: () => Date;
  publicMenu: PublicMenuChanges;
}

/** Own records first, then the parent's; inside each, the list's own order. */
const ownFirst =
  (scope: RestaurantScope) =>
  <T extends { restaurantId: string }>(a: T, b: T) =>
    Number(a.restaurantId !== scope.restaurantId) - Number(b.restaurantId !== scope.restaurantId);

const groupCount = <T>(rows: T[], keyOf: (row: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return counts;
};

/**
 * A switch list checked against the records it names: every id must be visible to the caller
 * (404 otherwise, and nothing changes); an inherited record may be named only with the state it
 * already has (a location cannot switch its parent's records: 403, decisions §4). Answers the
 * switches that change something, on the caller's own records.
 */
function changesOf(
  scope: RestaurantScope,
  toggles: Toggle[],
  rows: { id: string; restaurantId: string; checked: boolean }[],
): Toggle[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const changes: Toggle[] = [];
  for (const toggle of toggles) {
    const row = assertVisible(scope, byId.get(toggle.id));
    if (row.checked === toggle.checked) continue;
    if (row.restaurantId !== scope.restaurantId) throw new ForbiddenError(messages.readOnlyFromParent);
    changes.push(toggle);
  }
  return changes;
}

const idsWith = (changes: Toggle[], checked: boolean) =>
  changes.filter((change) => change.checked === checked).map((change) => change.id);

/**
 * Quick edit (doc 2 §2, §4, §7; /toggle-list): availability of menus (published or draft),
 * categories, dishes, ingredients and restaurant-wide customizations and their options, read and
 * switched in one go. Each section follows its permission flag (`quickEditSectionFlag`); a
 * location's inherited records are listed locked and cannot be switched.
 */
export function createQuickEditService(deps: QuickEditServiceDeps) {
  const { db, canPublish, now, publicMenu } = deps;

  /** The categories, dishes and ingredients a menu holds (visible ones only), or null for all. */
  async function menuContents(scope: RestaurantScope, menuId: string) {
    const [menu] = await db
      .select({ id: menus.id, restaurantId: menus.restaurantId })
      .from(menus)
      .where(and(eq(menus.id, menuId), inArray(menus.restaurantId, scope.visibleIds)));
    assertVisible(scope, menu);
    const categoryIds = (
      await db
        .select({ id: menuCategories.categoryId })
        .from(menuCategories)
        .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
        .where(and(eq(menuCategories.menuId, menuId), inArray(categories.restaurantId, scope.visibleIds)))
    ).map((row) => row.id);
    const dishIds = categoryIds.length
      ? (
          await db
            .selectDistinct({ id: categoryDishes.dishId })
            .from(categoryDishes)
            .innerJoin(dishes, eq(dishes.id, categoryDishes.dishId))
            .where(
              and(
                inArray(categoryDishes.categoryId, categoryIds),
                inArray(dishes.restaurantId, scope.visibleIds),
              ),
            )
        ).map((row) => row.id)
      : [];
    const ingredientIds = dishIds.length
      ? (
          await db
            .selectDistinct({ id: dishIngredients.ingredientId })
            .from(dishIngredients)
            .where(inArray(dishIngredients.dishId, dishIds))
        ).map((row) => row.id)
      : [];
    return { categoryIds, dishIds, ingredientIds };
  }

  return {
    /**
     * GET /settings/quick-edit: the sections the caller's flags open. With `menuId`, categories,
     * dishes and ingredients are those of that menu (doc 2 §7); menus and customizations are always
     * the whole list.
     */
    async get(caller: Caller, options: { menuId?: string }): Promise<QuickEdit> {
      const scope = await scopeOf(db, caller);
      const can = (section: QuickEditSection) => caller.permissions[quickEditSectionFlag[section]];
      const sort = ownFirst(scope);
      const only = options.menuId ? await menuContents(scope, options.menuId) : null;
      const result: QuickEdit = { menuId: options.menuId ?? null };
      const fromParent = (restaurantId: string) => restaurantId !== scope.restaurantId;

      if (can('menus')) {
        const rows = await db
          .select()
          .from(menus)
          .where(inArray(menus.restaurantId, scope.visibleIds))
          .orderBy(asc(menus.position), asc(menus.createdAt));
        result.menus = rows.sort(sort).map((row) => ({
          _id: row.id,
          name: row.name,
          checked: !row.draft,
          fromParent: fromParent(row.restaurantId),
        }));
      }

      // Placements are read once for categories (dish counts) and dishes (their categories).
      const needsPlacements = can('categories') || can('dishes');
      const placements = needsPlacements
        ? await db
            .select({
              categoryId: categoryDishes.categoryId,
              categoryName: categories.name,
              dishId: categoryDishes.dishId,
            })
            .from(categoryDishes)
            .innerJoin(categories, eq(categories.id, categoryDishes.categoryId))
            .innerJoin(dishes, eq(dishes.id, categoryDishes.dishId))
            .where(
              and(
                inArray(categories.restaurantId, scope.visibleIds),
                inArray(dishes.restaurantId, scope.visibleIds),
              ),
            )
            .orderBy(asc(categoryDishes.position))
        : [];

      if (can('categories')) {
        const ids = only?.categoryIds;
        const rows =
          ids && ids.length === 0
            ? []
            : await db
                .select()
                .from(categories)
                .where(
                  and(
                    inArray(categories.restaurantId, scope.visibleIds),
                    ids ? inArray(categories.id, ids) : undefined,
                  ),
                )
                .orderBy(asc(categories.position), asc(categories.createdAt));
        const dishCount = groupCount(placements, (row) => row.categoryId);
        result.categories = rows.sort(sort).map((row) => ({
          _id: row.id,
          name: row.name,
          checked: row.isAvailable,
          fromParent: fromParent(row.restaurantId),
          dishCount: dishCount.get(row.id) ?? 0,
        }));
      }

      if (can('dishes')) {
        const ids = only?.dishIds;
        const rows =
          ids && ids.length === 0
            ? []
            : await db
                .select({
                  id: dishes.id,
                  name: dishes.name,
                  isAvailable: dishes.isAvailable,
                  restaurantId: dishes.restaurantId,
                })
                .from(dishes)
                .where(
                  and(
                    inArray(dishes.restaurantId, scope.visibleIds),
                    ids ? inArray(dishes.id, ids) : undefined,
                  ),
                )
                .orderBy(asc(dishes.name), asc(dishes.createdAt));
        const shownCategories = only ? new Set(only.categoryIds) : null;
        const placedIn = new Map<string, { _id: string; name: string }[]>();
        for (const placement of placements) {
          if (shownCategories && !shownCategories.has(placement.categoryId)) continue;
          const list = placedIn.get(placement.dishId) ?? [];
          list.push({ _id: placement.categoryId, name: placement.categoryName });
          placedIn.set(placement.dishId, list);
        }
        result.dishes = rows.sort(sort).map((row) => ({
          _id: row.id,
          name: row.name,
          checked: row.isAvailable,
          fromParent: fromParent(row.restaurantId),
          categories: placedIn.get(row.id) ?? [],
        }));
      }

      if (can('ingredients')) {
        const ids = only?.ingredientIds;
        const rows =
          ids && ids.length === 0
            ? []
            : await db
                .select()
                .from(ingredients)
                .where(
                  and(
                    inArray(ingredients.restaurantId, scope.visibleIds),
                    ids ? inArray(ingredients.id, ids) : undefined,
                  ),
                )
                .orderBy(asc(ingredients.name));
        const uses = rows.length
          ? await db
              .select({ ingredientId: dishIngredients.ingredientId })
              .from(dishIngredients)
              .innerJoin(dishes, eq(dishes.id, dishIngredients.dishId))
              .where(
                and(
                  inArray(
                    dishIngredients.ingredientId,
                    rows.map((row) => row.id),
                  ),
                  inArray(dishes.restaurantId, scope.visibleIds),
                ),
              )
          : [];
        const dishCount = groupCount(uses, (row) => row.ingredientId);
        result.ingredients = rows.sort(sort).map((row) => ({
          _id: row.id,
          name: row.name,
          checked: row.isAvailable,
          fromParent: fromParent(row.restaurantId),
          dishCount: dishCount.get(row.id) ?? 0,
        }));
      }

      if (can('customizations')) {
        const rows = await db
          .select()
          .from(customizations)
          .where(inArray(customizations.restaurantId, scope.visibleIds))
          .orderBy(asc(customizations.position), asc(customizations.createdAt));
        const optionIngredients = [
          ...new Set(rows.flatMap((row) => row.options.flatMap((option) => option.ingredient ?? []))),
        ];
        const names = new Map(
          (optionIngredients.length
            ? await db
                .select({ id: ingredients.id, name: ingredients.name })
                .from(ingredients)
                .where(
                  and(
                    inArray(ingredients.id, optionIngredients),
                    inArray(ingredients.restaurantId, scope.visibleIds),
                  ),
                )
            : []
          ).map((row) => [row.id, row.name]),
        );
        result.customizations = rows.sort(sort).map((row) => ({
          _id: row.id,
          name: row.name,
          checked: row.isAvailable,
          fromParent: fromParent(row.restaurantId),
          options: row.options.map((option) => ({
            _id: option._id,
            name: (option.ingredient ? names.get(option.ingredient) : option.name) ?? option.name ?? '',
            checked: option.isAvailable,
          })),
        }));
      }
      return result;
    },

    /**
     * PUT /settings/quick-edit: every switch in one transaction. A section the caller's flags do
     * not open may not be sent (403); an id the caller cannot see answers 404; a location's
     * inherited record may not be switched (403); in each case nothing changes. Publishing a menu
     * needs a subscription: without one, the menus are left as they were and the rest is saved
     * (doc 2 §4), answered with `menusUpdatedSuccessfully: false`.
     */
    async update(caller: Caller, input: UpdateInput): Promise<QuickEditResult> {
      for (const section of Object.keys(quickEditSectionFlag) as QuickEditSection[]) {
        if (input[section].length > 0 && !caller.permissions[quickEditSectionFlag[section]])
          throw new ForbiddenError();
      }
      const scope = await scopeOf(db, caller);
      const idsOf = (list: Toggle[]) => list.map((toggle) => toggle.id);
      const menuRows = input.menus.length
        ? await db
            .select({ id: menus.id, restaurantId: menus.restaurantId, draft: menus.draft })
            .from(menus)
            .where(and(inArray(menus.id, idsOf(input.menus)), inArray(menus.restaurantId, scope.visibleIds)))
        : [];
      const menuChanges = changesOf(
        scope,
        input.menus,
        menuRows.map((row) => ({ ...row, checked: !row.draft })),
      );
      const availability = (rows: { id: string; restaurantId: string; isAvailable: boolean }[]) =>
        rows.map((row) => ({ id: row.id, restaurantId: row.restaurantId, checked: row.isAvailable }));
      const categoryChanges = changesOf(
        scope,
        input.categories,
        availability(
          input.categories.length
            ? await db
                .select({
                  id: categories.id,
                  restaurantId: categories.restaurantId,
                  isAvailable: categories.isAvailable,
                })
                .from(categories)
                .where(
                  and(
                    inArray(categories.id, idsOf(input.categories)),
                    inArray(categories.restaurantId, scope.visibleIds),
                  ),
                )
            : [],
        ),
      );
      const dishChanges = changesOf(
        scope,
        input.dishes,
        availability(
          input.dishes.length
            ? await db
                .select({ id: dishes.id, restaurantId: dishes.restaurantId, isAvailable: dishes.isAvailable })
                .from(dishes)
                .where(
                  and(
                    inArray(dishes.id, idsOf(input.dishes)),
                    inArray(dishes.restaurantId, scope.visibleIds),
                  ),
                )
            : [],
        ),
      );
      const ingredientChanges = changesOf(
        scope,
        input.ingredients,
        availability(
          input.ingredients.length
            ? await db
                .select({
                  id: ingredients.id,
                  restaurantId: ingredients.restaurantId,
                  isAvailable: ingredients.isAvailable,
                })
                .from(ingredients)
                .where(
                  and(
                    inArray(ingredients.id, idsOf(input.ingredients)),
                    inArray(ingredients.restaurantId, scope.visibleIds),
                  ),
                )
            : [],
        ),
      );

      // Customizations: the switch of each and of its options, written back as one row each.
      const customizationRows = input.customizations.length
        ? await db
            .select()
            .from(customizations)
            .where(
              and(
                inArray(customizations.id, idsOf(input.customizations)),
                inArray(customizations.restaurantId, scope.visibleIds),
              ),
            )
        : [];
      const customizationById = new Map(customizationRows.map((row) => [row.id, row]));
      const customizationWrites: {
        id: string;
        isAvailable: boolean;
        options: (typeof customizationRows)[number]['options'];
      }[] = [];
      for (const toggle of input.customizations) {
        const row = assertVisible(scope, customizationById.get(toggle.id));
        const optionById = new Map(row.options.map((option) => [option._id, option]));
        for (const option of toggle.options) if (!optionById.has(option.id)) throw new NotFoundError();
        const wanted = new Map(toggle.options.map((option) => [option.id, option.checked]));
        const options = row.options.map((option) => ({
          ...option,
          isAvailable: wanted.get(option._id) ?? option.isAvailable,
        }));
        const changed =
          row.isAvailable !== toggle.checked ||
          options.some((option, index) => option.isAvailable !== row.options[index]!.isAvailable);
        if (!changed) continue;
        if (row.restaurantId !== scope.restaurantId) throw new ForbiddenError(messages.readOnlyFromParent);
        customizationWrites.push({ id: row.id, isAvailable: toggle.checked, options });
      }

      // Only going live needs a subscription (doc 1 §4); without one, no menu changes (doc 2 §4).
      const publishes = menuChanges.some((change) => change.checked);
      const menusUpdatedSuccessfully = !publishes || (await canPublish(scope.restaurantId));
      const menuWrites = menusUpdatedSuccessfully ? menuChanges : [];

      const changed =
        menuWrites.length +
          categoryChanges.length +
          dishChanges.length +
          ingredientChanges.length +
          customizationWrites.length >
        0;
      if (changed) {
        const at = now();
        const own = scope.restaurantId;
        await db.transaction(async (tx) => {
          for (const checked of [true, false]) {
            const menuIds = idsWith(menuWrites, checked);
            if (menuIds.length)
              await tx
                .update(menus)
                .set({ draft: !checked, updatedAt: at })
                .where(and(inArray(menus.id, menuIds), eq(menus.restaurantId, own)));
            const categoryIds = idsWith(categoryChanges, checked);
            if (categoryIds.length)
              await tx
                .update(categories)
                .set({ isAvailable: checked, updatedAt: at })
                .where(and(inArray(categories.id, categoryIds), eq(categories.restaurantId, own)));
            const dishIds = idsWith(dishChanges, checked);
            if (dishIds.length)
              await tx
                .update(dishes)
                .set({ isAvailable: checked, updatedAt: at })
                .where(and(inArray(dishes.id, dishIds), eq(dishes.restaurantId, own)));
            const ingredientIds = idsWith(ingredientChanges, checked);
            if (ingredientIds.length)
              await tx
                .update(ingredients)
                .set({ isAvailable: checked, updatedAt: at })
                .where(and(inArray(ingredients.id, ingredientIds), eq(ingredients.restaurantId, own)));
          }
          for (const write of customizationWrites) {
            await tx
              .update(customizations)
              .set({ isAvailable: write.isAvailable, options: write.options })
              .where(and(eq(customizations.id, write.id), eq(customizations.restaurantId, own)));
          }
        });
        publicMenu.changed(scope.restaurantId);
      }
      return {
        menusUpdatedSuccessfully,
        notice: menusUpdatedSuccessfully ? messages.changesMade : messages.changesMadeExceptMenus,
      };
    },
  };
}

export type QuickEditService = ReturnType<typeof createQuickEditService>;
