import {
  type Category,
  type ComplianceProblem,
  complianceProblemSchema,
  type Menu,
  type MenuInput,
  type MenuUpdate,
  menuComplianceSchema,
  menuSchema,
} from '@carte/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isApiError } from './api-error.ts';
import { categoryKeys } from './categories.api.ts';
import { api, toFormData, type UploadProgress } from './client.ts';
import { withCopyName } from './name-clash.ts';
import { invalidatedBy, queryKeys } from './query-keys.ts';
import { selectedMenuStore, useSelectedMenuId } from './selected-menu.ts';

/** The pictures of a menu form; sent as multipart parts `cover` and `logo` when present. */
export interface MenuFiles {
  cover?: File | null;
  logo?: File | null;
}

export interface ReorderInput {
  menu_id: string;
  /** Category ids of the menu, in the new order. */
  categories: string[];
  /** Dish ids inside categories, in the new order. */
  categoryDishes?: Array<{ categoryID: string; dishes: string[] }>;
}

export const menuKeys = {
  all: queryKeys.menus,
  one: (id: string) => [...queryKeys.menus, id] as const,
};

const hasFiles = (files: MenuFiles) => Boolean(files.cover || files.logo);

/** Multipart with upload progress, for a form that carries a picture (doc 1 §7). */
function sendMenuWithFiles(
  method: 'POST' | 'PUT',
  path: string,
  input: MenuInput | MenuUpdate,
  files: MenuFiles,
  onUploadProgress?: (progress: UploadProgress) => void,
) {
  return api.upload(method, path, {
    body: toFormData(input, { cover: files.cover, logo: files.logo }),
    schema: menuSchema,
    onUploadProgress,
  });
}

/** /api/menus (doc 1 §7, doc 3 §7.4). */
export const menusApi = {
  list: (signal?: AbortSignal) => api.get('/menus', { schema: z.array(menuSchema), signal }),
  get: (id: string, signal?: AbortSignal) => api.get(`/menus/${id}`, { schema: menuSchema, signal }),
  create: (input: MenuInput, files: MenuFiles = {}, onUploadProgress?: (p: UploadProgress) => void) =>
    hasFiles(files)
      ? sendMenuWithFiles('POST', '/menus', input, files, onUploadProgress)
      : api.post('/menus', { body: input, schema: menuSchema }),
  /** Partial: only the fields sent change; `{draft: false}` publishes (402 without a subscription). */
  update: (
    id: string,
    input: MenuUpdate,
    files: MenuFiles = {},
    onUploadProgress?: (p: UploadProgress) => void,
  ) =>
    hasFiles(files)
      ? sendMenuWithFiles('PUT', `/menus/${id}`, input, files, onUploadProgress)
      : api.put(`/menus/${id}`, { body: input, schema: menuSchema }),
  remove: (id: string) => api.delete(`/menus/${id}`, { schema: z.string() }),
  /** A draft copy named `name`; 412 when the name is taken (see `withCopyName`). */
  copy: (id: string, name: string) => api.post(`/menus/${id}/copy`, { body: { name }, schema: menuSchema }),
  reorder: (input: ReorderInput) => api.post('/menus/reorder', { body: input, schema: menuSchema }),
  selectCategories: (input: { menu: string; selected: Array<{ category: string; valid?: boolean }> }) =>
    api.post('/menus/select-categories', { body: input, schema: menuSchema }),
  removeCategory: (input: { menuID: string; categoryID: string }) =>
    api.post('/menus/remove-category', { body: input, schema: menuSchema }),
  /** What the menu lacks for the labelling rules (issue 23 §5), read fresh before each publish. */
  compliance: (id: string, signal?: AbortSignal) =>
    api.get(`/menus/${id}/compliance`, { schema: menuComplianceSchema, signal }),
};

const incompleteBody = z.object({ problems: z.array(complianceProblemSchema) });

/**
 * The problems of a publish refused with 409 because the restaurant forbids publishing an incomplete
 * menu; null for any other failure.
 */
export function incompleteMenuProblems(error: unknown): ComplianceProblem[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = incompleteBody.safeParse(error.body);
  return parsed.success ? parsed.data.problems : null;
}

/** Own menus, then the parent's (`fromParent`); new menus last. */
export function useMenus(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: menuKeys.all,
    queryFn: ({ signal }) => menusApi.list(signal),
    enabled: options.enabled ?? true,
  });
}

/** One menu; `pollMs` re-reads it while something outside the app changes it (a paid checkout). */
export function useMenu(id: string | null | undefined, pollMs: number | false = false) {
  return useQuery({
    queryKey: menuKeys.one(id ?? ''),
    queryFn: ({ signal }) => menusApi.get(id as string, signal),
    enabled: Boolean(id),
    refetchInterval: pollMs,
  });
}

/** A menu change reloads restaurant and menus (doc 1 §4). */
const afterMenuChange = (queryClient: QueryClient) =>
  Promise.all(invalidatedBy.menu.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** A change of a menu's categories also reloads the category lists (their `menus` changed). */
const afterMenuCategoriesChange = (queryClient: QueryClient) =>
  Promise.all(invalidatedBy.category.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useCreateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: {
      input: MenuInput;
      files?: MenuFiles;
      onUploadProgress?: (p: UploadProgress) => void;
    }) => menusApi.create(vars.input, vars.files, vars.onUploadProgress),
    onSuccess: (menu) => {
      queryClient.setQueryData(menuKeys.one(menu._id), menu);
      return afterMenuCategoriesChange(queryClient);
    },
  });
}

export function useUpdateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: {
      id: string;
      input: MenuUpdate;
      files?: MenuFiles;
      onUploadProgress?: (p: UploadProgress) => void;
    }) => menusApi.update(vars.id, vars.input, vars.files, vars.onUploadProgress),
    onSuccess: (menu, vars) => {
      queryClient.setQueryData(menuKeys.one(menu._id), menu);
      return vars.input.categories ? afterMenuCategoriesChange(queryClient) : afterMenuChange(queryClient);
    },
  });
}

/** Deleting a menu clears the selection when it was the selected one (doc 1 §4). */
export function useDeleteMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => menusApi.remove(id),
    onSuccess: (_answer, id) => {
      if (selectedMenuStore.peek() === id) selectedMenuStore.clear();
      queryClient.removeQueries({ queryKey: menuKeys.one(id) });
      return afterMenuCategoriesChange(queryClient);
    },
  });
}

/** Copies a menu as a draft "X (copy)", retrying with another " (copy)" on 412 (doc 1 §4). */
export function useCopyMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (menu: Pick<Menu, '_id' | 'name'>) =>
      withCopyName(menu.name, (name) => menusApi.copy(menu._id, name)),
    onSuccess: () => afterMenuCategoriesChange(queryClient),
  });
}

/**
 * Saves the order of a menu's categories and of dishes inside them. Optimistic: the menu's category
 * list is reordered at once and restored if the server refuses.
 */
export function useReorderMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReorderInput) => menusApi.reorder(input),
    onMutate: async (input) => {
      const key = categoryKeys.forMenu(input.menu_id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Category[]>(key);
      if (previous) {
        const byId = new Map(previous.map((category) => [category._id, category]));
        const dishesOf = new Map(
          (input.categoryDishes ?? []).map((entry) => [entry.categoryID, entry.dishes]),
        );
        const ordered = input.categories.flatMap((id) => {
          const category = byId.get(id);
          return category ? [category] : [];
        });
        const rest = previous.filter((category) => !input.categories.includes(category._id));
        queryClient.setQueryData<Category[]>(
          key,
          [...ordered, ...rest].map((category) => {
            const dishes = dishesOf.get(category._id);
            return dishes ? { ...category, dishes } : category;
          }),
        );
      }
      return { previous, key };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
    },
    onSuccess: (menu) => queryClient.setQueryData(menuKeys.one(menu._id), menu),
    onSettled: () => afterMenuCategoriesChange(queryClient),
  });
}

/** Adds categories to a menu (those already in it stay; new ones go last). */
export function useSelectCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: menusApi.selectCategories,
    onSuccess: (menu) => {
      queryClient.setQueryData(menuKeys.one(menu._id), menu);
      return afterMenuCategoriesChange(queryClient);
    },
  });
}

/** Takes a category out of a menu (the category itself stays). */
export function useRemoveCategoryFromMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: menusApi.removeCategory,
    onSuccess: (menu) => {
      queryClient.setQueryData(menuKeys.one(menu._id), menu);
      return afterMenuCategoriesChange(queryClient);
    },
  });
}

/**
 * The menu the owner works on: the stored choice when it still exists, else the first own menu
 * (published first), else the first inherited one. `select` stores a choice (doc 1 §4).
 */
export function useSelectedMenu(options: { enabled?: boolean } = {}) {
  const menus = useMenus(options);
  const storedId = useSelectedMenuId();
  const list = menus.data ?? [];
  const stored = list.find((menu) => menu._id === storedId) ?? null;
  const fallback =
    list.find((menu) => !menu.fromParent && !menu.draft) ??
    list.find((menu) => !menu.fromParent) ??
    list[0] ??
    null;
  return {
    menu: stored ?? fallback,
    menus: list,
    isLoading: menus.isLoading,
    isError: menus.isError,
    error: menus.error,
    refetch: menus.refetch,
    select: selectedMenuStore.set,
  };
}
