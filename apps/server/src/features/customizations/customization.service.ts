import {
  type AllergenDeclaration,
  type Customization,
  type customizationInputSchema,
  mergeTranslations,
  messages,
  presentTranslations,
  type StoredTranslations,
  translationSources,
} from '@carte/domain';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../../core/caller.ts';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { type CustomizationData, customizations, dishes, ingredients, restaurants } from '../../db/schema.ts';
import { otherLanguagesOf } from '../../db/translation-languages.ts';
import { readIngredientDeclarations } from '../allergens/index.ts';

type Executor = Db | Tx;
type ParsedCustomization = z.output<typeof customizationInputSchema>;

export interface NormalizeOptions {
  /** What the list replaces: existing ids (and option ids) are kept. */
  existing: CustomizationData[];
  /**
   * An `_id` that is not among `existing`: restaurant-wide lists refuse it (404, it may be another
   * restaurant's); a dish's own list gives it a new id (the form may copy a restaurant-wide one).
   */
  unknownIds: 'reject' | 'renew';
}

const key = (value: string) => value.trim().toLowerCase();

/** The customization as it leaves the server (STYLE rule 2). */
/**
 * A customization as it leaves the server; with `allergensOf`, each option carries its ingredient's
 * whole allergen declaration (issue 23).
 */
export const presentCustomization = (
  data: CustomizationData & { translations?: StoredTranslations },
  allergensOf?: (ingredientId: string) => AllergenDeclaration,
): Customization => ({
  _id: data._id,
  name: data.name,
  isCustom: data.isCustom,
  isFixedPrice: data.isFixedPrice,
  isAvailable: data.isAvailable,
  options: data.options.map((option) => ({
    _id: option._id,
    name: option.name,
    ingredient: option.ingredient,
    price: option.price,
    isAvailable: option.isAvailable,
    ...(allergensOf
      ? { allergens: option.ingredient ? allergensOf(option.ingredient) : { contains: [], mayContain: [] } }
      : {}),
  })),
  translations: presentTranslations(data.translations),
});

/**
 * Customizations (doc 1 §3, §5): the restaurant-wide list, replaced as a whole from the
 * /customizations screen, and the validation the dish-specific lists share with it.
 */
export function createCustomizationService(deps: { db: Db; publicMenu: PublicMenuChanges }) {
  const { db, publicMenu } = deps;

  /** The restaurant-wide list, each with its stored translations (issue 24). */
  async function listOwn(
    restaurantId: string,
    executor: Executor = db,
  ): Promise<(CustomizationData & { translations: StoredTranslations })[]> {
    const rows = await executor
      .select()
      .from(customizations)
      .where(eq(customizations.restaurantId, restaurantId))
      .orderBy(asc(customizations.position), asc(customizations.createdAt));
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      isCustom: row.isCustom,
      isFixedPrice: row.isFixedPrice,
      isAvailable: row.isAvailable,
      options: row.options,
      translations: row.translations,
    }));
  }

  /**
   * Checks a list of customizations as the form's rules do (doc 1 §5) and gives every customization
   * and option an id. Option ingredients must be visible to the caller (404 otherwise). The first
   * problem answers 400 with the specification's message:
   * - a repeated customization name, or a repeated custom option name: "{name} already exists.";
   * - an ingredient twice in one customization, or in two: "{ingredient} already exists at {parent}.".
   */
  async function normalize(
    scope: RestaurantScope,
    inputs: ParsedCustomization[],
    options: NormalizeOptions,
    executor: Executor = db,
  ): Promise<CustomizationData[]> {
    const existing = new Map(options.existing.map((item) => [item._id, item]));
    for (const input of inputs) {
      if (input._id && !existing.has(input._id) && options.unknownIds === 'reject') throw new NotFoundError();
    }

    const ingredientIds = [
      ...new Set(
        inputs.flatMap((input) =>
          input.isCustom ? [] : input.options.map((option) => option.ingredient).filter(Boolean),
        ),
      ),
    ] as string[];
    const found = ingredientIds.length
      ? await executor
          .select({ id: ingredients.id, name: ingredients.name })
          .from(ingredients)
          .where(
            and(inArray(ingredients.id, ingredientIds), inArray(ingredients.restaurantId, scope.visibleIds)),
          )
      : [];
    if (found.length !== ingredientIds.length) throw new NotFoundError();
    const ingredientName = new Map(found.map((row) => [row.id, row.name]));

    const names = new Set<string>();
    const ingredientHome = new Map<string, string>();
    const seenIds = new Set<string>();
    return inputs.map((input) => {
      const name = input.name.trim();
      if (names.has(key(name))) throw new InvalidError(messages.nameExists(name));
      names.add(key(name));

      const optionNames = new Set<string>();
      const ownIngredients = new Set<string>();
      const previous = input._id ? existing.get(input._id) : undefined;
      const previousOptionIds = new Set(previous?.options.map((option) => option._id) ?? []);
      const id = previous && !seenIds.has(previous._id) ? previous._id : newId();
      seenIds.add(id);
      const usedOptionIds = new Set<string>();

      const optionsOut = input.options.map((option) => {
        let optionName: string | null = null;
        let ingredient: string | null = null;
        if (input.isCustom) {
          optionName = (option.name ?? '').trim();
          if (optionNames.has(key(optionName))) throw new InvalidError(messages.nameExists(optionName));
          optionNames.add(key(optionName));
        } else {
          ingredient = option.ingredient!;
          const label = ingredientName.get(ingredient)!;
          if (ownIngredients.has(ingredient))
            throw new InvalidError(messages.ingredientExistsAt(label, name));
          const home = ingredientHome.get(ingredient);
          if (home !== undefined) throw new InvalidError(messages.ingredientExistsAt(label, home));
          ownIngredients.add(ingredient);
        }
        const keep = option._id && previousOptionIds.has(option._id) && !usedOptionIds.has(option._id);
        const optionId = keep ? option._id! : newId();
        usedOptionIds.add(optionId);
        return {
          _id: optionId,
          name: optionName,
          ingredient,
          price: option.price,
          isAvailable: option.isAvailable,
        };
      });
      for (const ingredient of ownIngredients) ingredientHome.set(ingredient, name);

      return {
        _id: id,
        name,
        isCustom: input.isCustom,
        isFixedPrice: input.isFixedPrice,
        isAvailable: input.isAvailable,
        options: optionsOut,
      };
    });
  }

  return {
    listOwn,
    normalize,

    /**
     * Replaces the restaurant-wide list (doc 1 §7 setCustomizations): kept customizations keep their
     * ids, removed ones also leave every dish that had selected them. Answers the new list.
     */
    async set(caller: Caller, inputs: ParsedCustomization[]): Promise<Customization[]> {
      const scope = await scopeOf(db, caller);
      const saved = await db.transaction(async (tx) => {
        // Serializes concurrent replacements of the same list.
        await tx
          .select({ id: restaurants.id })
          .from(restaurants)
          .where(eq(restaurants.id, scope.restaurantId))
          .for('update');
        const existing = await listOwn(scope.restaurantId, tx);
        const normalized = await normalize(scope, inputs, { existing, unknownIds: 'reject' }, tx);
        // Each one's translations merged against its texts as saved; one not sent keeps its own.
        const languages = await otherLanguagesOf(tx, scope.restaurantId);
        const storedOf = new Map(existing.map((item) => [item._id, item.translations]));
        const next = normalized.map((item, index) => ({
          ...item,
          translations: mergeTranslations(
            storedOf.get(item._id),
            inputs[index]?.translations,
            translationSources.customization(item),
            languages,
          ),
        }));
        const keptIds = new Set(next.map((item) => item._id));
        const removed = existing.filter((item) => !keptIds.has(item._id)).map((item) => item._id);
        if (removed.length) {
          await tx
            .delete(customizations)
            .where(
              and(eq(customizations.restaurantId, scope.restaurantId), inArray(customizations.id, removed)),
            );
          await unselectFromDishes(tx, scope.restaurantId, new Set(removed));
        }
        const existingIds = new Set(existing.map((item) => item._id));
        for (const [position, item] of next.entries()) {
          const values = {
            name: item.name,
            isCustom: item.isCustom,
            isFixedPrice: item.isFixedPrice,
            isAvailable: item.isAvailable,
            options: item.options,
            translations: item.translations,
            position,
          };
          if (existingIds.has(item._id)) {
            await tx
              .update(customizations)
              .set(values)
              .where(
                and(eq(customizations.id, item._id), eq(customizations.restaurantId, scope.restaurantId)),
              );
          } else {
            await tx
              .insert(customizations)
              .values({ id: item._id, restaurantId: scope.restaurantId, ...values });
          }
        }
        return next;
      });
      publicMenu.changed(scope.restaurantId);
      const declarations = await readIngredientDeclarations(
        db,
        scope.visibleIds,
        saved.flatMap((item) =>
          item.options.map((option) => option.ingredient).filter((id): id is string => !!id),
        ),
      );
      return saved.map((item) => presentCustomization(item, (id) => declarations.whole(id)));
    },

    /**
     * Deleted ingredients leave the options that offered them, in the restaurant-wide lists and in
     * dishes' own lists of the given restaurants (the owner and its locations, which see its
     * ingredients).
     */
    async removeIngredientOptions(tx: Tx, restaurantId: string, ingredientIds: Set<string>) {
      const locations = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(or(eq(restaurants.id, restaurantId), eq(restaurants.parentId, restaurantId)));
      const restaurantIds = locations.map((row) => row.id);
      const strip = (list: CustomizationData[]) => {
        let changed = false;
        const out = list.map((item) => {
          const options = item.options.filter(
            (option) => !option.ingredient || !ingredientIds.has(option.ingredient),
          );
          if (options.length !== item.options.length) changed = true;
          return { ...item, options };
        });
        return { changed, out };
      };

      const wide = await tx
        .select()
        .from(customizations)
        .where(inArray(customizations.restaurantId, restaurantIds));
      for (const row of wide) {
        const { changed, out } = strip([{ _id: row.id, ...row }]);
        if (changed)
          await tx
            .update(customizations)
            .set({ options: out[0]!.options })
            .where(eq(customizations.id, row.id));
      }
      const dishRows = await tx
        .select({ id: dishes.id, customizations: dishes.customizations })
        .from(dishes)
        .where(inArray(dishes.restaurantId, restaurantIds));
      for (const row of dishRows) {
        const { changed, out } = strip(row.customizations.custom ?? []);
        if (changed) {
          await tx
            .update(dishes)
            .set({ customizations: { ...row.customizations, custom: out } })
            .where(eq(dishes.id, row.id));
        }
      }
    },
  };

  async function unselectFromDishes(tx: Tx, restaurantId: string, removed: Set<string>) {
    const rows = await tx
      .select({ id: dishes.id, customizations: dishes.customizations })
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId));
    for (const row of rows) {
      const selected = row.customizations.selected ?? [];
      if (!selected.some((id) => removed.has(id))) continue;
      await tx
        .update(dishes)
        .set({
          customizations: { ...row.customizations, selected: selected.filter((id) => !removed.has(id)) },
        })
        .where(eq(dishes.id, row.id));
    }
  }
}

export type CustomizationService = ReturnType<typeof createCustomizationService>;
