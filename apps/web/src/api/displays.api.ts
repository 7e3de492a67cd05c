import { type Layout, type LayoutInput, layoutSchema } from '@carte/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Menu displays (doc 2 §7 `/maps`). The layout names menus, so it sits under the menus' key: a menu
 * renamed or deleted elsewhere reloads it.
 */
export const displayKeys = {
  layout: [...queryKeys.menus, 'layout'] as const,
};

export const displaysApi = {
  layout: (signal?: AbortSignal) => api.get('/maps', { schema: layoutSchema, signal }),
  /** Saves the whole tree; ids with a dash come back as real ones. */
  save: (layout: LayoutInput | Layout) => api.post('/maps', { body: layout, schema: layoutSchema }),
};

export function useLayout() {
  return useQuery({ queryKey: displayKeys.layout, queryFn: ({ signal }) => displaysApi.layout(signal) });
}
