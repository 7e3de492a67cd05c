import { menuCatalogSchema, type RestaurantUpdateInput, restaurantSchema } from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, toFormData, type UploadProgress } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** /api/restaurants (doc 1 §7: "Restaurant find — the first item of the returned list is used"). */
export const restaurantsApi = {
  list: (signal?: AbortSignal) => api.get('/restaurants', { schema: z.array(restaurantSchema), signal }),
  /**
   * The Settings form (doc 2 §7): multipart when a new logo travels (file part `logo`, objects as
   * JSON text), JSON otherwise. Only the fields sent change.
   */
  update: (
    input: RestaurantUpdateInput,
    logo: File | null,
    onUploadProgress?: (p: UploadProgress) => void,
  ) =>
    logo
      ? api.upload('POST', '/restaurants/update', {
          body: toFormData(input, { logo }),
          schema: restaurantSchema,
          onUploadProgress,
        })
      : api.post('/restaurants/update', { body: input, schema: restaurantSchema }),
  /** The menu templates with their template_meta and the 50 fonts (doc 1 §3). */
  templates: (signal?: AbortSignal) =>
    api.get('/restaurants/templates', { schema: menuCatalogSchema, signal }),
};

/**
 * The signed-in user's restaurant: its profile (name, type, logo, description, call to action,
 * social links, QR settings) and what the workshop reads (side-dish label, menu-wide customizations,
 * own dietary list, parent). `data` is null when the account has none.
 */
export function useRestaurant(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.restaurant,
    queryFn: async ({ signal }) => (await restaurantsApi.list(signal))[0] ?? null,
    enabled: options.enabled ?? true,
  });
}

/**
 * Saves the Settings form. The restaurant is reloaded, and so is the user, whose summary of the
 * restaurant (name, type) the shell and the navigation show.
 */
export function useUpdateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: {
      input: RestaurantUpdateInput;
      logo?: File | null;
      onUploadProgress?: (p: UploadProgress) => void;
    }) => restaurantsApi.update(vars.input, vars.logo ?? null, vars.onUploadProgress),
    onSuccess: (restaurant) => {
      queryClient.setQueryData(queryKeys.restaurant, restaurant);
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.me });
    },
  });
}

/** The catalogue changes only with a deployment: read once per session. */
export function useMenuCatalog() {
  return useQuery({
    queryKey: queryKeys.menuCatalog,
    queryFn: ({ signal }) => restaurantsApi.templates(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
