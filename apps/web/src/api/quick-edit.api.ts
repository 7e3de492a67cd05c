import { type QuickEditUpdateInput, quickEditResultSchema, quickEditSchema } from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { invalidatedBy } from './query-keys.ts';

export const quickEditKeys = {
  all: ['quick-edit'] as const,
  of: (menuId: string | null) => ['quick-edit', menuId ?? 'all'] as const,
};

/** GET and PUT /api/settings/quick-edit (doc 2 §7). */
export const quickEditApi = {
  get: (menuId: string | null, signal?: AbortSignal) =>
    api.get('/settings/quick-edit', { schema: quickEditSchema, query: { menuId }, signal }),
  save: (input: QuickEditUpdateInput) =>
    api.put('/settings/quick-edit', { body: input, schema: quickEditResultSchema }),
};

/** The switches, read fresh on every visit: other screens change the same flags. */
export function useQuickEdit(menuId: string | null) {
  return useQuery({
    queryKey: quickEditKeys.of(menuId),
    queryFn: ({ signal }) => quickEditApi.get(menuId, signal),
    refetchOnMount: 'always',
  });
}

/** A save touches every area's availability: each list reloads, and the switches themselves. */
export function useSaveQuickEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickEditApi.save,
    onSuccess: () => {
      const keys = [
        quickEditKeys.all,
        ...invalidatedBy.menu,
        ...invalidatedBy.category,
        ...invalidatedBy.dish,
        ...invalidatedBy.ingredient,
        ...invalidatedBy.customization,
      ];
      return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
