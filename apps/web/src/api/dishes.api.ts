import {
  csvResultSchema,
  type Dish,
  type DishInput,
  type DishSort,
  dishSchema,
  type PageRequest,
  paginatedSchema,
} from '@carte/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useRowsByIds, useRowsNamed } from '../ui/use-big-list.ts';
import { api, toFormData, type UploadProgress } from './client.ts';
import { withCopyName } from './name-clash.ts';
import { invalidatedBy, queryKeys } from './query-keys.ts';

export const dishKeys = {
  all: queryKeys.dishes,
  list: [...queryKeys.dishes, 'list'] as const,
  one: (id: string) => [...queryKeys.dishes, 'one', id] as const,
};

/**
 * Sends a dish as JSON, or as multipart with the picture in part `image` (with upload progress);
 * `removeImage: true` in the input clears the stored one (doc 1 §7).
 */
function sendDish(
  method: 'POST' | 'PUT',
  path: string,
  input: DishInput,
  image: File | null | undefined,
  onUploadProgress?: (progress: UploadProgress) => void,
) {
  if (!image) {
    return method === 'POST'
      ? api.post(path, { body: input, schema: dishSchema })
      : api.put(path, { body: input, schema: dishSchema });
  }
  return api.upload(method, path, {
    body: toFormData(input, { image }),
    schema: dishSchema,
    onUploadProgress,
  });
}

/** /api/dishes (doc 1 §7, doc 3 §7.4). */
export const dishesApi = {
  list: (signal?: AbortSignal) => api.get('/dishes', { schema: z.array(dishSchema), signal }),
  /** One page of the list, searched and sorted on the server (issue 21). */
  page: (query: PageRequest<DishSort> & { ids?: string }, signal?: AbortSignal) =>
    api.get('/dishes', { query: { ...query }, schema: paginatedSchema(dishSchema), signal }),
  get: (id: string, signal?: AbortSignal) => api.get(`/dishes/${id}`, { schema: dishSchema, signal }),
  create: (input: DishInput, image?: File | null, onUploadProgress?: (p: UploadProgress) => void) =>
    sendDish('POST', '/dishes', input, image, onUploadProgress),
  update: (
    id: string,
    input: DishInput,
    image?: File | null,
    onUploadProgress?: (p: UploadProgress) => void,
  ) => sendDish('PUT', `/dishes/${id}`, input, image, onUploadProgress),
  remove: (ids: string[]) => api.delete('/dishes', { body: { ids }, schema: z.string() }),
  /** An unavailable copy named `name`; 412 when the name is taken (see `withCopyName`). */
  clone: (id: string, name: string) =>
    api.post(`/dishes/${id}/clone`, { body: { name }, schema: dishSchema }),
  uploadCsv: (file: File, onUploadProgress?: (p: UploadProgress) => void) =>
    api.upload('POST', '/dishes/upload-csv', {
      body: toFormData({}, { csv: file }),
      schema: csvResultSchema,
      onUploadProgress,
    }),
};

/** The dishes of these ids, 100 at a time (issue 21): see `useRowsByIds`. */
export function useDishesByIds(ids: readonly string[], options: { enabled?: boolean } = {}) {
  return useRowsByIds(dishKeys.all, dishesApi.page, ids, options);
}

/** The dishes these ids name (issue 21): see `useRowsNamed`. */
export function useDishesNamed(ids: readonly string[]) {
  return useRowsNamed(
    dishKeys.all,
    dishesApi.page,
    { queryKey: dishKeys.list, queryFn: ({ signal }) => dishesApi.list(signal) },
    ids,
  );
}

/** Own and inherited dishes, new ones first. */
export function useDishes(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dishKeys.list,
    queryFn: ({ signal }) => dishesApi.list(signal),
    enabled: options.enabled ?? true,
  });
}

export function useDish(id: string | null | undefined) {
  return useQuery({
    queryKey: dishKeys.one(id ?? ''),
    queryFn: ({ signal }) => dishesApi.get(id as string, signal),
    enabled: Boolean(id),
  });
}

/** A dish change reloads dishes, categories and restaurant (doc 1 §4). */
const afterDishChange = (queryClient: QueryClient) =>
  Promise.all(invalidatedBy.dish.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

const remember = (queryClient: QueryClient, dish: Dish) =>
  queryClient.setQueryData(dishKeys.one(dish._id), dish);

export interface DishSaveVars {
  input: DishInput;
  /** A new picture to upload. */
  image?: File | null;
  onUploadProgress?: (progress: UploadProgress) => void;
}

export function useCreateDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: DishSaveVars) => dishesApi.create(vars.input, vars.image, vars.onUploadProgress),
    onSuccess: (dish) => {
      remember(queryClient, dish);
      return afterDishChange(queryClient);
    },
  });
}

export function useUpdateDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: DishSaveVars & { id: string }) =>
      dishesApi.update(vars.id, vars.input, vars.image, vars.onUploadProgress),
    onSuccess: (dish) => {
      remember(queryClient, dish);
      return afterDishChange(queryClient);
    },
  });
}

export function useDeleteDishes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => dishesApi.remove(ids),
    onSuccess: (_answer, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: dishKeys.one(id) });
      return afterDishChange(queryClient);
    },
  });
}

/** Clones a dish as an unavailable "X (copy)", retrying on 412 (doc 1 §4); toast messages.dishCloned. */
export function useCloneDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dish: Pick<Dish, '_id' | 'name'>) =>
      withCopyName(dish.name, (name) => dishesApi.clone(dish._id, name)),
    onSuccess: (dish) => {
      remember(queryClient, dish);
      return afterDishChange(queryClient);
    },
  });
}

export function useUploadDishesCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { file: File; onUploadProgress?: (p: UploadProgress) => void }) =>
      dishesApi.uploadCsv(vars.file, vars.onUploadProgress),
    // Unknown ingredients and categories named in the file are created too.
    onSuccess: () =>
      Promise.all([
        afterDishChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.ingredients }),
        queryClient.invalidateQueries({ queryKey: queryKeys.menus }),
      ]),
  });
}
