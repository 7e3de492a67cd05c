import {
  likePattern,
  messages,
  type PageRequest,
  type Paginated,
  type QuickEdit,
  type QuickEditItem,
  type QuickEditResult,
  type QuickEditSection,
  type QuickEditSort,
  quickEditSectionFlag,
  quickEditSections,
  type quickEditUpdateSchema,
} from '@carte/domain';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable, PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import { assertVisible, type RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { anyOf, direction, lowerName, readPage } from '../../db/list-page.ts';
import { readableMenus, scopeOf } from '../../db/restaurant-scope.ts';
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
  /**
   * The labelling check every publish passes (issue 23 §5; the menus feature's): inside the
   * transaction, after the writes; throws 409 with the problems when the restaurant forbids publishing
   * an incomplete menu.
   */
  assertPublishable: (tx: Tx, restaurantId: string, menuIds: readonly string[]) => Promise<void>;
  now: () => Date;
  publicMenu: PublicMenuChanges;
}

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

/** What narrows and orders a section: a page's search and sort (none for the whole answer). */
type QuickEditWindow = {
  search?: string | undefined;
  sort?: QuickEditSort | undefined;
  order?: 'asc' | 'desc' | undefined;
};

/** A section of quick edit: its count, its rows (all, or a window), and their presentation. */
interface Section<Row, Item> {
  total: () => Promise<number>;
  rows: (window?: { limit: number; offset: number }) => Promise<Row[]>;
  present: (rows: Row[]) => Promise<Item[]>;
}
const section = <Row, Item>(reader: Section<Row, Item>) => reader;

/** The query cut to the window's rows, or whole without one. */
const windowed = <T extends PgSelect>(query: T, window?: { limit: number; offset: number }) =>
  window ? query.limit(window.limit).offset(window.offset) : query;

/**
 * Quick edit (doc 2 §2, §4, §7; /toggle-list): availability of menus (published or draft),
 * categories, dishes, ingredients and restaurant-wide customizations and their options, read and
 * switched in one go. Each section follows its permission flag (`quickEditSectionFlag`); a
 * location's inherited records are listed locked and cannot be switched.
 */
export function createQuickEditService(deps: QuickEditServiceDeps) {
  const { db, canPublish, assertPublishable, now, publicMenu } = deps;

  /**
   * The categories, dishes and ingredients a menu holds (visible ones only), as subqueries (a menu of
   * 10,000 dishes is not sent back as 10,000 parameters); 404 for a menu the caller cannot see.
   */
  async function menuContents(scope: RestaurantScope, menuId: string) {
    const [menu] = await db
      .select({ id: menus.id, restaurantId: menus.restaurantId })
      .from(menus)
      .where(and(eq(menus.id, menuId), readableMenus(scope)));
    assertVisible(scope, menu);
    const categoryIds = db
      .select({ id: menuCategories.categoryId })
      .from(menuCategories)
      .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
      .where(and(eq(menuCategories.menuId, menuId), inArray(categories.restaurantId, scope.visibleIds)));
    const dishIds = db
      .selectDistinct({ id: categoryDishes.dishId })
      .from(categoryDishes)
      .innerJoin(dishes, eq(dishes.id, categoryDishes.dishId))
      .where(
        and(inArray(categoryDishes.categoryId, categoryIds), inArray(dishes.restaurantId, scope.visibleIds)),
      );
    const ingredientIds = db
      .selectDistinct({ id: dishIngredients.ingredientId })
      .from(dishIngredients)
      .where(inArray(dishIngredients.dishId, dishIds));
    return { categoryIds, dishIds, ingredientIds };
  }

  type Contents = Awaited<ReturnType<typeof menuContents>> | null;

  /**
   * How each section is read: its rows (all, or a window of them) in the list's order — own records
   * first, then the parent's (or by name when asked) — their count, and their presentation.
   */
  function sectionsOf(scope: RestaurantScope, only: Contents, request: QuickEditWindow) {
    const fromParent = (restaurantId: string) => restaurantId !== scope.restaurantId;
    const ownFirst = (column: AnyPgColumn) => sql`${column} <> ${scope.restaurantId}`;
    const searched = (column: AnyPgColumn) =>
      request.search ? ilike(column, likePattern(request.search)) : undefined;
    const orderOf = (name: AnyPgColumn, id: AnyPgColumn, own: SQL[]) =>
      request.sort === 'name'
        ? [direction(request.order, 'asc')(lowerName(name)), asc(id)]
        : [...own, asc(id)];
    const countOf = async (table: AnyPgTable, where: SQL | undefined) =>
      Number((await db.select({ total: count() }).from(table).where(where))[0]?.total ?? 0);

    /** Rows with how many visible dishes each is linked to (placed in, or used by). */
    const withDishCounts = async (
      rows: { id: string; name: string; isAvailable: boolean; restaurantId: string }[],
      links: AnyPgTable,
      key: AnyPgColumn,
      dishId: AnyPgColumn,
    ) => {
      const counts = await db
        .select({ id: key, count: count() })
        .from(links)
        .innerJoin(dishes, eq(dishes.id, dishId))
        .where(
          and(
            anyOf(
              key,
              rows.map((row) => row.id),
            ),
            inArray(dishes.restaurantId, scope.visibleIds),
          ),
        )
        .groupBy(key);
      const dishCount = new Map(counts.map((row) => [row.id as string, Number(row.count)]));
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        checked: row.isAvailable,
        fromParent: fromParent(row.restaurantId),
        dishCount: dishCount.get(row.id) ?? 0,
      }));
    };

    const menusWhere = and(readableMenus(scope), searched(menus.name));
    const categoriesWhere = and(
      inArray(categories.restaurantId, scope.visibleIds),
      only ? inArray(categories.id, only.categoryIds) : undefined,
      searched(categories.name),
    );
    const dishesWhere = and(
      inArray(dishes.restaurantId, scope.visibleIds),
      only ? inArray(dishes.id, only.dishIds) : undefined,
      searched(dishes.name),
    );
    const ingredientsWhere = and(
      inArray(ingredients.restaurantId, scope.visibleIds),
      only ? inArray(ingredients.id, only.ingredientIds) : undefined,
      searched(ingredients.name),
    );
    const customizationsWhere = and(
      inArray(customizations.restaurantId, scope.visibleIds),
      searched(customizations.name),
    );

    return {
      menus: section({
        total: () => countOf(menus, menusWhere),
        rows: (window) =>
          windowed(
            db
              .select()
              .from(menus)
              .where(menusWhere)
              .orderBy(
                ownFirst(menus.restaurantId),
                ...orderOf(menus.name, menus.id, [asc(menus.position), asc(menus.createdAt)]),
              )
              .$dynamic(),
            window,
          ),
        present: async (rows) =>
          rows.map((row) => ({
            _id: row.id,
            name: row.name,
            checked: !row.draft,
            fromParent: fromParent(row.restaurantId),
          })),
      }),

      categories: section({
        total: () => countOf(categories, categoriesWhere),
        rows: (window) =>
          windowed(
            db
              .select()
              .from(categories)
              .where(categoriesWhere)
              .orderBy(
                ownFirst(categories.restaurantId),
                ...orderOf(categories.name, categories.id, [
                  asc(categories.position),
                  asc(categories.createdAt),
                ]),
              )
              .$dynamic(),
            window,
          ),
        present: (rows) =>
          withDishCounts(rows, categoryDishes, categoryDishes.categoryId, categoryDishes.dishId),
      }),

      dishes: section({
        total: () => countOf(dishes, dishesWhere),
        rows: (window) =>
          windowed(
            db
              .select({
                id: dishes.id,
                name: dishes.name,
                isAvailable: dishes.isAvailable,
                restaurantId: dishes.restaurantId,
              })
              .from(dishes)
              .where(dishesWhere)
              .orderBy(
                ownFirst(dishes.restaurantId),
                ...orderOf(dishes.name, dishes.id, [asc(dishes.name), asc(dishes.createdAt)]),
              )
              .$dynamic(),
            window,
          ),
        present: async (rows) => {
          // The categories each dish sits in (of the menu, with menuId), in their placement order.
          const placements = await db
            .select({
              categoryId: categoryDishes.categoryId,
              categoryName: categories.name,
              dishId: categoryDishes.dishId,
            })
            .from(categoryDishes)
            .innerJoin(categories, eq(categories.id, categoryDishes.categoryId))
            .where(
              and(
                anyOf(
                  categoryDishes.dishId,
                  rows.map((row) => row.id),
                ),
                inArray(categories.restaurantId, scope.visibleIds),
                only ? inArray(categoryDishes.categoryId, only.categoryIds) : undefined,
              ),
            )
            .orderBy(asc(categoryDishes.position));
          const placedIn = new Map<string, { _id: string; name: string }[]>();
          for (const placement of placements) {
            const list = placedIn.get(placement.dishId) ?? [];
            list.push({ _id: placement.categoryId, name: placement.categoryName });
            placedIn.set(placement.dishId, list);
          }
          return rows.map((row) => ({
            _id: row.id,
            name: row.name,
            checked: row.isAvailable,
            fromParent: fromParent(row.restaurantId),
            categories: placedIn.get(row.id) ?? [],
          }));
        },
      }),

      ingredients: section({
        total: () => countOf(ingredients, ingredientsWhere),
        rows: (window) =>
          windowed(
            db
              .select()
              .from(ingredients)
              .where(ingredientsWhere)
              .orderBy(
                ownFirst(ingredients.restaurantId),
                ...orderOf(ingredients.name, ingredients.id, [asc(ingredients.name)]),
              )
              .$dynamic(),
            window,
          ),
        present: (rows) =>
          withDishCounts(rows, dishIngredients, dishIngredients.ingredientId, dishIngredients.dishId),
      }),

      customizations: section({
        total: () => countOf(customizations, customizationsWhere),
        rows: (window) =>
          windowed(
            db
              .select()
              .from(customizations)
              .where(customizationsWhere)
              .orderBy(
                ownFirst(customizations.restaurantId),
                ...orderOf(customizations.name, customizations.id, [
                  asc(customizations.position),
                  asc(customizations.createdAt),
                ]),
              )
              .$dynamic(),
            window,
          ),
        present: async (rows) => {
          const optionIngredients = [
            ...new Set(rows.flatMap((row) => row.options.flatMap((option) => option.ingredient ?? []))),
          ];
          const names = new Map(
            (
              await db
                .select({ id: ingredients.id, name: ingredients.name })
                .from(ingredients)
                .where(
                  and(
                    anyOf(ingredients.id, optionIngredients),
                    inArray(ingredients.restaurantId, scope.visibleIds),
                  ),
                )
            ).map((row) => [row.id, row.name]),
          );
          return rows.map((row) => ({
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
        },
      }),
    };
  }

  return {
    /**
     * GET /settings/quick-edit: the sections the caller's flags open, whole. With `menuId`,
     * categories, dishes and ingredients are those of that menu (doc 2 §7); menus and customizations
     * are always the whole list.
     */
    async get(caller: Caller, options: { menuId?: string | undefined }): Promise<QuickEdit> {
      const scope = await scopeOf(db, caller);
      const only = options.menuId ? await menuContents(scope, options.menuId) : null;
      const sections = sectionsOf(scope, only, {});
      const result: QuickEdit = { menuId: options.menuId ?? null };
      for (const name of quickEditSections) {
        if (caller.permissions[quickEditSectionFlag[name]]) {
          const reader = sections[name] as Section<unknown, never>;
          (result as Record<string, unknown>)[name] = await reader.present(await reader.rows());
        }
      }
      return result;
    },

    /**
     * GET /settings/quick-edit?section=&page= (issue 21): one page of one section, searched by name
     * and ordered as the whole list (or by name). A section the caller's flags do not open: 403.
     */
    async page<S extends QuickEditSection>(
      caller: Caller,
      request: PageRequest<QuickEditSort> & { section: S; menuId?: string | undefined },
    ): Promise<Paginated<QuickEditItem<S>>> {
      if (!caller.permissions[quickEditSectionFlag[request.section]]) throw new ForbiddenError();
      const scope = await scopeOf(db, caller);
      const only = request.menuId ? await menuContents(scope, request.menuId) : null;
      const reader = sectionsOf(scope, only, request)[request.section] as unknown as Section<
        unknown,
        QuickEditItem<S>
      >;
      return readPage(
        request,
        await reader.total(),
        (limit, offset) => reader.rows({ limit, offset }),
        reader.present,
      );
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
            .where(and(inArray(menus.id, idsOf(input.menus)), readableMenus(scope)))
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
          // The menus this save publishes, checked as it leaves them (an ingredient switched off in
          // the same save counts); a 409 rolls every switch back.
          await assertPublishable(tx, own, idsWith(menuWrites, true));
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
