import {
  type MachineDraftsInput,
  type MachineDraftsResult,
  messages,
  type StoredTranslations,
  translationSources,
  translationState,
  withMachineDraft,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import type { Translator } from '../../adapters/translate/index.ts';
import type { Caller } from '../../core/caller.ts';
import { AppError, InvalidError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import {
  type CustomizationData,
  categories,
  customizations,
  dishes,
  ingredients,
  menus,
  restaurants,
} from '../../db/schema.ts';
import { dietaryTagNames } from '../../db/translation-languages.ts';
import { sanitizeRichText } from '../dishes/index.ts';

type Executor = Db | Tx;
type Kind = 'restaurant' | 'menu' | 'category' | 'dish' | 'ingredient' | 'customization';
type Format = 'text' | 'html';

/** One record's translatable texts: field key → source text, and its stored translations. */
interface Texts {
  kind: Kind;
  id: string;
  sources: Record<string, string>;
  stored: StoredTranslations;
}

/**
 * Rich text (sanitized HTML) goes out as HTML so its markup comes back: a dish's and the restaurant's
 * description. A menu's description is plain text in Carte (drawn as text), so it goes as text.
 */
const formatOf = (kind: Kind, field: string): Format =>
  field === 'description' && (kind === 'dish' || kind === 'restaurant') ? 'html' : 'text';

/**
 * A dish's own customizations (made in the dish form, not chosen from the restaurant's list) have
 * keys of their own on the dish: `custom.{id}.name` and `custom.{id}.option.{optionId}`; options that
 * are ingredients take the ingredient's translation.
 */
function dishCustomSources(custom: readonly CustomizationData[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of custom) {
    if (entry.name.trim()) out[`custom.${entry._id}.name`] = entry.name;
    for (const option of entry.options) {
      if (!option.ingredient && option.name?.trim())
        out[`custom.${entry._id}.option.${option._id}`] = option.name;
    }
  }
  return out;
}

/** Every record of the restaurant itself with its texts (never a parent's: a location drafts its own). */
async function readTexts(executor: Executor, restaurantId: string, lock: boolean): Promise<Texts[]> {
  const own = <T>(query: T) => (lock ? (query as { for: (mode: 'update') => T }).for('update') : query);
  // One after the other: inside the transaction they share one connection.
  const restaurantRows = await own(
    executor
      .select({
        id: restaurants.id,
        description: restaurants.description,
        cta: restaurants.cta,
        filterOptions: restaurants.filterOptions,
        dietary: restaurants.dietary,
        translations: restaurants.translations,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId)),
  );
  const menuRows = await own(
    executor
      .select({
        id: menus.id,
        name: menus.name,
        description: menus.description,
        translations: menus.translations,
      })
      .from(menus)
      .where(eq(menus.restaurantId, restaurantId)),
  );
  const categoryRows = await own(
    executor
      .select({ id: categories.id, name: categories.name, translations: categories.translations })
      .from(categories)
      .where(eq(categories.restaurantId, restaurantId)),
  );
  const dishRows = await own(
    executor
      .select({
        id: dishes.id,
        name: dishes.name,
        description: dishes.description,
        customizations: dishes.customizations,
        translations: dishes.translations,
      })
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId)),
  );
  const ingredientRows = await own(
    executor
      .select({ id: ingredients.id, name: ingredients.name, translations: ingredients.translations })
      .from(ingredients)
      .where(eq(ingredients.restaurantId, restaurantId)),
  );
  const customizationRows = await own(
    executor
      .select({
        id: customizations.id,
        name: customizations.name,
        isCustom: customizations.isCustom,
        options: customizations.options,
        translations: customizations.translations,
      })
      .from(customizations)
      .where(eq(customizations.restaurantId, restaurantId)),
  );
  const texts: Texts[] = [];
  for (const row of restaurantRows) {
    const dietaryNames = await dietaryTagNames(executor, row.id, row.dietary);
    texts.push({
      kind: 'restaurant',
      id: row.id,
      sources: translationSources.restaurant({
        description: row.description,
        cta: row.cta,
        filterOptions: row.filterOptions,
        dietaryNames,
      }),
      stored: row.translations,
    });
  }
  for (const row of menuRows)
    texts.push({ kind: 'menu', id: row.id, sources: translationSources.menu(row), stored: row.translations });
  for (const row of categoryRows)
    texts.push({
      kind: 'category',
      id: row.id,
      sources: translationSources.category(row),
      stored: row.translations,
    });
  for (const row of dishRows)
    texts.push({
      kind: 'dish',
      id: row.id,
      sources: { ...translationSources.dish(row), ...dishCustomSources(row.customizations.custom) },
      stored: row.translations,
    });
  for (const row of ingredientRows)
    texts.push({
      kind: 'ingredient',
      id: row.id,
      sources: translationSources.ingredient(row),
      stored: row.translations,
    });
  for (const row of customizationRows)
    texts.push({
      kind: 'customization',
      id: row.id,
      sources: translationSources.customization({ ...row, options: row.options }),
      stored: row.translations,
    });
  return texts;
}

/** The fields of a record that want a draft: missing ones, and stale ones when asked. */
function wanted(record: Texts, lang: string, includeStale: boolean): [field: string, source: string][] {
  return Object.entries(record.sources).filter(([field, source]) => {
    const state = translationState(record.stored[lang]?.[field], source);
    return state === 'missing' || (includeStale && state === 'stale');
  });
}

/** A record's translations replaced (its row is locked by the transaction's read). */
async function writeTranslations(tx: Tx, record: Texts, translations: StoredTranslations): Promise<void> {
  switch (record.kind) {
    case 'restaurant':
      await tx.update(restaurants).set({ translations }).where(eq(restaurants.id, record.id));
      return;
    case 'menu':
      await tx.update(menus).set({ translations }).where(eq(menus.id, record.id));
      return;
    case 'category':
      await tx.update(categories).set({ translations }).where(eq(categories.id, record.id));
      return;
    case 'dish':
      await tx.update(dishes).set({ translations }).where(eq(dishes.id, record.id));
      return;
    case 'ingredient':
      await tx.update(ingredients).set({ translations }).where(eq(ingredients.id, record.id));
      return;
    case 'customization':
      await tx.update(customizations).set({ translations }).where(eq(customizations.id, record.id));
      return;
  }
}

/**
 * "Translate missing" (issue 24 §4): machine drafts for the caller's own records in one of the
 * restaurant's other languages, marked `machine` until the owner accepts each one. Every text is
 * translated before anything is written; the service down writes nothing.
 */
export function createMachineDraftService(deps: {
  db: Db;
  translator: Translator;
  publicMenu: PublicMenuChanges;
}) {
  const { db, translator, publicMenu } = deps;

  return {
    async draft(caller: Caller, lang: string, input: MachineDraftsInput): Promise<MachineDraftsResult> {
      if (translator.kind === 'off') throw new AppError(409, messages.translationOff);
      const scope = await scopeOf(db, caller);
      const [restaurant] = await db
        .select({ languages: restaurants.languages })
        .from(restaurants)
        .where(eq(restaurants.id, scope.restaurantId));
      const languages = restaurant?.languages ?? { default: 'en', others: [] };
      if (!languages.others.includes(lang as never))
        throw new InvalidError(messages.translationLanguageNotOffered);

      // Each distinct source text is translated once per format (many options share "Small", "Large").
      const records = await readTexts(db, scope.restaurantId, false);
      const pending: Record<Format, Set<string>> = { text: new Set(), html: new Set() };
      for (const record of records)
        for (const [field, source] of wanted(record, lang, input.includeStale))
          pending[formatOf(record.kind, field)].add(source);
      const translated: Record<Format, Map<string, string>> = { text: new Map(), html: new Map() };
      for (const format of ['text', 'html'] as const) {
        const sources = [...pending[format]];
        if (!sources.length) continue;
        const texts = await translator.translate(sources, languages.default, lang, format);
        sources.forEach((source, index) => {
          const text = texts[index] ?? '';
          // A service's HTML is held to what the editor allows, as an owner's would be.
          translated[format].set(source, format === 'html' ? sanitizeRichText(text) : text);
        });
      }

      // Written together, against the rows as they are now: a field an owner translated or whose
      // text changed while the service worked keeps what the owner did.
      const drafted = await db.transaction(async (tx) => {
        let count = 0;
        for (const record of await readTexts(tx, scope.restaurantId, true)) {
          let next = record.stored;
          for (const [field, source] of wanted(record, lang, input.includeStale)) {
            const text = translated[formatOf(record.kind, field)].get(source);
            if (!text?.trim()) continue;
            next = withMachineDraft(next, lang, field, text, source);
            count += 1;
          }
          if (next === record.stored) continue;
          await writeTranslations(tx, record, next);
        }
        return count;
      });
      if (drafted > 0) publicMenu.changed(scope.restaurantId);
      return { drafted };
    },
  };
}

export type MachineDraftService = ReturnType<typeof createMachineDraftService>;
