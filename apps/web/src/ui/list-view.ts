import { useSyncExternalStore } from 'react';
import { matchesSearch } from './search-input.tsx';

/** One way to order a list ("Name A–Z"), offered in the list's sort menu. */
export interface SortOption<Row> {
  value: string;
  label: string;
  compare: (a: Row, b: Row) => number;
}

export interface ListViewState {
  search: string;
  sort: string;
  page: number;
}

/**
 * What a list shows (search, order, page), kept for the session per list: opening a row's drawer
 * changes the route (/create-dish → /update-dish/:id), and closing it must find the list as it was.
 */
const states = new Map<string, ListViewState>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const byName = <Row extends { name: string }>(a: Row, b: Row) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
export const byCreated = <Row extends { createdAt: string }>(a: Row, b: Row) =>
  a.createdAt.localeCompare(b.createdAt);

/** The usual orders of a named, dated list; `first` is the default. */
export function nameAndDateSorts<Row extends { name: string; createdAt: string }>(
  first: 'newest' | 'oldest',
): SortOption<Row>[] {
  const newest: SortOption<Row> = {
    value: 'newest',
    label: 'Newest first',
    compare: (a, b) => byCreated(b, a),
  };
  const oldest: SortOption<Row> = { value: 'oldest', label: 'Oldest first', compare: byCreated };
  return [
    ...(first === 'newest' ? [newest, oldest] : [oldest, newest]),
    { value: 'name-asc', label: 'Name A–Z', compare: byName },
    { value: 'name-desc', label: 'Name Z–A', compare: (a, b) => byName(b, a) },
  ];
}

/**
 * A list's search, sort and page: the rows to show, in order, and the controls' values. Searching or
 * sorting goes back to the first page.
 */
export function useListView<Row>(
  key: string,
  rows: readonly Row[],
  options: { searchText: (row: Row) => (string | null | undefined)[]; sorts: SortOption<Row>[] },
) {
  const fallback = options.sorts[0]?.value ?? '';
  const state = useSyncExternalStore(
    subscribe,
    () => states.get(key),
    () => undefined,
  ) ?? { search: '', sort: fallback, page: 1 };
  const set = (next: Partial<ListViewState>) => {
    states.set(key, { ...state, ...next });
    for (const listener of listeners) listener();
  };
  const sort = options.sorts.find((option) => option.value === state.sort) ?? options.sorts[0];
  const shown = rows.filter((row) => matchesSearch(state.search, ...options.searchText(row)));
  if (sort) shown.sort(sort.compare);
  return {
    rows: shown,
    search: { value: state.search, onChange: (search: string) => set({ search, page: 1 }) },
    sort: {
      value: sort?.value ?? fallback,
      options: options.sorts.map(({ value, label }) => ({ value, label })),
      onChange: (value: string) => set({ sort: value, page: 1 }),
    },
    page: { value: state.page, onChange: (page: number) => set({ page }) },
  };
}
