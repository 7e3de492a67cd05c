import {
  categoryAdjustmentSchema,
  type Menu,
  menuSchema,
  menuTimelineSchema,
  type UpdateCategoriesTimelineInput,
  type UpdateMenuTimelineInput,
} from '@carte/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';
import { menuKeys } from './menus.api.ts';
import { invalidatedBy } from './query-keys.ts';

/** Under the menu's own key, so any menu reload (doc 1 §4) reloads its timeline too. */
export const timelineKeys = {
  menu: (menuId: string) => [...menuKeys.one(menuId), 'timeline'] as const,
};

/** /api/menus/…/timeline, /api/menus/update-timeline, /api/categories/update-timeline (doc 2 §7). */
export const timelineApi = {
  /** The menu, the restaurant's time zone and each category's adjustment (null: the menu's hours). */
  get: (menuId: string, signal?: AbortSignal) =>
    api.get(`/menus/${menuId}/timeline`, { schema: menuTimelineSchema, signal }),
  /** updateMenuTimeline: answers the menu. */
  updateMenu: (input: UpdateMenuTimelineInput) =>
    api.post('/menus/update-timeline', { body: input, schema: menuSchema }),
  /** updateCategoriesTimeline: answers the menu's adjustments after the change. */
  updateCategories: (input: UpdateCategoriesTimelineInput) =>
    api.post('/categories/update-timeline', { body: input, schema: z.array(categoryAdjustmentSchema) }),
};

export function useMenuTimeline(menuId: string | null | undefined) {
  return useQuery({
    queryKey: timelineKeys.menu(menuId ?? ''),
    queryFn: ({ signal }) => timelineApi.get(menuId as string, signal),
    enabled: Boolean(menuId),
  });
}

/** A timeline change is a menu change: restaurant and menus reload (doc 1 §4). */
const afterTimelineChange = (queryClient: QueryClient) =>
  Promise.all(invalidatedBy.menu.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useUpdateMenuTimeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: timelineApi.updateMenu,
    onSuccess: (menu: Menu) => {
      queryClient.setQueryData(menuKeys.one(menu._id), menu);
      return afterTimelineChange(queryClient);
    },
  });
}

export function useUpdateCategoriesTimeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: timelineApi.updateCategories,
    onSuccess: () => afterTimelineChange(queryClient),
  });
}
