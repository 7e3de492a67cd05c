import {
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
  sortChoices,
} from '@carte/domain';
import { texts } from './texts.ts';

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
  const options = restaurant.filterOptions;
  if (!options?.enabled || !menu) return null;
  const dishes = menu.categories.flatMap((category) => category.dishes);
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
  };
  const offersSomething =
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
  };
}

export const activeFilterCount = (state: DinerFilterState): number =>
  state.diets.length + state.foodTypes.length + state.customFilters.length + (state.sort ? 1 : 0);

/** The public dish in the shape `dishMatches` reads (its tags are already merged per type). */
export const toFilterable = (dish: PublicDish): FilterableDish => ({
  dietaryConsiderations: { selected: dish.dietary, admin: { diets: [], foodTypes: [], other: [] } },
  ingredients: dish.ingredients.map((ingredient) => ({ ingredient })),
});

const notGreyed: DishMatch = { visible: true, greyed: false, reasons: [] };

export function matchDish(
  dish: PublicDish,
  state: DinerFilterState,
  restaurant: PublicRestaurant,
): DishMatch {
  if (
    state.diets.length + state.foodTypes.length + state.customFilters.length === 0 ||
    !restaurant.filterOptions
  ) {
    return notGreyed;
  }
  return dishMatches(toFilterable(dish), state, restaurant.filterOptions);
}

export const sameFilters = (a: DinerFilterState, b: DinerFilterState): boolean =>
  a.sort === b.sort &&
  [a.diets, a.foodTypes, a.customFilters].every(
    (list, index) => list.join('\n') === [b.diets, b.foodTypes, b.customFilters][index]?.join('\n'),
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
  };
}

const reasonText = (reason: FilterReason): string => {
  switch (reason.kind) {
    case 'diet':
      return texts.reasonDiet(reason.name);
    case 'foodType':
      return texts.reasonFoodType(reason.name);
    case 'include':
      return texts.reasonInclude(reason.name);
    default:
      return texts.reasonExclude(reason.name);
  }
};

/** Why a dish is greyed ("Not for you: …"), or null when it is not. */
export const greyedNote = (match: DishMatch): string | null =>
  match.greyed ? `${texts.notForYou} ${match.reasons.map(reasonText).join(', ')}` : null;

/** The filter bar's status line: how many dishes are greyed, when a filter (not only a sort) is on. */
export const greyedStatus = (state: DinerFilterState, greyed: number, total: number): string | null =>
  activeFilterCount(state) - (state.sort ? 1 : 0) > 0 ? texts.greyedCount(greyed, total) : null;

export type { FilterReason };
