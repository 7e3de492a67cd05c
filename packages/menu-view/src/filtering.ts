import {
  type AllergenKey,
  allergenKeysOf,
  allergenVerdict,
  type DinerFilterState,
  type DinerSort,
  type DishMatch,
  dinerSorts,
  dishMatches,
  emptyFilterState,
  type FilterableDish,
  type FilterReason,
  type FilterVocabulary,
  type PublicDish,
  type PublicMenu,
  type PublicRestaurant,
  sortAllergens,
  sortChoices,
} from '@carte/domain';
import { allergenNames, showsAllergens } from './labelling.ts';
import { englishWords, type MenuWords } from './texts.ts';

/**
 * What the diner's filter panel offers on one menu (doc 3 §2.7, decisions "Schedules and filters"):
 * the restaurant's panel must be enabled; diets and food types are the tags the menu's dishes carry,
 * narrowed to the card's "default dietary considerations" when it names some; custom filters are the
 * card's filters that have ingredients; sorts are the card's checkboxes.
 */
export interface FilterChoices {
  title: string;
  description: string;
  diets: string[];
  foodTypes: string[];
  customFilters: string[];
  exclusive: boolean;
  sorts: DinerSort[];
  /**
   * "Avoid allergens" over the 14 (issue 23): offered where the menu names allergens and at least
   * one of its dishes is declared, whether or not the restaurant's own panel is on.
   */
  allergens: boolean;
}

const key = (name: string) => name.trim().toLowerCase();

function collect(names: Iterable<string>, allowed: Set<string> | null): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    const k = key(name);
    if (name === '' || seen.has(k) || (allowed && !allowed.has(k))) continue;
    seen.set(k, name);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en'));
}

export function filterChoices(
  restaurant: PublicRestaurant,
  menu: PublicMenu | undefined,
): FilterChoices | null {
  if (!menu) return null;
  const options = restaurant.filterOptions;
  const dishes = menu.categories.flatMap((category) => category.dishes);
  const allergens = showsAllergens(menu, restaurant) && dishes.some((dish) => dish.allergens.declared);
  if (!options?.enabled) {
    if (!allergens) return null;
    const none = { diets: [], foodTypes: [], customFilters: [], sorts: [] };
    return { title: '', description: '', exclusive: false, ...none, allergens };
  }
  const defaults =
    options.dietaryConsiderations.length > 0 ? new Set(options.dietaryConsiderations.map(key)) : null;
  const choices: FilterChoices = {
    title: options.title,
    description: options.description,
    diets: collect(
      dishes.flatMap((dish) => dish.dietary.diets),
      defaults,
    ),
    foodTypes: collect(
      dishes.flatMap((dish) => dish.dietary.foodTypes),
      defaults,
    ),
    customFilters: options.filter.filter((entry) => entry.ingredients.length > 0).map((entry) => entry.name),
    exclusive: options.exclusive,
    sorts: sortChoices(options.sort),
    allergens,
  };
  const offersSomething =
    allergens ||
    choices.diets.length + choices.foodTypes.length + choices.customFilters.length + choices.sorts.length > 0;
  return offersSomething ? choices : null;
}

export const filterVocabulary = (choices: FilterChoices | null): FilterVocabulary =>
  choices
    ? {
        diets: choices.diets,
        foodTypes: choices.foodTypes,
        customFilters: choices.customFilters,
        sorts: choices.sorts,
      }
    : { diets: [], foodTypes: [], customFilters: [], sorts: [] };

/** The diner's state limited to what the panel offers (a disabled panel filters nothing). */
export function effectiveFilters(state: DinerFilterState, choices: FilterChoices | null): DinerFilterState {
  if (!choices) return emptyFilterState();
  const keep = (names: string[], allowed: string[]) => {
    const set = new Set(allowed.map(key));
    return names.filter((name) => set.has(key(name)));
  };
  return {
    diets: keep(state.diets, choices.diets),
    foodTypes: keep(state.foodTypes, choices.foodTypes),
    customFilters: keep(state.customFilters, choices.customFilters),
    sort: state.sort && choices.sorts.includes(state.sort) ? state.sort : null,
    allergens: choices.allergens ? sortAllergens(state.allergens ?? []) : [],
  };
}

export const activeFilterCount = (state: DinerFilterState): number =>
  state.diets.length +
  state.foodTypes.length +
  state.customFilters.length +
  (state.allergens?.length ?? 0) +
  (state.sort ? 1 : 0);

/** The public dish in the shape `dishMatches` reads (its tags are already merged per type). */
export const toFilterable = (dish: PublicDish): FilterableDish => ({
  dietaryConsiderations: { selected: dish.dietary, admin: { diets: [], foodTypes: [], other: [] } },
  ingredients: dish.ingredients.map((ingredient) => ({ ingredient })),
});

const notGreyed: DishMatch = { visible: true, greyed: false, reasons: [] };

/**
 * Why a dish is greyed for the allergens the diner avoids: it contains or may contain some, or
 * declares nothing (never shown as safe).
 */
export type AllergenReason = { kind: 'contains' | 'mayContain'; keys: AllergenKey[] } | { kind: 'unknown' };

/** A dish as the diner's choices leave it: the restaurant's filters' match, and the allergens'. */
export interface DinerMatch extends DishMatch {
  allergen: AllergenReason | null;
}

export function matchDish(
  dish: PublicDish,
  state: DinerFilterState,
  restaurant: PublicRestaurant,
): DinerMatch {
  const tagged =
    state.diets.length + state.foodTypes.length + state.customFilters.length === 0 ||
    !restaurant.filterOptions
      ? notGreyed
      : dishMatches(toFilterable(dish), state, restaurant.filterOptions);
  const verdict = allergenVerdict(dish.allergens, state.allergens ?? []);
  const allergen: AllergenReason | null =
    verdict.state === 'safe'
      ? null
      : verdict.state === 'unknown'
        ? { kind: 'unknown' }
        : { kind: verdict.state, keys: verdict.keys };
  return { ...tagged, greyed: tagged.greyed || allergen !== null, allergen };
}

export const sameFilters = (a: DinerFilterState, b: DinerFilterState): boolean =>
  a.sort === b.sort &&
  [a.diets, a.foodTypes, a.customFilters, a.allergens ?? []].every(
    (list, index) =>
      list.join('\n') === [b.diets, b.foodTypes, b.customFilters, b.allergens ?? []][index]?.join('\n'),
  );

/** The filter form's choices (its fields carry the shared link's names: `diet`, `avoid`, `f`, `sort`). */
export function readFilterForm(form: HTMLFormElement): DinerFilterState {
  const values = new FormData(form);
  const list = (name: string) => values.getAll(name).map(String);
  const sort = String(values.get('sort') ?? '');
  return {
    diets: list('diet'),
    foodTypes: list('avoid'),
    customFilters: list('f'),
    sort: (dinerSorts as readonly string[]).includes(sort) ? (sort as DinerSort) : null,
    allergens: allergenKeysOf(list('allergen')),
  };
}

const reasonText = (reason: FilterReason, words: MenuWords): string => {
  switch (reason.kind) {
    case 'diet':
      return words.reasonDiet(words.label(reason.name));
    case 'foodType':
      return words.reasonFoodType(words.label(reason.name));
    case 'include':
      return words.reasonInclude(words.label(reason.name));
    default:
      return words.reasonExclude(words.label(reason.name));
  }
};

const allergenReasonText = (reason: AllergenReason, words: MenuWords): string => {
  if (reason.kind === 'unknown') return words.greyedUnknown;
  const names = allergenNames(reason.keys, words);
  return reason.kind === 'contains' ? words.greyedContains(names) : words.greyedMayContain(names);
};

/**
 * Why a dish is greyed, or null when it is not: the allergens first ("Contains Milk", "May contain
 * Tree nuts", "Allergens not declared"), then the restaurant's filters ("Doesn't match your
 * filters: …").
 */
export const greyedNote = (match: DishMatch | DinerMatch, words: MenuWords = englishWords): string | null => {
  if (!match.greyed) return null;
  const parts: string[] = [];
  if ('allergen' in match && match.allergen) parts.push(allergenReasonText(match.allergen, words));
  if (match.reasons.length > 0)
    parts.push(`${words.notForYou} ${match.reasons.map((reason) => reasonText(reason, words)).join(', ')}`);
  return parts.join(' · ');
};

/** The filter bar's status line: how many dishes are greyed, when a filter (not only a sort) is on. */
export const greyedStatus = (
  state: DinerFilterState,
  greyed: number,
  total: number,
  words: MenuWords = englishWords,
): string | null =>
  activeFilterCount(state) - (state.sort ? 1 : 0) > 0 ? words.greyedCount(greyed, total) : null;

export type { FilterReason };
