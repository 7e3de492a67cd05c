import { z } from 'zod';
import { ALLERGEN_KEYS, type AllergenKey, allergenByWord, sortAllergens } from './allergens.ts';
import { objectId } from './api.ts';
import { messages } from './messages.ts';
import { text } from './text.ts';
import type { DietaryLists } from './workshop.ts';

/**
 * The diner's filters on the public menu (doc 3 §2.7 and §3 FilterOptions, doc 1 §3): diets
 * (include only these), food types (potential allergens to avoid), the restaurant's own ingredient
 * filters, and sorting. A dish that fails a filter is greyed out, never hidden, so the diner still
 * sees the whole menu and why a dish is not for them.
 */

// ---------- the restaurant's settings (the "Menu Filters" card) ----------

/** Dietary names are unique without regard to case or surrounding spaces (doc 2 §5). */
const nameKey = (name: string): string => name.trim().toLowerCase();

export const filterConjunctions = ['AND', 'OR'] as const;
export type FilterConjunction = (typeof filterConjunctions)[number];

export const FILTER_DESCRIPTION_MAX = 200;

/** One "category filter" of the card: a name the diner picks and the ingredients it stands for. */
export const customFilterSchema = z.object({
  name: text().trim().min(1, { error: 'This field is required' }).max(60),
  ingredients: z.array(objectId).max(500),
});
export type CustomFilter = z.infer<typeof customFilterSchema>;

/**
 * FilterOptions (doc 3 §3) as the card saves it (doc 3 §2.7): ingredients reduced to ids, conjunction
 * AND unless said otherwise. Every field has a default, so `parse({})` gives a restaurant's
 * starting settings. Filter names must differ (any case), because a shared link names them.
 */
export const filterOptionsSchema = z
  .object({
    title: text().trim().max(100).default(''),
    description: text()
      .trim()
      .max(FILTER_DESCRIPTION_MAX, {
        error: `Description must be at most ${FILTER_DESCRIPTION_MAX} characters`,
      })
      .default(''),
    enabled: z.boolean().default(false),
    /** Names of the dietary considerations offered by default (multi-select of the card). */
    dietaryConsiderations: z.array(text().trim().min(1).max(60)).max(200).default([]),
    /** false: inclusive (items lacking the ingredients are greyed); true: exclusive (items having them). */
    exclusive: z.boolean().default(false),
    filter: z.array(customFilterSchema).max(100).default([]),
    sort: z
      .object({
        price: z.boolean().default(false),
        calories: z.boolean().default(false),
        alcoholPercentage: z.boolean().default(false),
      })
      .default({ price: false, calories: false, alcoholPercentage: false }),
    // doc 1 §3 writes the conjunctions "or, and": either case is read, AND/OR is answered.
    conjunction: z
      .union([
        z.enum(filterConjunctions),
        z.enum(['and', 'or']).transform((value) => value.toUpperCase() as FilterConjunction),
      ])
      .default('AND'),
  })
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    options.filter.forEach((entry, index) => {
      const key = nameKey(entry.name);
      if (seen.has(key)) {
        // The shared "{x} already exists." wording of doc 2 §5.
        ctx.addIssue({
          code: 'custom',
          path: ['filter', index, 'name'],
          message: `${entry.name} already exists.`,
        });
      }
      seen.add(key);
    });
  });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

/**
 * What the card may save (POST /restaurants/set-filter): the options, and every category filter names
 * at least one ingredient. Kept apart from `filterOptionsSchema`, which also reads what is stored: a
 * filter whose ingredients were all deleted since still reads, and the owner is asked to fix it on
 * the next save.
 */
export const filterOptionsInputSchema = filterOptionsSchema.superRefine((options, ctx) => {
  options.filter.forEach((entry, index) => {
    if (entry.ingredients.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['filter', index, 'ingredients'],
        message: messages.filterIngredientsRequired,
      });
    }
  });
});
export type FilterOptionsInput = z.input<typeof filterOptionsSchema>;

// ---------- the diner's choices ----------

export const dinerSorts = [
  'price-asc',
  'price-desc',
  'calories-asc',
  'calories-desc',
  'alcohol-asc',
  'alcohol-desc',
] as const;
export type DinerSort = (typeof dinerSorts)[number];

export interface DinerFilterState {
  /** Diets every shown dish should follow (include only these). */
  diets: string[];
  /** Food types (potential allergens) to avoid. */
  foodTypes: string[];
  /** Names of the restaurant's custom filters the diner selected. */
  customFilters: string[];
  sort: DinerSort | null;
  /**
   * Regulated allergens to avoid (issue 23), by key: a dish that contains or may contain one, or
   * that declares nothing, is greyed (menu-view's `matchDish`, with `allergenVerdict`).
   */
  allergens: AllergenKey[];
}

export const emptyFilterState = (): DinerFilterState => ({
  diets: [],
  foodTypes: [],
  customFilters: [],
  sort: null,
  allergens: [],
});

/** The sorts a restaurant offers, from the card's checkboxes, in `dinerSorts` order. */
export function sortChoices(sort: FilterOptions['sort']): DinerSort[] {
  return dinerSorts.filter((choice) => {
    if (choice.startsWith('price')) return sort.price;
    if (choice.startsWith('calories')) return sort.calories;
    return sort.alcoholPercentage;
  });
}

// ---------- matching ----------

/** What filtering reads of a dish (the workshop's `Dish` and the public dish both have it). */
export interface FilterableDish {
  dietaryConsiderations: { selected: DietaryLists; admin: DietaryLists };
  ingredients: ReadonlyArray<{ ingredient: { _id: string } }>;
}

/** Why a dish is greyed: a diet it lacks, an allergen it has, a filter it fails. */
export interface FilterReason {
  kind: 'diet' | 'foodType' | 'include' | 'exclude';
  name: string;
}

export interface DishMatch {
  /** Filters never hide a dish (doc 3 §2.7: "greyed out"). */
  visible: true;
  greyed: boolean;
  /** Empty when not greyed. */
  reasons: FilterReason[];
}

/** A dish's dietary tags: its own choices and the platform's, per type, without repeats. */
export function dishDietaryTags(dish: Pick<FilterableDish, 'dietaryConsiderations'>): DietaryLists {
  const { selected, admin } = dish.dietaryConsiderations;
  const union = (a: readonly string[], b: readonly string[]) => uniqueNames([...a, ...b]);
  return {
    diets: union(selected.diets, admin.diets),
    foodTypes: union(selected.foodTypes, admin.foodTypes),
    other: union(selected.other, admin.other),
  };
}

/**
 * Whether a dish suits the diner's choices. Choices that include (diets; custom filters when the
 * card is inclusive) combine with the card's conjunction: AND needs every one, OR any one.
 * Choices that exclude (food types; custom filters when the card is exclusive) grey a dish on any
 * hit whatever the conjunction: avoiding peanuts and milk never means "either will do".
 * A custom filter counts as present in a dish holding at least one of its ingredients; names the
 * card does not define, and filters without ingredients, are ignored. Whether the panel is
 * `enabled` is the page's concern: this applies whatever state it is given.
 */
export function dishMatches(
  dish: FilterableDish,
  state: DinerFilterState,
  options: Pick<FilterOptions, 'exclusive' | 'filter' | 'conjunction'> | null,
): DishMatch {
  const all = (options?.conjunction ?? 'AND') === 'AND';
  const tags = dishDietaryTags(dish);
  const reasons: FilterReason[] = [];

  const dishDiets = new Set(tags.diets.map(nameKey));
  const wantedDiets = uniqueNames(state.diets);
  const lackedDiets = wantedDiets.filter((diet) => !dishDiets.has(nameKey(diet)));
  if (all ? lackedDiets.length > 0 : wantedDiets.length > 0 && lackedDiets.length === wantedDiets.length) {
    reasons.push(...lackedDiets.map((name) => ({ kind: 'diet' as const, name })));
  }

  const dishFoodTypes = new Set(tags.foodTypes.map(nameKey));
  for (const name of uniqueNames(state.foodTypes)) {
    if (dishFoodTypes.has(nameKey(name))) reasons.push({ kind: 'foodType', name });
  }

  const ingredientIds = new Set(dish.ingredients.map((entry) => entry.ingredient._id));
  const selected = new Set(state.customFilters.map(nameKey));
  const filters = (options?.filter ?? []).filter(
    (entry) => selected.has(nameKey(entry.name)) && entry.ingredients.length > 0,
  );
  const has = (entry: CustomFilter) => entry.ingredients.some((id) => ingredientIds.has(id));
  if (options?.exclusive) {
    for (const entry of filters) if (has(entry)) reasons.push({ kind: 'exclude', name: entry.name });
  } else {
    const lacked = filters.filter((entry) => !has(entry));
    if (all ? lacked.length > 0 : filters.length > 0 && lacked.length === filters.length) {
      reasons.push(...lacked.map((entry) => ({ kind: 'include' as const, name: entry.name })));
    }
  }

  return { visible: true, greyed: reasons.length > 0, reasons };
}

// ---------- sorting ----------

export interface SortableDish {
  price: number;
  calories?: number | null;
  alcoholPercentage?: number | null;
}

const sortFields = {
  price: 'price',
  calories: 'calories',
  alcohol: 'alcoholPercentage',
} as const satisfies Record<string, keyof SortableDish>;

/**
 * A sorted copy. Stable (equal values keep the menu's order), and dishes without the value (no
 * calories given) come last in both directions, since "unknown" is neither light nor heavy.
 */
export function sortDishes<T extends SortableDish>(dishes: readonly T[], sort: DinerSort | null): T[] {
  const copy = [...dishes];
  if (!sort) return copy;
  const [field, direction] = sort.split('-') as [keyof typeof sortFields, 'asc' | 'desc'];
  const key = sortFields[field];
  const sign = direction === 'asc' ? 1 : -1;
  const sortValue = (dish: T): number | null => {
    const value = dish[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  return copy.sort((a, b) => {
    const x = sortValue(a);
    const y = sortValue(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * sign;
  });
}

// ---------- sharing a filtered menu by link ----------

/**
 * Query parameters, short so a shared link stays readable: `?diet=Vegan&avoid=Peanuts,Milk`; the
 * regulated allergens by key, `allergen=milk,nuts` (`avoid` already names the restaurant's food types).
 */
const params = {
  diets: 'diet',
  foodTypes: 'avoid',
  customFilters: 'f',
  sort: 'sort',
  allergens: 'allergen',
} as const;

/** The names a page knows; with them, decoding keeps only known names in their own spelling. */
export interface FilterVocabulary {
  diets?: readonly string[];
  foodTypes?: readonly string[];
  customFilters?: readonly string[];
  sorts?: readonly DinerSort[];
}

/** Trimmed, non-empty, first spelling of each name kept. */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = nameKey(name);
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** Each name percent-encoded (so a comma inside a name is %2C), spaces as "+", joined by commas. */
const encodeList = (names: readonly string[]): string =>
  uniqueNames(names)
    .map((name) => encodeURIComponent(name).replace(/%20/g, '+'))
    .join(',');

/** Allergen keys from words (keys or names, any case), known ones only, in the regulation's order. */
export const allergenKeysOf = (words: readonly string[]): AllergenKey[] =>
  sortAllergens(words.flatMap((word) => allergenByWord(word) ?? []));

/**
 * The query string of a filtered menu, without "?", empty when nothing is chosen; e.g.
 * `diet=Vegan&avoid=Peanuts,Milk&f=Spicy&sort=price-asc&allergen=milk,nuts`.
 */
export function encodeFilterState(state: DinerFilterState): string {
  const pairs: string[] = [];
  for (const field of ['diets', 'foodTypes', 'customFilters'] as const) {
    const list = encodeList(state[field]);
    if (list !== '') pairs.push(`${params[field]}=${list}`);
  }
  if (state.sort) pairs.push(`${params.sort}=${state.sort}`);
  const allergens = sortAllergens((state.allergens ?? []).filter((key) => ALLERGEN_KEYS.includes(key)));
  if (allergens.length > 0) pairs.push(`${params.allergens}=${allergens.join(',')}`);
  return pairs.join('&');
}

const decodeComponent = (value: string): string | null => {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null; // a malformed escape from a hand-edited link: drop that value
  }
};

/** Every value of each parameter, split at the commas that separate names. */
function readParams(search: string | URLSearchParams): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const add = (key: string, items: string[]) => values.set(key, [...(values.get(key) ?? []), ...items]);
  if (typeof search !== 'string') {
    // Already decoded: a comma inside a name cannot be told from a separator here; pass the
    // string (location.search) to keep such names whole.
    for (const [key, value] of search) add(key, value.split(','));
    return values;
  }
  let query = search;
  const hash = query.indexOf('#');
  if (hash >= 0) query = query.slice(0, hash);
  const mark = query.indexOf('?');
  if (mark >= 0) query = query.slice(mark + 1);
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decodeComponent(equals >= 0 ? pair.slice(0, equals) : pair);
    if (key === null || equals < 0) continue;
    // Split before decoding, so an encoded comma (%2C) stays inside its name.
    const items = pair
      .slice(equals + 1)
      .split(',')
      .map(decodeComponent)
      .filter((item): item is string => item !== null);
    add(key, items);
  }
  return values;
}

/** Keeps the names the vocabulary knows, in its spelling; all names when there is no vocabulary. */
function known(names: string[], vocabulary: readonly string[] | undefined): string[] {
  const unique = uniqueNames(names);
  if (!vocabulary) return unique;
  const byKey = new Map(vocabulary.map((name) => [nameKey(name), name]));
  return uniqueNames(unique.flatMap((name) => byKey.get(nameKey(name)) ?? []));
}

/**
 * The diner's choices from a shared link (`location.search`, with or without "?", or a whole URL).
 * Other parameters, malformed values, unknown sorts and, given a vocabulary, unknown names are
 * ignored. `decodeFilterState(encodeFilterState(state))` gives the state back.
 */
export function decodeFilterState(
  search: string | URLSearchParams,
  vocabulary: FilterVocabulary = {},
): DinerFilterState {
  const values = readParams(search);
  const sort = (values.get(params.sort) ?? []).find(
    (value): value is DinerSort =>
      (dinerSorts as readonly string[]).includes(value) &&
      (!vocabulary.sorts || vocabulary.sorts.includes(value as DinerSort)),
  );
  return {
    diets: known(values.get(params.diets) ?? [], vocabulary.diets),
    foodTypes: known(values.get(params.foodTypes) ?? [], vocabulary.foodTypes),
    customFilters: known(values.get(params.customFilters) ?? [], vocabulary.customFilters),
    sort: sort ?? null,
    allergens: allergenKeysOf(values.get(params.allergens) ?? []),
  };
}
