import {
  type AllergenDeclaration,
  copyName,
  type Ingredient,
  type IngredientSort,
  likePattern,
  mergeTranslations,
  messages,
  noAllergens,
  type PageRequest,
  type Paginated,
  type Translations,
  translationSources,
} from '@carte/domain';
import { and, asc, count, eq, ilike, inArray, isNull, max, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NameClashError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import {
  assertVisible,
  assertWritable,
  isFromParent,
  type RestaurantScope,
} from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { direction, lowerName, readPage, readWhole } from '../../db/list-page.ts';
import { assertRoomFor } from '../../db/restaurant-limits.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { dishes, dishIngredients, ingredients } from '../../db/schema.ts';
import { otherLanguagesOf } from '../../db/translation-languages.ts';
import { recordDeclarationChanges } from '../allergens/index.ts';
import type { CustomizationService } from '../customizations/index.ts';
import { type IngredientRow, presentIngredients } from './ingredient.presenter.ts';

type Executor = Db | Tx;

export interface IngredientDeps {
  db: Db;
  customizations: CustomizationService;
  now: () => Date;
  publicMenu: PublicMenuChanges;
}

const key = (value: string) => value.trim().toLowerCase();

interface ListFilters {
  exceptChildren?: 'true' | 'false' | undefined;
  exceptParentID?: string | undefined;
  parentID?: string | undefined;
}

/**
 * Ingredients (doc 1 §3, §7; doc 2 §5): the caller's own plus, for a location, its parent's
 * (read-only, `fromParent`). Names are unique per caller, compared trimmed and case-insensitively,
 * against everything the caller sees. The tree has two levels: a parent is a top-level ingredient.
 */
export function createIngredientService(deps: IngredientDeps) {
  const { db, now, publicMenu } = deps;

  const visible = (scope: RestaurantScope, ...conditions: (SQL | undefined)[]) =>
    and(inArray(ingredients.restaurantId, scope.visibleIds), ...conditions);

  /**
   * The list's filters: `exceptChildren` and `exceptParentID` (the parent picker), `parentID` (the
   * children of one ingredient).
   */
  const filtered = (scope: RestaurantScope, query: ListFilters) => {
    const except = query.exceptParentID;
    return visible(
      scope,
      query.exceptChildren === 'true' ? isNull(ingredients.parentId) : undefined,
      query.parentID ? eq(ingredients.parentId, query.parentID) : undefined,
      except
        ? and(ne(ingredients.id, except), or(isNull(ingredients.parentId), ne(ingredients.parentId, except)))
        : undefined,
    );
  };

  /** The name, or the (visible) parent's name, contains the search, as the table's search reads. */
  const searched = (scope: RestaurantScope, search: string) => {
    const parent = alias(ingredients, 'parent');
    const pattern = likePattern(search);
    return or(
      ilike(ingredients.name, pattern),
      inArray(
        ingredients.parentId,
        db
          .select({ id: parent.id })
          .from(parent)
          .where(and(ilike(parent.name, pattern), inArray(parent.restaurantId, scope.visibleIds))),
      ),
    );
  };

  async function find(scope: RestaurantScope, id: string, executor: Executor = db) {
    const [row] = await executor
      .select()
      .from(ingredients)
      .where(visible(scope, eq(ingredients.id, id)));
    return row;
  }

  async function nameTaken(scope: RestaurantScope, name: string, exceptId?: string, executor: Executor = db) {
    const [row] = await executor
      .select({ id: ingredients.id })
      .from(ingredients)
      .where(
        visible(
          scope,
          sql`lower(${ingredients.name}) = ${key(name)}`,
          exceptId ? ne(ingredients.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** New ingredients go to the end of the list (doc 1 §4). */
  async function nextPosition(scope: RestaurantScope, executor: Executor) {
    const [row] = await executor
      .select({ value: max(ingredients.position) })
      .from(ingredients)
      .where(visible(scope));
    return (row?.value ?? -1) + 1;
  }

  /** A parent must be visible (404) and at the top level; an ingredient is never its own parent. */
  async function checkParent(
    scope: RestaurantScope,
    parentId: string,
    childId?: string,
    executor: Executor = db,
  ) {
    if (parentId === childId) throw new InvalidError(messages.ingredientParentInvalid);
    const parent = assertVisible(scope, await find(scope, parentId, executor));
    if (parent.parentId) throw new InvalidError(messages.ingredientParentInvalid);
    if (childId) {
      // An ingredient with children of its own would make them grandchildren.
      const [child] = await executor
        .select({ id: ingredients.id })
        .from(ingredients)
        .where(eq(ingredients.parentId, childId))
        .limit(1);
      if (child) throw new InvalidError(messages.ingredientParentInvalid);
    }
    return parent;
  }

  const present = async (scope: RestaurantScope, row: IngredientRow): Promise<Ingredient> =>
    (await presentIngredients(db, scope, [row]))[0]!;

  return {
    /**
     * The list in its order, new ones last. `exceptChildren` leaves out ingredients that have a
     * parent; `exceptParentID` leaves out that ingredient and its children (the parent picker).
     */
    async list(caller: Caller, query: ListFilters): Promise<Ingredient[]> {
      const scope = await scopeOf(db, caller);
      return readWhole(
        db,
        (tx, limit, offset) =>
          tx
            .select()
            .from(ingredients)
            .where(filtered(scope, query))
            .orderBy(asc(ingredients.position), asc(ingredients.createdAt), asc(ingredients.id))
            .limit(limit)
            .offset(offset),
        (tx, rows) => presentIngredients(tx, scope, rows),
      );
    },

    /**
     * One page of the list (issue 21): the filters of `list`, then the ingredients whose name or
     * parent's name contains `search` (and whose id is one of `ids`, when given), in the list's order or by `sort` (created: oldest first,
     * name, used: the number of visible dishes using each), counted and cut in SQL.
     */
    async page(
      caller: Caller,
      request: PageRequest<IngredientSort> & ListFilters & { ids?: string[] | undefined },
    ): Promise<Paginated<Ingredient>> {
      const scope = await scopeOf(db, caller);
      const where = and(
        filtered(scope, request),
        request.search ? searched(scope, request.search) : undefined,
        request.ids ? inArray(ingredients.id, request.ids) : undefined,
      );
      const [counted] = await db.select({ total: count() }).from(ingredients).where(where);
      const used = sql`(${db
        .select({ n: count() })
        .from(dishIngredients)
        .innerJoin(dishes, eq(dishes.id, dishIngredients.dishId))
        .where(
          and(
            eq(dishIngredients.ingredientId, ingredients.id),
            inArray(dishes.restaurantId, scope.visibleIds),
          ),
        )})`;
      const by = {
        created: [direction(request.order, 'asc')(ingredients.createdAt)],
        name: [direction(request.order, 'asc')(lowerName(ingredients.name))],
        used: [direction(request.order, 'desc')(used), asc(lowerName(ingredients.name))],
      };
      const order = request.sort
        ? [...by[request.sort], asc(ingredients.id)]
        : [asc(ingredients.position), asc(ingredients.createdAt), asc(ingredients.id)];
      return readPage(
        request,
        Number(counted?.total ?? 0),
        (limit, offset) =>
          db
            .select()
            .from(ingredients)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        (rows) => presentIngredients(db, scope, rows),
      );
    },

    async get(caller: Caller, id: string): Promise<Ingredient> {
      const scope = await scopeOf(db, caller);
      return present(scope, assertVisible(scope, await find(scope, id)));
    },

    /**
     * Creates the names that are new; names that exist, or repeat in the list, are reported as
     * "{x} already exists." and skipped (doc 1 §7 createIngredient).
     */
    async create(
      caller: Caller,
      input: {
        ingredients: string[];
        parent?: string | null;
        allergens?: AllergenDeclaration | undefined;
        translations?: Translations | undefined;
      },
    ): Promise<{ insertedIngredients: Ingredient[]; errors: string[] }> {
      const scope = await scopeOf(db, caller);
      const languages = input.translations ? await otherLanguagesOf(db, scope.restaurantId) : [];
      const errors: string[] = [];
      const rows = await db.transaction(async (tx) => {
        if (input.parent) await checkParent(scope, input.parent, undefined, tx);
        const taken = new Set(
          (await tx.select({ name: ingredients.name }).from(ingredients).where(visible(scope))).map((row) =>
            key(row.name),
          ),
        );
        const names: string[] = [];
        for (const raw of input.ingredients) {
          const name = raw.trim();
          if (taken.has(key(name))) errors.push(messages.nameExists(name));
          else names.push(name);
          taken.add(key(name));
        }
        if (names.length === 0) return [];
        await assertRoomFor(tx, 'ingredients', scope.restaurantId, names.length);
        const start = await nextPosition(scope, tx);
        const createdAt = now();
        const inserted = await tx
          .insert(ingredients)
          .values(
            names.map((name, index) => ({
              restaurantId: scope.restaurantId,
              name,
              parentId: input.parent ?? null,
              allergens: input.allergens ?? noAllergens(),
              // One set of translations for each name of the list (issue 24).
              translations: mergeTranslations(
                {},
                input.translations,
                translationSources.ingredient({ name }),
                languages,
              ),
              position: start + index,
              createdAt,
              updatedAt: createdAt,
            })),
          )
          // A concurrent request may have taken a name since it was read: report it like the others.
          .onConflictDoNothing()
          .returning();
        if (input.allergens && (input.allergens.contains.length || input.allergens.mayContain.length)) {
          await recordDeclarationChanges(
            tx,
            caller,
            inserted.map((row) => ({
              restaurantId: scope.restaurantId,
              ingredientId: row.id,
              field: 'allergens' as const,
              before: null,
              after: row.allergens,
            })),
            createdAt,
          );
        }
        const insertedNames = new Set(inserted.map((row) => key(row.name)));
        for (const name of names) if (!insertedNames.has(key(name))) errors.push(messages.nameExists(name));
        return inserted.sort((a, b) => a.position - b.position);
      });
      publicMenu.changed(scope.restaurantId);
      return { insertedIngredients: await presentIngredients(db, scope, rows), errors };
    },

    async update(
      caller: Caller,
      id: string,
      input: {
        name: string;
        parent?: string | null;
        isAvailable?: boolean;
        allergens?: AllergenDeclaration | undefined;
        translations?: Translations | undefined;
      },
    ): Promise<Ingredient> {
      const scope = await scopeOf(db, caller);
      const row = assertWritable(scope, await find(scope, id));
      // A source edit leaves the stored translations as they are: they turn stale by themselves.
      const translations = input.translations
        ? mergeTranslations(
            row.translations,
            input.translations,
            translationSources.ingredient({ name: input.name.trim() }),
            await otherLanguagesOf(db, scope.restaurantId),
          )
        : undefined;
      const name = input.name.trim();
      if (await nameTaken(scope, name, row.id)) throw new InvalidError(messages.nameExists(name));
      if (input.parent) await checkParent(scope, input.parent, row.id);
      try {
        const at = now();
        const updated = await db.transaction(async (tx) => {
          const [saved] = await tx
            .update(ingredients)
            .set({
              name,
              ...(input.parent !== undefined ? { parentId: input.parent } : {}),
              ...(input.isAvailable !== undefined ? { isAvailable: input.isAvailable } : {}),
              ...(input.allergens !== undefined ? { allergens: input.allergens } : {}),
              ...(translations !== undefined ? { translations } : {}),
              updatedAt: at,
            })
            .where(and(eq(ingredients.id, row.id), eq(ingredients.restaurantId, scope.restaurantId)))
            .returning();
          if (input.allergens !== undefined) {
            await recordDeclarationChanges(
              tx,
              caller,
              [
                {
                  restaurantId: scope.restaurantId,
                  ingredientId: row.id,
                  field: 'allergens',
                  before: row.allergens,
                  after: input.allergens,
                },
              ],
              at,
            );
          }
          return saved;
        });
        // Every dish that uses it (here and in the locations) reads the new declaration.
        publicMenu.changed(scope.restaurantId);
        return present(scope, updated!);
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new InvalidError(messages.nameExists(name));
        throw error;
      }
    },

    /**
     * Deletes the caller's own ingredients, all or none: an id of another restaurant answers 404, an
     * inherited one 403. Dishes drop them, their children move to the top level, and customization
     * options that offered them go.
     */
    async remove(caller: Caller, ids: string[]): Promise<void> {
      const scope = await scopeOf(db, caller);
      const unique = [...new Set(ids)];
      const rows = await db
        .select()
        .from(ingredients)
        .where(visible(scope, inArray(ingredients.id, unique)));
      if (rows.length !== unique.length) throw new NotFoundError();
      if (rows.some((row) => isFromParent(scope, row.restaurantId))) {
        throw new ForbiddenError(messages.readOnlyFromParent);
      }
      await db.transaction(async (tx) => {
        await tx.update(ingredients).set({ parentId: null }).where(inArray(ingredients.parentId, unique));
        await deps.customizations.removeIngredientOptions(tx, scope.restaurantId, new Set(unique));
        await tx
          .delete(ingredients)
          .where(and(inArray(ingredients.id, unique), eq(ingredients.restaurantId, scope.restaurantId)));
      });
      publicMenu.changed(scope.restaurantId);
    },

    /**
     * Copies an ingredient, an inherited one included, into the caller's own list (doc 2 §4): named
     * `name` or the original's name + " (copy)"; 412 when that name is taken, so the client retries.
     */
    async clone(
      caller: Caller,
      id: string,
      input: { name?: string; isAvailable?: boolean },
    ): Promise<Ingredient> {
      const scope = await scopeOf(db, caller);
      const original = assertVisible(scope, await find(scope, id));
      const name = (input.name ?? copyName(original.name)).trim();
      const row = await db.transaction(async (tx) => {
        if (await nameTaken(scope, name, undefined, tx)) throw new NameClashError(messages.nameExists(name));
        await assertRoomFor(tx, 'ingredients', scope.restaurantId);
        const createdAt = now();
        try {
          const [inserted] = await tx
            .insert(ingredients)
            .values({
              restaurantId: scope.restaurantId,
              name,
              parentId: original.parentId,
              allergens: original.allergens,
              translations: original.translations,
              isAvailable: input.isAvailable ?? original.isAvailable,
              position: await nextPosition(scope, tx),
              createdAt,
              updatedAt: createdAt,
            })
            .returning();
          return inserted!;
        } catch (error) {
          if (uniqueViolation(error) !== null) throw new NameClashError(messages.nameExists(name));
          throw error;
        }
      });
      publicMenu.changed(scope.restaurantId);
      return present(scope, row);
    },
  };
}

export type IngredientService = ReturnType<typeof createIngredientService>;
