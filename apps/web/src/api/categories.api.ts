import {
  type Category,
  type CategorySort,
  categorySchema,
  csvResultSchema,
  type PageRequest,
  paginatedSchema,
} from '@carte/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, toFormData, type UploadProgress } from './client.ts';
import { withCopyName } from './name-clash.ts';
import { invalidatedBy, queryKeys } from './query-keys.ts';

export const categoryKeys = {
  all: queryKeys.categories,
  list: [...queryKeys.categories, 'list'] as const,
  /** One menu's categories, in the menu's order. */
  forMenu: (menuId: string) => [...queryKeys.categories, 'menu', menuId] as const,
  one: (id: string) => [...queryKeys.categories, 'one', id] as const,
};

export interface CategoryCreateInput {
  name: string;
  isAvailable?: boolean;
  dishes?: string[];
  /** The selected (own) menu the category joins, at its end. */
  menu?: string | null;
}

export interface CategoryUpdateInput {
  name: string;
  isAvailable?: boolean;
  /** When sent, replaces the dishes in this order. */
  dishes?: string[];
}

/** /api/categories (doc 1 §7, doc 3 §7.4). */
export const categoriesApi = {
  /** One page of the whole list, searched and sorted on the server (issue 21). */
  page: (query: PageRequest<CategorySort>, signal?: AbortSignal) =>
    api.get('/categories', { query: { ...query }, schema: paginatedSchema(categorySchema), signal }),
  list: (menu?: string | null, signal?: AbortSignal) =>
    api.get('/categories', { query: { menu: menu ?? undefined }, schema: z.array(categorySchema), signal }),
  get: (id: string, signal?: AbortSignal) => api.get(`/categories/${id}`, { schema: categorySchema, signal }),
  create: (input: CategoryCreateInput) => api.post('/categories', { body: input, schema: categorySchema }),
  update: (id: string, input: CategoryUpdateInput) =>
    api.put(`/categories/${id}`, { body: input, schema: categorySchema }),
  /** All or none. */
  remove: (ids: string[]) => api.delete('/categories', { body: { ids }, schema: z.string() }),
  addDishes: (categoryID: string, dishesID: string[]) =>
    api.post('/categories/addDishes', { body: { categoryID, dishesID }, schema: categorySchema }),
  removeDish: (categoryID: string, dishID: string) =>
    api.post('/categories/removeDish', { body: { categoryID, dishID }, schema: categorySchema }),
  /** A copy named `name`; 412 when the name is taken (see `withCopyName`). */
  clone: (id: string, input: { name: string; isAvailable?: boolean }) =>
    api.post(`/categories/${id}/clone`, { body: input, schema: categorySchema }),
  /** CSV import (multipart field `csv`); with `menu` the new categories also join that menu. */
  uploadCsv: (
    file: File,
    options: { menu?: string | null; onUploadProgress?: (p: UploadProgress) => void } = {},
  ) =>
    api.upload('POST', '/categories/upload-csv', {
      body: toFormData({ menu: options.menu ?? undefined }, { csv: file }),
      schema: csvResultSchema,
      onUploadProgress: options.onUploadProgress,
    }),
};

/** Own categories (new first), then the parent's. */
export function useCategories(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: categoryKeys.list,
    queryFn: ({ signal }) => categoriesApi.list(null, signal),
    enabled: options.enabled ?? true,
  });
}

/** One menu's categories in the menu's order (the dashboard's list). */
export function useMenuCategories(menuId: string | null | undefined) {
  return useQuery({
    queryKey: categoryKeys.forMenu(menuId ?? ''),
    queryFn: ({ signal }) => categoriesApi.list(menuId, signal),
    enabled: Boolean(menuId),
  });
}

export function useCategory(id: string | null | undefined) {
  return useQuery({
    queryKey: categoryKeys.one(id ?? ''),
    queryFn: ({ signal }) => categoriesApi.get(id as string, signal),
    enabled: Boolean(id),
  });
}

/** A category change reloads categories, restaurant and menus (doc 1 §4). */
const afterCategoryChange = (queryClient: QueryClient) =>
  Promise.all(invalidatedBy.category.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

const remember = (queryClient: QueryClient, category: Category) =>
  queryClient.setQueryData(categoryKeys.one(category._id), category);

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: categoriesApi.create,
    onSuccess: (category) => {
      remember(queryClient, category);
      return afterCategoryChange(queryClient);
    },
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: string; input: CategoryUpdateInput }) =>
      categoriesApi.update(vars.id, vars.input),
    onSuccess: (category) => {
      remember(queryClient, category);
      return afterCategoryChange(queryClient);
    },
  });
}

export function useDeleteCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => categoriesApi.remove(ids),
    onSuccess: (ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: categoryKeys.one(id) });
      return afterCategoryChange(queryClient);
    },
  });
}

/**
 * Clones a category as "X (copy)", retrying with another " (copy)" on 412 (doc 1 §4). From the
 * dashboard the copy is available; from the categories page it is not.
 */
export function useCloneCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { category: Pick<Category, '_id' | 'name'>; isAvailable: boolean }) =>
      withCopyName(vars.category.name, (name) =>
        categoriesApi.clone(vars.category._id, { name, isAvailable: vars.isAvailable }),
      ),
    onSuccess: (category) => {
      remember(queryClient, category);
      return afterCategoryChange(queryClient);
    },
  });
}

export function useAddDishesToCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { categoryID: string; dishesID: string[] }) =>
      categoriesApi.addDishes(vars.categoryID, vars.dishesID),
    onSuccess: (category) => {
      remember(queryClient, category);
      return Promise.all([
        afterCategoryChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.dishes }),
      ]);
    },
  });
}

export function useRemoveDishFromCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { categoryID: string; dishID: string }) =>
      categoriesApi.removeDish(vars.categoryID, vars.dishID),
    onSuccess: (category) => {
      remember(queryClient, category);
      return Promise.all([
        afterCategoryChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.dishes }),
      ]);
    },
  });
}

export function useUploadCategoriesCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: {
      file: File;
      menu?: string | null;
      onUploadProgress?: (p: UploadProgress) => void;
    }) => categoriesApi.uploadCsv(vars.file, { menu: vars.menu, onUploadProgress: vars.onUploadProgress }),
    onSuccess: () => afterCategoryChange(queryClient),
  });
}
