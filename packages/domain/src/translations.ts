import { z } from 'zod';

/**
 * Menus in the guests' languages (issue 24). A restaurant has a default language and others (BCP 47
 * tags from `LANGUAGES`); every text a diner reads may carry a translation per other language. A
 * stored translation remembers the source text it was made from: when the source changes later the
 * translation is **stale**; a field without one is **missing**; both fall back to the default
 * language on the public menu. A machine draft stays marked until the owner accepts it.
 */

/** The languages an owner may choose, each named in itself ("Français"). */
export const LANGUAGE_TAGS = [
  'en',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'pt-BR',
  'nl',
  'ca',
  'eu',
  'gl',
  'da',
  'sv',
  'nb',
  'fi',
  'is',
  'pl',
  'cs',
  'sk',
  'sl',
  'hr',
  'hu',
  'ro',
  'bg',
  'el',
  'tr',
  'ru',
  'uk',
  'lt',
  'lv',
  'et',
  'ar',
  'he',
  'fa',
  'hi',
  'bn',
  'ur',
  'th',
  'vi',
  'id',
  'ms',
  'tl',
  'zh-Hans',
  'zh-Hant',
  'ja',
  'ko',
  'sw',
] as const;
export type LanguageTag = (typeof LANGUAGE_TAGS)[number];

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A language's name in itself ("Français", "Español", "中文（简体）"). */
export function nativeLanguageName(tag: string): string {
  try {
    return capitalize(new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag);
  } catch {
    return tag;
  }
}

/** A language's name in English ("French"), for the owner's screens. */
export function englishLanguageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Right-to-left scripts among the choices. */
export const isRightToLeft = (tag: string) => ['ar', 'he', 'fa', 'ur'].includes(tag.split('-')[0]!);

const languageTagSchema = z.enum(LANGUAGE_TAGS, { error: 'Unknown language' });

/** A restaurant's languages: the default and up to 10 others, none twice. */
export const restaurantLanguagesSchema = z
  .object({
    default: languageTagSchema.default('en'),
    others: z.array(languageTagSchema).max(10, { error: 'At most 10 other languages' }).default([]),
  })
  .transform(({ default: main, others }) => ({
    default: main,
    others: [...new Set(others)].filter((tag) => tag !== main),
  }));
export type RestaurantLanguages = { default: LanguageTag; others: LanguageTag[] };
export const defaultLanguages = (): RestaurantLanguages => ({ default: 'en', others: [] });

/** One stored translation: its text, the source text it was made from, and whether a machine drafted it. */
export interface StoredTranslation {
  text: string;
  source: string;
  machine?: boolean;
}
/** As a row stores them: language → field → translation. */
export type StoredTranslations = Record<string, Record<string, StoredTranslation>>;

/** As answers carry them and writes send them: language → field → text. */
export const translationsSchema = z.record(
  z.string().max(20),
  z.record(z.string().max(200), z.string().max(20_000)),
);
export type Translations = z.infer<typeof translationsSchema>;

/** The answer's form: texts only (what a write may send back unchanged). */
export function presentTranslations(stored: StoredTranslations | null | undefined): Translations {
  const out: Translations = {};
  for (const [lang, fields] of Object.entries(stored ?? {})) {
    const texts: Record<string, string> = {};
    for (const [field, entry] of Object.entries(fields)) texts[field] = entry.text;
    if (Object.keys(texts).length) out[lang] = texts;
  }
  return out;
}

export type TranslationState = 'missing' | 'stale' | 'machine' | 'done';

/** Where a field's translation stands against its current source text. */
export function translationState(entry: StoredTranslation | undefined, source: string): TranslationState {
  if (!entry?.text.trim()) return 'missing';
  if (entry.source !== source) return 'stale';
  if (entry.machine) return 'machine';
  return 'done';
}

/**
 * A write's translations merged into the stored ones. `sources` are the entity's current source texts
 * per field (after the write); only fields it names are kept. A text sent unchanged keeps what it was
 * made from (sending an answer back never marks a stale translation fresh); a new text is made from
 * the current source, by a person; an empty text removes the translation. Languages not in
 * `languages` are ignored.
 */
export function mergeTranslations(
  stored: StoredTranslations | null | undefined,
  input: Translations | undefined,
  sources: Record<string, string>,
  languages: readonly string[],
): StoredTranslations {
  const next: StoredTranslations = structuredClone(stored ?? {});
  for (const [lang, fields] of Object.entries(input ?? {})) {
    if (!languages.includes(lang)) continue;
    const kept = next[lang] ?? {};
    for (const [field, text] of Object.entries(fields)) {
      if (!(field in sources)) continue;
      const before = kept[field];
      if (!text.trim()) delete kept[field];
      else if (before && before.text === text) continue;
      else kept[field] = { text, source: sources[field]! };
    }
    if (Object.keys(kept).length) next[lang] = kept;
    else delete next[lang];
  }
  return next;
}

/**
 * The text a diner reads for a field: the translation when it is current (and, if a machine drafted
 * it, only when the owner allows machine drafts on the public menu), else the source.
 */
export function translatedText(
  stored: StoredTranslations | null | undefined,
  lang: string | null,
  field: string,
  source: string,
  options: { showMachine: boolean } = { showMachine: false },
): string {
  if (!lang) return source;
  const entry = stored?.[lang]?.[field];
  const state = translationState(entry, source);
  if (state === 'done' || (state === 'machine' && options.showMachine)) return entry!.text;
  return source;
}

/**
 * The language a diner reads: `?lang=` when the restaurant offers it, else the first of the browser's
 * `Accept-Language` it offers (a region falls back to its language: "fr-CA" → "fr"), else the default.
 * An unknown language falls back without error.
 */
export function chooseLanguage(
  languages: RestaurantLanguages,
  asked: string | null | undefined,
  acceptLanguage: string | null | undefined,
): string {
  const offered = [languages.default, ...languages.others];
  const match = (tag: string) => {
    const lower = tag.trim().toLowerCase();
    return (
      offered.find((item) => item.toLowerCase() === lower) ??
      offered.find((item) => item.toLowerCase() === lower.split('-')[0]) ??
      offered.find((item) => item.toLowerCase().split('-')[0] === lower.split('-')[0])
    );
  };
  if (asked) {
    const found = match(asked);
    if (found) return found;
  }
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return { tag: tag!.trim(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const entry of wanted) {
    const found = match(entry.tag);
    if (found) return found;
  }
  return languages.default;
}

/** The kinds of records that carry translations. */
export const TRANSLATABLE_KINDS = [
  'restaurant',
  'menu',
  'category',
  'dish',
  'ingredient',
  'customization',
] as const;
export type TranslatableKind = (typeof TRANSLATABLE_KINDS)[number];

/**
 * The texts of a record a diner reads, per field key: the source each translation is made from.
 * Nested texts have keys of their own: a customization's option `option.{id}`, the restaurant's call to
 * action `cta.label`, its filter card `filter.title`, `filter.description`, `filter.name.{name}`, and
 * the labels of its dietary tags `dietary.{name}`. Empty texts have nothing to translate.
 */
/** A customization's texts: what `translationSources.customization` and a dish's own ones read. */
interface CustomizationTexts {
  _id?: string;
  name: string;
  isCustom?: boolean;
  options: readonly { _id: string; name?: string | null; ingredient?: string | null }[];
}

function customizationSources(customization: CustomizationTexts): Record<string, string> {
  return nonEmpty({
    name: customization.name,
    ...Object.fromEntries(
      customization.options
        .filter((option) => !option.ingredient && option.name)
        .map((option) => [`option.${option._id}`, option.name ?? '']),
    ),
  });
}

/** The key prefix of a dish's own customization's texts in the dish's translations. */
export const dishCustomPrefix = (customizationId: string) => `custom.${customizationId}.`;

/**
 * A dish's own customization's translations, read from the dish's (keys `custom.{id}.name`,
 * `custom.{id}.option.{optionId}`) with the prefix taken off: the shape a restaurant-wide one has.
 */
export function dishCustomTranslations(
  stored: StoredTranslations | null | undefined,
  customizationId: string,
): StoredTranslations {
  const prefix = dishCustomPrefix(customizationId);
  const out: StoredTranslations = {};
  for (const [lang, fields] of Object.entries(stored ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(fields)
        .filter(([field]) => field.startsWith(prefix))
        .map(([field, entry]) => [field.slice(prefix.length), entry]),
    );
    if (Object.keys(kept).length) out[lang] = kept;
  }
  return out;
}

/** Translations as a write sends them, each field key given a prefix (a dish's own customization's). */
export function prefixTranslations(input: Translations | undefined, prefix: string): Translations {
  const out: Translations = {};
  for (const [lang, fields] of Object.entries(input ?? {})) {
    out[lang] = Object.fromEntries(
      Object.entries(fields).map(([field, text]) => [`${prefix}${field}`, text]),
    );
  }
  return out;
}

/** Two writes' translations as one (the second's text wins for a field both name). */
export function combineTranslations(...inputs: (Translations | undefined)[]): Translations {
  const out: Translations = {};
  for (const input of inputs)
    for (const [lang, fields] of Object.entries(input ?? {})) out[lang] = { ...out[lang], ...fields };
  return out;
}

export const translationSources = {
  menu: (menu: { name: string; description?: string | null }) =>
    nonEmpty({ name: menu.name, description: menu.description ?? '' }),
  category: (category: { name: string }) => nonEmpty({ name: category.name }),
  /**
   * A dish's `name` and `description`; with its own customizations (`custom`, optional), their texts
   * too, as `custom.{customizationId}.name` and `custom.{customizationId}.option.{optionId}`.
   */
  dish: (
    dish: { name: string; description?: string | null },
    custom: readonly (CustomizationTexts & { _id: string })[] = [],
  ) =>
    nonEmpty({
      name: dish.name,
      description: dish.description ?? '',
      ...Object.fromEntries(
        custom.flatMap((customization) =>
          Object.entries(customizationSources(customization)).map(([field, text]) => [
            `${dishCustomPrefix(customization._id)}${field}`,
            text,
          ]),
        ),
      ),
    }),
  ingredient: (ingredient: { name: string }) => nonEmpty({ name: ingredient.name }),
  customization: (customization: CustomizationTexts) => customizationSources(customization),
  restaurant: (restaurant: {
    description?: string | null;
    cta?: { label?: string | null } | null;
    filterOptions?: {
      title?: string | null;
      description?: string | null;
      filter?: readonly { name: string }[];
    } | null;
    dietaryNames?: readonly string[];
  }) =>
    nonEmpty({
      description: restaurant.description ?? '',
      'cta.label': restaurant.cta?.label ?? '',
      'filter.title': restaurant.filterOptions?.title ?? '',
      'filter.description': restaurant.filterOptions?.description ?? '',
      ...Object.fromEntries(
        (restaurant.filterOptions?.filter ?? []).map((entry) => [`filter.name.${entry.name}`, entry.name]),
      ),
      ...Object.fromEntries((restaurant.dietaryNames ?? []).map((name) => [`dietary.${name}`, name])),
    }),
} as const;

function nonEmpty(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, text]) => text.trim() !== ''));
}

/** A machine draft stored for a field: marked until the owner accepts it (a person's write clears the mark). */
export function withMachineDraft(
  stored: StoredTranslations | null | undefined,
  lang: string,
  field: string,
  text: string,
  source: string,
): StoredTranslations {
  const next: StoredTranslations = structuredClone(stored ?? {});
  next[lang] = { ...(next[lang] ?? {}), [field]: { text, source, machine: true } };
  return next;
}

/** The owner accepts a machine draft as it is: the mark goes, its source stays. */
export function acceptMachineDraft(
  stored: StoredTranslations,
  lang: string,
  field: string,
): StoredTranslations {
  const entry = stored[lang]?.[field];
  if (!entry?.machine) return stored;
  const next: StoredTranslations = structuredClone(stored);
  next[lang]![field] = { text: entry.text, source: entry.source };
  return next;
}
