import type { FilterOptions, FilterOptionsInput } from '@carte/domain';
import { randomId } from '@mantine/hooks';

/** One category filter row; `key` keeps React's rows stable while rows are added and removed. */
export interface CategoryFilterRow {
  key: string;
  name: string;
  ingredients: string[];
}

export interface FilterFormValues {
  title: string;
  description: string;
  enabled: boolean;
  dietaryConsiderations: string[];
  /** 'exclusive' greys dishes that contain the ingredients; 'inclusive' those that lack them. */
  mode: 'inclusive' | 'exclusive';
  filter: CategoryFilterRow[];
  sort: FilterOptions['sort'];
}

export const blankCategoryFilter = (): CategoryFilterRow => ({ key: randomId(), name: '', ingredients: [] });

export function filterFormValues(options: FilterOptions): FilterFormValues {
  return {
    title: options.title,
    description: options.description,
    enabled: options.enabled,
    dietaryConsiderations: [...options.dietaryConsiderations],
    mode: options.exclusive ? 'exclusive' : 'inclusive',
    filter: options.filter.map((entry) => ({
      key: randomId(),
      name: entry.name,
      ingredients: [...entry.ingredients],
    })),
    sort: { ...options.sort },
  };
}

/**
 * What Save sends (doc 3 §2.7): the conjunction is always AND and each filter's ingredients are
 * reduced to their ids (the form already holds ids).
 */
export function filterPayload(values: FilterFormValues): FilterOptionsInput {
  return {
    title: values.title,
    description: values.description,
    enabled: values.enabled,
    dietaryConsiderations: values.dietaryConsiderations,
    exclusive: values.mode === 'exclusive',
    filter: values.filter.map((row) => ({ name: row.name, ingredients: row.ingredients })),
    sort: values.sort,
    conjunction: 'AND',
  };
}

/** Compares two forms by what they would send, so row keys never count as a change. */
export const sameFilters = (a: FilterFormValues, b: FilterFormValues): boolean =>
  JSON.stringify(filterPayload(a)) === JSON.stringify(filterPayload(b));
