import {
  acceptMachineDraft,
  isRichTranslationField,
  mergeTranslations,
  messages,
  type RestaurantLanguages,
  type StoredTranslations,
  type TranslatableKind,
  type TranslationCounts,
  type TranslationImportResult,
  type TranslationList,
  type TranslationRow,
  type TranslationSaveResult,
  type TranslationSummary,
  type TranslationWrite,
  translationSources,
  translationState,
} from '@carte/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
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
  restaurants,
} from '../../db/schema.ts';
import { dietaryTagNames } from '../../db/translation-languages.ts';

export interface TranslationServiceDeps {
  db: Db;
  publicMenu: PublicMenuChanges;
  /** The rich-text rule descriptions follow (the dishes feature's). */
  sanitizeRichText: (html: string) => string;
}

/** One translatable record of the caller's own restaurant: its texts and stored translations. */
interface Entry {
  kind: TranslatableKind;
  id: string;
  label: string;
  sources: Record<string, string>;
  stored: StoredTranslations;
  menus: string[];
}

/** One row a file or a save names. */
export interface TranslationItem {
  kind: string;
  id: string;
  field: string;
  text: string;
  accept?: boolean | undefined;
}

const tables: Record<TranslatableKind, { table: AnyPgTable; id: AnyPgColumn; restaurantId: AnyPgColumn }> = {
  restaurant: { table: restaurants, id: restaurants.id, restaurantId: restaurants.id },
  menu: { table: menus, id: menus.id, restaurantId: menus.restaurantId },
  category: { table: categories, id: categories.id, restaurantId: categories.restaurantId },
  dish: { table: dishes, id: dishes.id, restaurantId: dishes.restaurantId },
  ingredient: { table: ingredients, id: ingredients.id, restaurantId: ingredients.restaurantId },
  customization: { table: customizations, id: customizations.id, restaurantId: customizations.restaurantId },
};

/** Queries one after another: inside a transaction they share one connection. */
async function inOrder<T extends readonly (() => Promise<unknown>)[]>(
  tasks: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const task of tasks) out.push(await task());
  return out as never;
}

const keyOf = (kind: string, id: string) => `${kind}:${id}`;
const emptyCounts = (): TranslationCounts => ({ missing: 0, stale: 0, machine: 0, done: 0, total: 0 });

/**
 * The translation workflow (issue 24 §3): every text of the caller's own restaurant for one of its
 * other languages, where each stands (missing, stale, machine, done), and the writes of the screen
 * and of imported files. A location's inherited records are its parent's: the parent translates them.
 */
export function createTranslationService(deps: TranslationServiceDeps) {
  const { db, publicMenu, sanitizeRichText } = deps;

  async function languagesOf(reader: Db | Tx, restaurantId: string): Promise<RestaurantLanguages> {
    const [row] = await reader
      .select({ languages: restaurants.languages })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!row) throw new ForbiddenError();
    return row.languages;
  }

  /** The language must be one of the restaurant's others (400 with the reason otherwise). */
  function assertLanguage(languages: RestaurantLanguages, lang: string) {
    if (!languages.others.includes(lang as never))
      throw new InvalidError(
        languages.others.length
          ? `The restaurant does not offer "${lang}" as another language (it offers ${languages.others.join(', ')})`
          : `The restaurant has no other languages: add one in Settings → Languages first`,
      );
  }

  /** Every translatable record of the restaurant (its own only), with the menus it appears in. */
  async function entriesOf(
    reader: Db | Tx,
    restaurantId: string,
  ): Promise<{ entries: Entry[]; menuList: { id: string; name: string }[] }> {
    const own = (column: AnyPgColumn) => eq(column, restaurantId);
    const [restaurant] = await reader.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    if (!restaurant) throw new ForbiddenError();
    const [menuRows, categoryRows, dishRows, ingredientRows, customizationRows] = await inOrder([
      () =>
        reader
          .select()
          .from(menus)
          .where(own(menus.restaurantId))
          .orderBy(asc(menus.position), asc(menus.id)),
      () =>
        reader
          .select()
          .from(categories)
          .where(own(categories.restaurantId))
          .orderBy(asc(categories.position), asc(categories.id)),
      () =>
        reader
          .select()
          .from(dishes)
          .where(own(dishes.restaurantId))
          .orderBy(asc(dishes.position), asc(dishes.id)),
      () =>
        reader
          .select()
          .from(ingredients)
          .where(own(ingredients.restaurantId))
          .orderBy(asc(ingredients.name), asc(ingredients.id)),
      () =>
        reader
          .select()
          .from(customizations)
          .where(own(customizations.restaurantId))
          .orderBy(asc(customizations.position), asc(customizations.id)),
    ] as const);
    const [categoryMenus, dishMenus, ingredientMenus] = await inOrder([
      () =>
        reader
          .select({ id: menuCategories.categoryId, menu: menuCategories.menuId })
          .from(menuCategories)
          .innerJoin(menus, eq(menus.id, menuCategories.menuId))
          .where(own(menus.restaurantId))
          .orderBy(asc(menuCategories.position)),
      () =>
        reader
          .select({ id: categoryDishes.dishId, menu: menuCategories.menuId })
          .from(categoryDishes)
          .innerJoin(menuCategories, eq(menuCategories.categoryId, categoryDishes.categoryId))
          .innerJoin(menus, eq(menus.id, menuCategories.menuId))
          .where(own(menus.restaurantId)),
      () =>
        reader
          .select({ id: dishIngredients.ingredientId, menu: menuCategories.menuId })
          .from(dishIngredients)
          .innerJoin(categoryDishes, eq(categoryDishes.dishId, dishIngredients.dishId))
          .innerJoin(menuCategories, eq(menuCategories.categoryId, categoryDishes.categoryId))
          .innerJoin(menus, eq(menus.id, menuCategories.menuId))
          .where(own(menus.restaurantId)),
    ] as const);
    const menuOrder = new Map(menuRows.map((menu, index) => [menu.id, index]));
    const grouped = (links: { id: string; menu: string }[]) => {
      const out = new Map<string, Set<string>>();
      for (const link of links) {
        const set = out.get(link.id) ?? new Set<string>();
        set.add(link.menu);
        out.set(link.id, set);
      }
      return out;
    };
    const sorted = (set: Set<string> | undefined) =>
      [...(set ?? [])].sort((a, b) => (menuOrder.get(a) ?? 0) - (menuOrder.get(b) ?? 0));
    const byCategory = grouped(categoryMenus);
    const byDish = grouped(dishMenus);
    const byIngredient = grouped(ingredientMenus);
    const byCustomization = new Map<string, Set<string>>();
    for (const dish of dishRows)
      for (const selected of dish.customizations.selected) {
        const set = byCustomization.get(selected) ?? new Set<string>();
        for (const menu of byDish.get(dish.id) ?? []) set.add(menu);
        byCustomization.set(selected, set);
      }

    const entries: Entry[] = [];
    const dietary = restaurant.dietary ?? { diets: [], foodTypes: [], other: [] };
    entries.push({
      kind: 'restaurant',
      id: restaurant.id,
      label: restaurant.name,
      sources: translationSources.restaurant({
        description: restaurant.description,
        cta: restaurant.cta,
        filterOptions: restaurant.filterOptions as never,
        dietaryNames: await dietaryTagNames(db, restaurant.id, dietary),
      }),
      stored: restaurant.translations,
      menus: [],
    });
    for (const menu of menuRows)
      entries.push({
        kind: 'menu',
        id: menu.id,
        label: menu.name,
        sources: translationSources.menu(menu),
        stored: menu.translations,
        menus: [menu.id],
      });
    for (const category of categoryRows)
      entries.push({
        kind: 'category',
        id: category.id,
        label: category.name,
        sources: translationSources.category(category),
        stored: category.translations,
        menus: sorted(byCategory.get(category.id)),
      });
    for (const dish of dishRows) {
      const sources: Record<string, string> = { ...translationSources.dish(dish) };
      // A dish's own customizations translate with the dish: custom.{id}.name, custom.{id}.option.{id}.
      for (const custom of dish.customizations.custom)
        for (const [field, text] of Object.entries(translationSources.customization(custom)))
          sources[`custom.${custom._id}.${field}`] = text;
      entries.push({
        kind: 'dish',
        id: dish.id,
        label: dish.name,
        sources,
        stored: dish.translations,
        menus: sorted(byDish.get(dish.id)),
      });
    }
    for (const ingredient of ingredientRows)
      entries.push({
        kind: 'ingredient',
        id: ingredient.id,
        label: ingredient.name,
        sources: translationSources.ingredient(ingredient),
        stored: ingredient.translations,
        menus: sorted(byIngredient.get(ingredient.id)),
      });
    for (const customization of customizationRows)
      entries.push({
        kind: 'customization',
        id: customization.id,
        label: customization.name,
        sources: translationSources.customization(customization),
        stored: customization.translations,
        menus: sorted(byCustomization.get(customization.id)),
      });
    return { entries, menuList: menuRows.map((menu) => ({ id: menu.id, name: menu.name })) };
  }

  const rowsOf = (entries: Entry[], lang: string): TranslationRow[] =>
    entries.flatMap((entry) =>
      Object.entries(entry.sources).map(([field, source]) => {
        const stored = entry.stored?.[lang]?.[field];
        return {
          kind: entry.kind,
          id: entry.id,
          field,
          label: entry.label,
          source,
          translation: stored?.text ?? '',
          state: translationState(stored, source),
          rich: isRichTranslationField(entry.kind, field),
          menus: entry.menus,
        };
      }),
    );

  const countsOf = (rows: { state: TranslationRow['state'] }[]): TranslationCounts => {
    const counts = emptyCounts();
    for (const row of rows) counts[row.state] += 1;
    counts.total = rows.length;
    return counts;
  };

  /**
   * Saves items on the caller's own records in one transaction. `strict` (the screen's save): an id
   * that is not the caller's answers 404 (403 for the parent's inherited records), an unknown field
   * 400, and nothing changes. Otherwise (a file's import) such rows are reported and skipped.
   */
  async function write(
    tx: Tx,
    scope: RestaurantScope,
    lang: string,
    languages: RestaurantLanguages,
    items: (TranslationItem & { ref: { line?: number; unit?: string } })[],
    strict: boolean,
  ) {
    const { entries } = await entriesOf(tx, scope.restaurantId);
    const byKey = new Map(entries.map((entry) => [keyOf(entry.kind, entry.id), entry]));
    const unmatched: TranslationImportResult['unmatched'] = [];
    const changed = new Set<Entry>();
    const saved: { entry: Entry; field: string }[] = [];
    const foreign: TranslationItem[] = [];
    for (const item of items) {
      const entry = byKey.get(keyOf(item.kind, item.id));
      const report = (reason: string) => unmatched.push({ ...item.ref, reason });
      if (!(item.kind in tables)) {
        report(`Unknown kind "${item.kind}"`);
        continue;
      }
      if (!entry) {
        if (strict) foreign.push(item);
        else report(`No such ${item.kind} in this restaurant`);
        continue;
      }
      const source = entry.sources[item.field];
      if (source === undefined) {
        if (strict) throw new InvalidError(`The ${item.kind} has no text "${item.field}" to translate`);
        report(`The ${item.kind} has no text "${item.field}" to translate`);
        continue;
      }
      let next: StoredTranslations;
      if (item.accept) {
        // Accepting: a machine draft loses its mark; a stale translation is confirmed for the current source.
        const current = entry.stored?.[lang]?.[item.field];
        if (!current?.text.trim()) {
          if (strict) throw new InvalidError('There is no translation to accept');
          report('There is no translation to accept');
          continue;
        }
        next = acceptMachineDraft(entry.stored ?? {}, lang, item.field);
        if (current.source !== source) {
          next = structuredClone(next);
          next[lang]![item.field] = { text: current.text, source };
        }
      } else {
        if (!strict && !item.text.trim()) {
          report('The translation is empty');
          continue;
        }
        const text = isRichTranslationField(entry.kind, item.field) ? sanitizeRichText(item.text) : item.text;
        next = mergeTranslations(
          entry.stored,
          { [lang]: { [item.field]: text } },
          entry.sources,
          languages.others,
        );
      }
      entry.stored = next;
      changed.add(entry);
      saved.push({ entry, field: item.field });
    }
    if (foreign.length) {
      // Another restaurant's record, or the parent's (read-only: the parent translates it).
      if (scope.parentId)
        for (const item of foreign) {
          const spec = tables[item.kind as TranslatableKind];
          const [parentRow] = await tx
            .select({ id: spec.id })
            .from(spec.table)
            .where(and(eq(spec.id, item.id), eq(spec.restaurantId, scope.parentId)));
          if (parentRow) throw new ForbiddenError(messages.readOnlyFromParent);
        }
      throw new NotFoundError();
    }
    for (const entry of changed) {
      const spec = tables[entry.kind];
      await tx
        .update(spec.table)
        .set({ translations: entry.stored } as never)
        .where(eq(spec.id, entry.id));
    }
    return { entries, saved, unmatched };
  }

  return {
    async list(caller: Caller, lang: string): Promise<TranslationList> {
      const scope = await scopeOf(db, caller);
      const languages = await languagesOf(db, scope.restaurantId);
      assertLanguage(languages, lang);
      const { entries, menuList } = await entriesOf(db, scope.restaurantId);
      const items = rowsOf(entries, lang);
      return { language: lang, languages, menus: menuList, items, counts: countsOf(items) };
    },

    /** Per other language, what is left to do (the dashboard's line). */
    async summary(caller: Caller): Promise<TranslationSummary> {
      const scope = await scopeOf(db, caller);
      const languages = await languagesOf(db, scope.restaurantId);
      if (!languages.others.length) return { languages: [] };
      const { entries } = await entriesOf(db, scope.restaurantId);
      return {
        languages: languages.others.map((language) => {
          const counts = countsOf(rowsOf(entries, language));
          return { language, missing: counts.missing, stale: counts.stale, machine: counts.machine };
        }),
      };
    },

    async save(caller: Caller, lang: string, input: TranslationWrite): Promise<TranslationSaveResult> {
      const scope = await scopeOf(db, caller);
      const result = await db.transaction(async (tx) => {
        const languages = await languagesOf(tx, scope.restaurantId);
        assertLanguage(languages, lang);
        return write(
          tx,
          scope,
          lang,
          languages,
          input.items.map((item) => ({ ...item, ref: {} })),
          true,
        );
      });
      publicMenu.changed(scope.restaurantId);
      const all = rowsOf(result.entries, lang);
      const byKey = new Map(all.map((row) => [`${row.kind}:${row.id}:${row.field}`, row]));
      return {
        items: result.saved.map(({ entry, field }) => {
          const row = byKey.get(`${entry.kind}:${entry.id}:${field}`)!;
          return {
            kind: row.kind,
            id: row.id,
            field: row.field,
            translation: row.translation,
            state: row.state,
          };
        }),
        counts: countsOf(all),
      };
    },

    /** Rows of an imported file: those of the caller's own records are saved, the rest reported. */
    async importRows(
      caller: Caller,
      lang: string,
      rows: (TranslationItem & { ref: { line?: number; unit?: string } })[],
      problems: TranslationImportResult['unmatched'],
    ): Promise<TranslationImportResult> {
      const scope = await scopeOf(db, caller);
      const result = await db.transaction(async (tx) => {
        const languages = await languagesOf(tx, scope.restaurantId);
        assertLanguage(languages, lang);
        return write(tx, scope, lang, languages, rows, false);
      });
      if (result.saved.length) publicMenu.changed(scope.restaurantId);
      return { saved: result.saved.length, unmatched: [...problems, ...result.unmatched] };
    },

    /** The rows a file export writes (every text, translated or not). */
    async exportRows(
      caller: Caller,
      lang: string,
    ): Promise<{ languages: RestaurantLanguages; rows: TranslationRow[] }> {
      const scope = await scopeOf(db, caller);
      const languages = await languagesOf(db, scope.restaurantId);
      assertLanguage(languages, lang);
      const { entries } = await entriesOf(db, scope.restaurantId);
      return { languages, rows: rowsOf(entries, lang) };
    },
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;

/** Kinds, checked where a file names them. */
export const isTranslatableKind = (kind: string): kind is TranslatableKind => kind in tables;
