import { workshopRestaurantSchema } from '@carte/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** /api/restaurants (doc 1 §7: "Restaurant find — the first item of the returned list is used"). */
export const restaurantsApi = {
  list: (signal?: AbortSignal) =>
    api.get('/restaurants', { schema: z.array(workshopRestaurantSchema), signal }),
};

/**
 * The signed-in user's restaurant as the workshop reads it (side-dish label, menu-wide
 * customizations, own dietary list, parent). `data` is null when the account has none.
 */
export function useRestaurant(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.restaurant,
    queryFn: async ({ signal }) => (await restaurantsApi.list(signal))[0] ?? null,
    enabled: options.enabled ?? true,
  });
}
