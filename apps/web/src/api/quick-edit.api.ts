import {
  type PageRequest,
  type Paginated,
  paginatedSchema,
  type QuickEditItem,
  type QuickEditSection,
  type QuickEditSort,
  type QuickEditUpdateInput,
  quickEditItemSchemas,
  quickEditResultSchema,
  quickEditSchema,
} from '@carte/domain';
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
  /** One page of one section, searched on the server (issue 21). */
  page: <S extends QuickEditSection>(
    section: S,
    menuId: string | null,
    query: PageRequest<QuickEditSort>,
    signal?: AbortSignal,
  ): Promise<Paginated<QuickEditItem<S>>> =>
    api.get('/settings/quick-edit', {
      schema: paginatedSchema(quickEditItemSchemas[section]),
      query: { ...query, section, menuId },
      signal,
    }) as Promise<Paginated<QuickEditItem<S>>>,
  save: (input: QuickEditUpdateInput) =>
    api.put('/settings/quick-edit', { body: input, schema: quickEditResultSchema }),
};

/** The switches, read fresh on every visit: other screens change the same flags. */
export function useQuickEdit(menuId: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: quickEditKeys.of(menuId),
    queryFn: ({ signal }) => quickEditApi.get(menuId, signal),
    refetchOnMount: 'always',
    enabled: options.enabled ?? true,
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
