import {
  type AllergenDeclaration,
  createIngredientsResultSchema,
  csvResultSchema,
  type Ingredient,
  type IngredientSort,
  ingredientSchema,
  type PageRequest,
  paginatedSchema,
} from '@carte/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useRowsByIds, useRowsNamed } from '../ui/use-big-list.ts';
import { api, toFormData, type UploadProgress } from './client.ts';
import { withCopyName } from './name-clash.ts';
import { invalidatedBy, queryKeys } from './query-keys.ts';

export interface IngredientListQuery {
  /** Only ingredients that are not inside another (candidates for a parent). */
  exceptChildren?: boolean;
  /** Leave out this ingredient and its children. */
  exceptParentID?: string | null;
}

export interface IngredientPageFilters extends IngredientListQuery {
  parentID?: string;
  ids?: string;
}

export const ingredientKeys = {
  all: queryKeys.ingredients,
  list: (query: IngredientListQuery = {}) =>
    [
      ...queryKeys.ingredients,
      'list',
      { exceptChildren: query.exceptChildren ?? false, exceptParentID: query.exceptParentID ?? null },
    ] as const,
  one: (id: string) => [...queryKeys.ingredients, 'one', id] as const,
};

/** /api/ingredients (doc 1 §7, doc 3 §7.4). */
export const ingredientsApi = {
  /**
   * One page of the list, searched and sorted on the server (issue 21); with the list's filters,
   * `parentID` (the children of one) or `ids` (at most 100, comma-separated).
   */
  page: (
    { exceptChildren, exceptParentID, ...query }: PageRequest<IngredientSort> & IngredientPageFilters,
    signal?: AbortSignal,
  ) =>
    api.get('/ingredients', {
      query: {
        ...query,
        exceptChildren: exceptChildren ? 'true' : undefined,
        exceptParentID: exceptParentID ?? undefined,
      },
      schema: paginatedSchema(ingredientSchema),
      signal,
    }),
  list: (query: IngredientListQuery = {}, signal?: AbortSignal) =>
    api.get('/ingredients', {
      query: {
        exceptChildren: query.exceptChildren ? 'true' : undefined,
        exceptParentID: query.exceptParentID ?? undefined,
      },
      schema: z.array(ingredientSchema),
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.get(`/ingredients/${id}`, { schema: ingredientSchema, signal }),
  /** Several names at once; `errors` lists names that exist already or repeat ("{x} already exists."). */
  create: (input: { ingredients: string[]; parent?: string | null; allergens?: AllergenDeclaration }) =>
    api.post('/ingredients', { body: input, schema: createIngredientsResultSchema }),
  update: (
    id: string,
    input: { name: string; parent?: string | null; isAvailable?: boolean; allergens?: AllergenDeclaration },
  ) => api.put(`/ingredients/${id}`, { body: input, schema: ingredientSchema }),
  remove: (ids: string[]) => api.delete('/ingredients', { body: { ids }, schema: z.string() }),
  /** A copy named `name`; 412 when the name is taken (see `withCopyName`). */
  clone: (id: string, name: string) =>
    api.post(`/ingredients/${id}/clone`, { body: { name }, schema: ingredientSchema }),
  uploadCsv: (file: File, onUploadProgress?: (p: UploadProgress) => void) =>
    api.upload('POST', '/ingredients/upload-csv', {
      body: toFormData({}, { csv: file }),
      schema: csvResultSchema,
      onUploadProgress,
    }),
};

/** Own ingredients, then the parent's; new ones last. */
export function useIngredients(query: IngredientListQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ingredientKeys.list(query),
    queryFn: ({ signal }) => ingredientsApi.list(query, signal),
    enabled: options.enabled ?? true,
  });
}

/** The ingredients of these ids, 100 at a time (issue 21): see `useRowsByIds`. */
export function useIngredientsByIds(ids: readonly string[], options: { enabled?: boolean } = {}) {
  return useRowsByIds(ingredientKeys.all, ingredientsApi.page, ids, options);
}

/** The ingredients these ids name, for showing names (issue 21): see `useRowsNamed`. */
export function useIngredientsNamed(ids: readonly string[]) {
  return useRowsNamed(
    ingredientKeys.all,
    ingredientsApi.page,
    { queryKey: ingredientKeys.list(), queryFn: ({ signal }) => ingredientsApi.list({}, signal) },
    ids,
  );
}

export function useIngredient(id: string | null | undefined) {
  return useQuery({
    queryKey: ingredientKeys.one(id ?? ''),
    queryFn: ({ signal }) => ingredientsApi.get(id as string, signal),
    enabled: Boolean(id),
  });
}

/** Ingredient lists reload; dishes too, since they show ingredient names and counts. */
const afterIngredientChange = (queryClient: QueryClient) =>
  Promise.all(
    [...invalidatedBy.ingredient, queryKeys.dishes].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

const remember = (queryClient: QueryClient, ingredient: Ingredient) =>
  queryClient.setQueryData(ingredientKeys.one(ingredient._id), ingredient);

export function useCreateIngredients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ingredientsApi.create,
    onSuccess: () => afterIngredientChange(queryClient),
  });
}

export function useUpdateIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: {
      id: string;
      input: { name: string; parent?: string | null; isAvailable?: boolean; allergens?: AllergenDeclaration };
    }) => ingredientsApi.update(vars.id, vars.input),
    onSuccess: (ingredient) => {
      remember(queryClient, ingredient);
      return afterIngredientChange(queryClient);
    },
  });
}

export function useDeleteIngredients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => ingredientsApi.remove(ids),
    onSuccess: (_answer, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: ingredientKeys.one(id) });
      return afterIngredientChange(queryClient);
    },
  });
}

/** Clones as "X (copy)", retrying on 412 (doc 1 §4); toast messages.ingredientCloned. */
export function useCloneIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ingredient: Pick<Ingredient, '_id' | 'name'>) =>
      withCopyName(ingredient.name, (name) => ingredientsApi.clone(ingredient._id, name)),
    onSuccess: (ingredient) => {
      remember(queryClient, ingredient);
      return afterIngredientChange(queryClient);
    },
  });
}

export function useUploadIngredientsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { file: File; onUploadProgress?: (p: UploadProgress) => void }) =>
      ingredientsApi.uploadCsv(vars.file, vars.onUploadProgress),
    onSuccess: () => afterIngredientChange(queryClient),
  });
}
