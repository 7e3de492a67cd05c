import type { Readable } from 'node:stream';
import {
  canPickFromMedia,
  clearsPicture,
  combineTranslations,
  copyName,
  type DietaryLists,
  type Dish,
  type DishSort,
  dietaryTypes,
  dishCustomPrefix,
  type dishInputSchema,
  type dishUpdateSchema,
  emptyDietary,
  likePattern,
  mergeTranslations,
  messages,
  type PageRequest,
  type Paginated,
  prefixTranslations,
  type StoredTranslations,
  type Translations,
  translationSources,
  undeclaredAllergens,
} from '@carte/domain';
import { and, asc, count, desc, eq, ilike, inArray, max, min, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Storage } from '../../adapters/storage/storage.ts';
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
import type { UploadedFile } from '../../core/uploaded-file.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { direction, lowerName, readPage, readWhole } from '../../db/list-page.ts';
import { assertRoomFor } from '../../db/restaurant-limits.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import {
  type CustomizationData,
  categories,
  categoryDishes,
  dishes,
  dishIngredients,
  dishSideDishes,
  ingredients,
} from '../../db/schema.ts';
import { otherLanguagesOf } from '../../db/translation-languages.ts';
import { type DeclarationChange, recordDeclarationChanges } from '../allergens/index.ts';
import type { CustomizationService } from '../customizations/index.ts';
import type { DietaryService } from '../dietary/index.ts';
import { addUploadToLibrary, copyMediaImage, deleteImage, storeImage } from '../media/index.ts';
import { type DishRow, presentDishes } from './dish.presenter.ts';
import { sanitizeRichText } from './rich-text.ts';

type Executor = Db | Tx;
export type DishValues = z.output<typeof dishInputSchema>;

type Declared = Pick<typeof dishes.$inferSelect, 'allergens' | 'calories' | 'portion'>;

/** The declaration changes between two states of a dish (none before: a new dish's non-empty ones). */
function declarationChanges(
  restaurantId: string,
  dishId: string,
  before: Declared | null,
  after: Declared,
): DeclarationChange[] {
  const blank = !before;
  const changes: DeclarationChange[] = [];
  const own = after.allergens;
  if (!blank || own.declared || own.contains.length || own.mayContain.length)
    changes.push({ restaurantId, dishId, field: 'allergens', before: before?.allergens ?? null, after: own });
  if (!blank || after.calories !== null)
    changes.push({
      restaurantId,
      dishId,
      field: 'calories',
      before: before?.calories ?? null,
      after: after.calories,
    });
  if (!blank || after.portion !== null)
    changes.push({
      restaurantId,
      dishId,
      field: 'portion',
      before: before?.portion ?? null,
      after: after.portion,
    });
  return changes;
}
/** An update: only the fields sent change. */
export type DishPatch = z.output<typeof dishUpdateSchema>;

export interface DishDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  customizations: CustomizationService;
  dietary: DietaryService;
  publicMenu: PublicMenuChanges;
}

/** A dish's references, checked against what the caller may use; absent ones stay as they are. */
interface Prepared {
  ingredientIds?: string[];
  sideDishIds?: string[];
  customizations?: { selected: string[]; custom: CustomizationData[] };
  dietary?: { selected: DietaryLists; admin: DietaryLists };
  categoryId: string | null;
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** Translated descriptions are rich text like their source: sanitized the same way (issue 24). */
function sanitizedTranslations(input: Translations): Translations {
  const out: Translations = {};
  for (const [lang, fields] of Object.entries(input)) {
    out[lang] = Object.fromEntries(
      Object.entries(fields).map(([field, text]) => [
        field,
        field === 'description' && text.trim() ? sanitizeRichText(text) : text,
      ]),
    );
  }
  return out;
}

/**
 * A dish's translations after a write (issue 24): the dish's own (`name`, `description`, and
 * `custom.{id}.…` keys) and each own customization's `translations`, keyed under its id as saved.
 * Undefined when the write sends none (stored ones stay as they are, stale where a source changed).
 */
async function dishTranslations(
  executor: Executor,
  restaurantId: string,
  stored: StoredTranslations,
  input: {
    translations?: Translations | undefined;
    customizations?: { custom?: { translations?: Translations | undefined }[] | undefined } | undefined;
  },
  after: { name: string; description: string; custom: CustomizationData[] },
): Promise<StoredTranslations | undefined> {
  const sentCustom = input.customizations?.custom ?? [];
  if (!input.translations && !sentCustom.some((item) => item.translations)) return undefined;
  const combined = combineTranslations(
    input.translations,
    ...sentCustom.map((item, index) =>
      after.custom[index]
        ? prefixTranslations(item.translations, dishCustomPrefix(after.custom[index]._id))
        : {},
    ),
  );
  return mergeTranslations(
    stored,
    sanitizedTranslations(combined),
    translationSources.dish(after, after.custom),
    await otherLanguagesOf(executor, restaurantId),
  );
}

/** A copied dish's translations: its own customizations' keys follow their new ids. */
function remapCustomTranslations(
  stored: StoredTranslations,
  ids: Map<string, { id: string; options: Map<string, string> }>,
): StoredTranslations {
  const out: StoredTranslations = {};
  for (const [lang, fields] of Object.entries(stored)) {
    out[lang] = {};
    for (const [field, entry] of Object.entries(fields)) {
      const match = /^custom\.([^.]+)\.(.*)$/.exec(field);
      if (!match) {
        out[lang][field] = entry;
        continue;
      }
      const moved = ids.get(match[1]!);
      if (!moved) continue;
      const rest = match[2]!;
      const option = /^option\.(.+)$/.exec(rest);
      if (option) {
        const optionId = moved.options.get(option[1]!);
        if (optionId) out[lang][`${dishCustomPrefix(moved.id)}option.${optionId}`] = entry;
      } else out[lang][`${dishCustomPrefix(moved.id)}${rest}`] = entry;
    }
  }
  return out;
}
const key = (value: string) => value.trim().toLowerCase();

/** Keeps the chosen names that exist in the lists they are chosen from, once each. */
const within = (chosen: DietaryLists, lists: DietaryLists): DietaryLists => {
  const out = emptyDietary();
  for (const type of dietaryTypes) {
    const known = new Set(lists[type]);
    out[type] = unique((chosen[type] ?? []).map((value) => value.trim())).filter((value) => known.has(value));
  }
  return out;
};

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

/**
 * Dishes (doc 1 §3, §4, §5, §7): the caller's own plus, for a location, its parent's (read-only,
 * `fromParent`, cloneable). New dishes go to the top of the list and to the end of the category they
 * join (issue 22: the order a diner reads).
 */
export function createDishService(deps: DishDeps) {
  const { db, storage, now, publicMenu } = deps;

  const visible = (scope: RestaurantScope, ...conditions: (SQL | undefined)[]) =>
    and(inArray(dishes.restaurantId, scope.visibleIds), ...conditions);

  async function find(scope: RestaurantScope, id: string, executor: Executor = db) {
    const [row] = await executor
      .select()
      .from(dishes)
      .where(visible(scope, eq(dishes.id, id)));
    return row;
  }

  const present = async (scope: RestaurantScope, row: DishRow): Promise<Dish> =>
    (await presentDishes(db, storage, scope, [row]))[0]!;

  /**
   * Checks every reference of a dish form: ingredients and side dishes must be visible (404), a dish
   * is not its own side dish, selected customizations are the restaurant's own (404), the dish's own
   * customizations follow the /customizations rules, and the category must be writable (404/403).
   * Only what the form sends is checked; an update keeps the rest (`current`).
   */
  async function prepare(scope: RestaurantScope, input: DishPatch, current?: DishRow): Promise<Prepared> {
    const ingredientIds = input.ingredients && unique(input.ingredients);
    if (ingredientIds?.length) {
      const found = await db
        .select({ id: ingredients.id })
        .from(ingredients)
        .where(
          and(inArray(ingredients.id, ingredientIds), inArray(ingredients.restaurantId, scope.visibleIds)),
        );
      if (found.length !== ingredientIds.length) throw new NotFoundError();
    }

    const sideDishIds = input.sideDishes && unique(input.sideDishes);
    if (current && sideDishIds?.includes(current.id)) throw new InvalidError(messages.sideDishSelf);
    if (sideDishIds?.length) {
      const found = await db
        .select({ id: dishes.id })
        .from(dishes)
        .where(visible(scope, inArray(dishes.id, sideDishIds)));
      if (found.length !== sideDishIds.length) throw new NotFoundError();
    }

    let customizations: Prepared['customizations'];
    if (input.customizations) {
      const sent = input.customizations;
      let selected = current?.customizations.selected ?? [];
      if (sent.selected) {
        selected = unique(sent.selected);
        const wide = await deps.customizations.listOwn(scope.restaurantId);
        const wideIds = new Set(wide.map((item) => item._id));
        if (selected.some((id) => !wideIds.has(id))) throw new NotFoundError();
      }
      const custom = sent.custom
        ? await deps.customizations.normalize(scope, sent.custom, {
            existing: current?.customizations.custom ?? [],
            unknownIds: 'renew',
          })
        : (current?.customizations.custom ?? []);
      customizations = { selected, custom };
    }

    let categoryId: string | null = null;
    if (input.category) {
      const [category] = await db
        .select({ id: categories.id, restaurantId: categories.restaurantId })
        .from(categories)
        .where(and(eq(categories.id, input.category), inArray(categories.restaurantId, scope.visibleIds)));
      categoryId = assertWritable(scope, category).id;
    }

    let dietary: Prepared['dietary'];
    if (input.dietaryConsiderations) {
      const platform = await deps.dietary.platformLists();
      const own = await deps.dietary.ownLists(scope.restaurantId);
      // Names no longer in the lists (renamed or deleted meanwhile) are dropped.
      dietary = {
        selected: within(input.dietaryConsiderations.selected, own),
        admin: within(input.dietaryConsiderations.admin, platform),
      };
    }
    return { ingredientIds, sideDishIds, customizations, dietary, categoryId };
  }

  /** New dishes go to the top of the owner's list (doc 1 §4); the diner's order is the category's. */
  async function topPosition(scope: RestaurantScope, tx: Tx) {
    const [row] = await tx
      .select({ value: min(dishes.position) })
      .from(dishes)
      .where(visible(scope));
    return (row?.value ?? 1) - 1;
  }

  /** Replaces a dish's ingredients and side dishes with the lists given; an absent list stays. */
  async function writeLinks(tx: Tx, dishId: string, ingredientIds?: string[], sideDishIds?: string[]) {
    if (ingredientIds) {
      await tx.delete(dishIngredients).where(eq(dishIngredients.dishId, dishId));
      if (ingredientIds.length) {
        await tx
          .insert(dishIngredients)
          .values(ingredientIds.map((ingredientId, position) => ({ dishId, ingredientId, position })));
      }
    }
    if (sideDishIds) {
      await tx.delete(dishSideDishes).where(eq(dishSideDishes.dishId, dishId));
      if (sideDishIds.length) {
        await tx
          .insert(dishSideDishes)
          .values(sideDishIds.map((sideDishId, position) => ({ dishId, sideDishId, position })));
      }
    }
  }

  /**
   * Puts a dish at the end of a category, the order a diner reads (issue 22: dishes entered in turn
   * read in turn); a dish already there keeps its place. The owner's dish list keeps newest first.
   */
  async function joinCategory(tx: Tx, categoryId: string, dishId: string) {
    const [already] = await tx
      .select({ dishId: categoryDishes.dishId })
      .from(categoryDishes)
      .where(and(eq(categoryDishes.categoryId, categoryId), eq(categoryDishes.dishId, dishId)));
    if (already) return;
    const [row] = await tx
      .select({ value: max(categoryDishes.position) })
      .from(categoryDishes)
      .where(eq(categoryDishes.categoryId, categoryId));
    await tx.insert(categoryDishes).values({ categoryId, dishId, position: (row?.value ?? -1) + 1 });
  }

  /** Copies the stored variants of an image under a new key, so each dish owns its files. */
  async function copyImage(source: string | null): Promise<string | null> {
    if (!source) return null;
    const target = `dish/${newId()}`;
    for (const variant of ['thumb', 'card', 'full']) {
      const file = await storage.get(`${source}/${variant}.webp`);
      if (!file) return null;
      await storage.put(`${target}/${variant}.webp`, await readAll(file.body), file.contentType);
    }
    return target;
  }

  /**
   * Stores the new image (an uploaded file, or a copy of a media library item: doc 2 §2, media
   * picker), runs the writes, and removes the new files again if the writes fail; an uploaded file
   * then joins the media library. A user whose only
   * flag is `dish` picks nothing from the library (doc 2 §6).
   */
  async function withImage<T>(
    caller: Caller,
    scope: RestaurantScope,
    picked: { file?: UploadedFile; mediaId?: string },
    write: (imageKey: string | null) => Promise<T>,
  ) {
    if (!picked.file && picked.mediaId && !canPickFromMedia(caller.role, caller.permissions))
      throw new ForbiddenError();
    const imageKey = picked.file
      ? await storeImage(storage, picked.file, 'dish')
      : picked.mediaId
        ? await copyMediaImage(db, storage, scope, picked.mediaId, 'dish')
        : null;
    let written: T;
    try {
      written = await write(imageKey);
    } catch (error) {
      await deleteImage(storage, imageKey);
      throw error;
    }
    // An uploaded photo joins the media library, for other dishes (issue 22).
    if (picked.file) await addUploadToLibrary({ db, storage, now }, scope.restaurantId, picked.file);
    return written;
  }

  return {
    /** Own and inherited dishes, new ones first. */
    async list(caller: Caller): Promise<Dish[]> {
      const scope = await scopeOf(db, caller);
      return readWhole(
        db,
        (tx, limit, offset) =>
          tx
            .select()
            .from(dishes)
            .where(visible(scope))
            .orderBy(asc(dishes.position), desc(dishes.createdAt), desc(dishes.id))
            .limit(limit)
            .offset(offset),
        (tx, rows) => presentDishes(tx, storage, scope, rows),
      );
    },

    /**
     * One page of the list (issue 21): the dishes whose name contains `search`, in the list's order
     * or by `sort` (created: newest first, name, price), counted and cut in SQL.
     */
    async page(
      caller: Caller,
      request: PageRequest<DishSort> & { ids?: string[] | undefined },
    ): Promise<Paginated<Dish>> {
      const scope = await scopeOf(db, caller);
      const where = visible(
        scope,
        and(
          request.search ? ilike(dishes.name, likePattern(request.search)) : undefined,
          request.ids ? inArray(dishes.id, request.ids) : undefined,
        ),
      );
      const [counted] = await db.select({ total: count() }).from(dishes).where(where);
      const by = {
        created: [direction(request.order, 'desc')(dishes.createdAt)],
        name: [direction(request.order, 'asc')(lowerName(dishes.name))],
        price: [direction(request.order, 'asc')(dishes.price), asc(lowerName(dishes.name))],
      };
      const order = request.sort
        ? [...by[request.sort], desc(dishes.id)]
        : [asc(dishes.position), desc(dishes.createdAt), desc(dishes.id)];
      return readPage(
        request,
        Number(counted?.total ?? 0),
        (limit, offset) =>
          db
            .select()
            .from(dishes)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        (rows) => presentDishes(db, storage, scope, rows),
      );
    },

    async get(caller: Caller, id: string): Promise<Dish> {
      const scope = await scopeOf(db, caller);
      return present(scope, assertVisible(scope, await find(scope, id)));
    },

    /** A name that exists is allowed: the browser asked "You already have an item named …" (doc 1 §5). */
    async create(caller: Caller, input: DishValues, image?: UploadedFile): Promise<Dish> {
      const scope = await scopeOf(db, caller);
      const prepared = await prepare(scope, input);
      const description = sanitizeRichText(input.description);
      const customizations = prepared.customizations ?? { selected: [], custom: [] };
      const translations = await dishTranslations(db, scope.restaurantId, {}, input, {
        name: input.name,
        description,
        custom: customizations.custom,
      });
      const row = await withImage(caller, scope, { file: image, mediaId: input.imageMedia }, (imageKey) =>
        db.transaction(async (tx) => {
          await assertRoomFor(tx, 'dishes', scope.restaurantId);
          const createdAt = now();
          const [inserted] = await tx
            .insert(dishes)
            .values({
              restaurantId: scope.restaurantId,
              name: input.name,
              description,
              price: input.price,
              calories: input.calories,
              portion: input.portion,
              allergens: input.allergens ?? undeclaredAllergens(),
              alcoholPercentage: input.alcoholPercentage,
              image: imageKey,
              isAvailable: input.isAvailable,
              customizations,
              dietary: prepared.dietary ?? { selected: emptyDietary(), admin: emptyDietary() },
              translations: translations ?? {},
              position: await topPosition(scope, tx),
              createdAt,
              updatedAt: createdAt,
            })
            .returning();
          await writeLinks(tx, inserted!.id, prepared.ingredientIds, prepared.sideDishIds);
          if (prepared.categoryId) await joinCategory(tx, prepared.categoryId, inserted!.id);
          await recordDeclarationChanges(
            tx,
            caller,
            declarationChanges(scope.restaurantId, inserted!.id, null, inserted!),
            createdAt,
          );
          return inserted!;
        }),
      );
      publicMenu.changed(scope.restaurantId);
      return present(scope, row);
    },

    /**
     * Changes the fields the form sends (a partial update, like menus); a list, when sent, replaces
     * the dish's. `category`, when sent, adds the dish to the end of that category; other
     * categories keep it. A new image replaces the old one, whose files are deleted, as
     * `removeImage` deletes them.
     */
    async update(caller: Caller, id: string, input: DishPatch, image?: UploadedFile): Promise<Dish> {
      const scope = await scopeOf(db, caller);
      const current = assertWritable(scope, await find(scope, id));
      const prepared = await prepare(scope, input, current);
      const description = input.description === undefined ? undefined : sanitizeRichText(input.description);
      // Merged against the texts as this update leaves them; a source edit alone leaves the stored
      // translations as they are, stale by themselves.
      const translations = await dishTranslations(db, scope.restaurantId, current.translations, input, {
        name: input.name ?? current.name,
        description: description ?? current.description,
        custom: prepared.customizations?.custom ?? current.customizations.custom ?? [],
      });
      const row = await withImage(caller, scope, { file: image, mediaId: input.imageMedia }, (imageKey) =>
        db.transaction(async (tx) => {
          // Fields left undefined are not written (drizzle leaves them out of the update).
          const [updated] = await tx
            .update(dishes)
            .set({
              name: input.name,
              description,
              price: input.price,
              calories: input.calories,
              portion: input.portion,
              allergens: input.allergens,
              alcoholPercentage: input.alcoholPercentage,
              image: imageKey ?? (input.removeImage || clearsPicture(input.image) ? null : current.image),
              isAvailable: input.isAvailable,
              customizations: prepared.customizations,
              dietary: prepared.dietary,
              translations,
              updatedAt: now(),
            })
            .where(and(eq(dishes.id, current.id), eq(dishes.restaurantId, scope.restaurantId)))
            .returning();
          await writeLinks(tx, current.id, prepared.ingredientIds, prepared.sideDishIds);
          if (prepared.categoryId) await joinCategory(tx, prepared.categoryId, current.id);
          await recordDeclarationChanges(
            tx,
            caller,
            declarationChanges(scope.restaurantId, current.id, current, updated!),
            updated!.updatedAt,
          );
          return updated!;
        }),
      );
      publicMenu.changed(scope.restaurantId);
      if (row.image !== current.image) await deleteImage(storage, current.image);
      return present(scope, row);
    },

    /** Deletes own dishes, all or none (404 for another restaurant's id, 403 for an inherited one). */
    async remove(caller: Caller, ids: string[]): Promise<void> {
      const scope = await scopeOf(db, caller);
      const wanted = unique(ids);
      const rows = await db
        .select()
        .from(dishes)
        .where(visible(scope, inArray(dishes.id, wanted)));
      if (rows.length !== wanted.length) throw new NotFoundError();
      if (rows.some((row) => isFromParent(scope, row.restaurantId))) {
        throw new ForbiddenError(messages.readOnlyFromParent);
      }
      await db
        .delete(dishes)
        .where(and(inArray(dishes.id, wanted), eq(dishes.restaurantId, scope.restaurantId)));
      publicMenu.changed(scope.restaurantId);
      await Promise.all(rows.map((row) => deleteImage(storage, row.image)));
    },

    /**
     * Copies a dish, an inherited one included (doc 1 §4, doc 2 §4): named `name` or the original's
     * name + " (copy)", unavailable, created now, with the same ingredients, side dishes,
     * customizations, image and (own) categories. 412 when a dish the caller sees has that name.
     */
    async clone(caller: Caller, id: string, input: { name?: string; isAvailable?: boolean }): Promise<Dish> {
      const scope = await scopeOf(db, caller);
      const original = assertVisible(scope, await find(scope, id));
      const name = (input.name ?? copyName(original.name)).trim();
      const [clash] = await db
        .select({ id: dishes.id })
        .from(dishes)
        .where(visible(scope, sql`lower(${dishes.name}) = ${key(name)}`))
        .limit(1);
      if (clash) throw new NameClashError(messages.nameExists(name));

      // What a location takes from its parent's dish: only what it may use itself.
      const wideIds = new Set(
        (await deps.customizations.listOwn(scope.restaurantId)).map((item) => item._id),
      );
      const own = await deps.dietary.ownLists(scope.restaurantId);
      const fromParent = isFromParent(scope, original.restaurantId);
      const moved = new Map<string, { id: string; options: Map<string, string> }>();
      const customizations = {
        selected: (original.customizations.selected ?? []).filter((item) => wideIds.has(item)),
        custom: (original.customizations.custom ?? []).map((item) => {
          const copy = {
            ...item,
            _id: newId(),
            options: item.options.map((option) => ({ ...option, _id: newId() })),
          };
          moved.set(item._id, {
            id: copy._id,
            options: new Map(item.options.map((option, index) => [option._id, copy.options[index]!._id])),
          });
          return copy;
        }),
      };
      const dietary = {
        selected: fromParent
          ? within(original.dietary.selected ?? emptyDietary(), own)
          : original.dietary.selected,
        admin: original.dietary.admin,
      };

      const imageKey = await copyImage(original.image);
      try {
        const row = await db.transaction(async (tx) => {
          await assertRoomFor(tx, 'dishes', scope.restaurantId);
          const ingredientLinks = await tx
            .select({ id: dishIngredients.ingredientId })
            .from(dishIngredients)
            .where(eq(dishIngredients.dishId, original.id))
            .orderBy(asc(dishIngredients.position));
          const sideLinks = await tx
            .select({ id: dishSideDishes.sideDishId })
            .from(dishSideDishes)
            .where(eq(dishSideDishes.dishId, original.id))
            .orderBy(asc(dishSideDishes.position));
          // A location's copy joins only its own categories; the parent's stay read-only.
          const categoryLinks = await tx
            .select({ id: categoryDishes.categoryId })
            .from(categoryDishes)
            .innerJoin(categories, eq(categories.id, categoryDishes.categoryId))
            .where(
              and(eq(categoryDishes.dishId, original.id), eq(categories.restaurantId, scope.restaurantId)),
            );
          const createdAt = now();
          const [inserted] = await tx
            .insert(dishes)
            .values({
              restaurantId: scope.restaurantId,
              name,
              description: original.description,
              price: original.price,
              calories: original.calories,
              portion: original.portion,
              // The kitchen's additions come along; the copy is declared once its owner confirms it.
              allergens: { ...original.allergens, declared: false },
              alcoholPercentage: original.alcoholPercentage,
              image: imageKey,
              isAvailable: input.isAvailable ?? false,
              customizations,
              dietary,
              // Its translations come along, the own customizations' under their new ids (issue 24).
              translations: remapCustomTranslations(original.translations, moved),
              position: await topPosition(scope, tx),
              createdAt,
              updatedAt: createdAt,
            })
            .returning();
          await writeLinks(
            tx,
            inserted!.id,
            ingredientLinks.map((link) => link.id),
            sideLinks.map((link) => link.id),
          );
          for (const link of categoryLinks) await joinCategory(tx, link.id, inserted!.id);
          return inserted!;
        });
        publicMenu.changed(scope.restaurantId);
        return present(scope, row);
      } catch (error) {
        await deleteImage(storage, imageKey);
        throw error;
      }
    },
  };
}

export type DishService = ReturnType<typeof createDishService>;
