import {
  allergenMatrixSchema,
  type DishAllergenInput,
  declarationChangeSchema,
  dishSchema,
} from '@carte/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * What the owner reads back of allergen declarations (issue 23 §6, §7): a dish's or an
 * ingredient's history, a menu's allergen matrix (screen and PDF) and the CSV exports. Under the
 * dishes' and menus' keys, so a dish's or a menu's change reloads them.
 */
export const allergenRecordKeys = {
  dishHistory: (id: string) => [...queryKeys.dishes, 'declaration-history', id] as const,
  ingredientHistory: (id: string) => [...queryKeys.ingredients, 'declaration-history', id] as const,
  matrix: (menuId: string) => [...queryKeys.menus, 'allergen-matrix', menuId] as const,
};

const history = z.array(declarationChangeSchema);

export const allergenRecordsApi = {
  dishHistory: (id: string, signal?: AbortSignal) =>
    api.get(`/dishes/${id}/declaration-history`, { schema: history, signal }),
  ingredientHistory: (id: string, signal?: AbortSignal) =>
    api.get(`/ingredients/${id}/declaration-history`, { schema: history, signal }),
  matrix: (menuId: string, signal?: AbortSignal) =>
    api.get(`/menus/${menuId}/allergen-matrix`, { schema: allergenMatrixSchema, signal }),
  matrixPdf: (menuId: string) => api.downloadFile(`/menus/${menuId}/allergen-matrix.pdf`),
  /** Sets a dish's own allergen part (the rest of the dish stays as it is). */
  setDishAllergens: (dishId: string, allergens: DishAllergenInput) =>
    api.put(`/dishes/${dishId}`, { body: { allergens }, schema: dishSchema }),
  exportCsv: (area: 'ingredients' | 'dishes') => api.downloadFile(`/${area}/export.csv`),
};

export function useDishDeclarationHistory(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: allergenRecordKeys.dishHistory(id),
    queryFn: ({ signal }) => allergenRecordsApi.dishHistory(id, signal),
    enabled: options.enabled ?? true,
  });
}

export function useAllergenMatrix(menuId: string) {
  return useQuery({
    queryKey: allergenRecordKeys.matrix(menuId),
    queryFn: ({ signal }) => allergenRecordsApi.matrix(menuId, signal),
    // Ingredients, dishes and menus all feed it: read afresh on every visit.
    staleTime: 0,
  });
}
