import { type FilterOptions, type FilterOptionsInput, filterOptionsSchema } from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

/** The "Menu Filters" card's settings, one object per restaurant (doc 3 §2.7, §3 FilterOptions). */
export const filterKeys = { options: ['filters'] as const };

/** /api/restaurants/filter and /api/restaurants/set-filter (doc 3 §7.3). */
export const filtersApi = {
  /** The saved options, or the defaults before the first save. */
  get: (signal?: AbortSignal) => api.get('/restaurants/filter', { schema: filterOptionsSchema, signal }),
  /** Replaces the options; answers what was stored. Needs the menu flag (doc 3 §6). */
  set: (input: FilterOptionsInput) =>
    api.post('/restaurants/set-filter', { body: input, schema: filterOptionsSchema }),
};

export function useFilterOptions(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: filterKeys.options,
    queryFn: ({ signal }) => filtersApi.get(signal),
    enabled: options.enabled ?? true,
  });
}

/** Saves; toast messages.changesSaved on success, the server's message otherwise (doc 3 §2.7). */
export function useSetFilterOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: filtersApi.set,
    onSuccess: (saved: FilterOptions) => queryClient.setQueryData(filterKeys.options, saved),
  });
}
