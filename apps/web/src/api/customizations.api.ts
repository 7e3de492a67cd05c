import { type CustomizationInput, customizationSchema } from '@carte/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';
import { invalidatedBy } from './query-keys.ts';
import { useRestaurant } from './restaurants.api.ts';

/**
 * Menu-wide customizations (doc 1 §2 /customizations). They are read from the restaurant
 * (`useRestaurant().data.customizations`) and saved as a whole list.
 */
export const customizationsApi = {
  /** setCustomizations: replaces the list; answers the saved customizations (doc 1 §7). */
  set: (customizations: CustomizationInput[]) =>
    api.post('/restaurants/set-customizations', {
      body: { customizations },
      schema: z.array(customizationSchema),
    }),
};

/** The restaurant's menu-wide customizations (empty while loading). */
export function useCustomizations() {
  const restaurant = useRestaurant();
  return { ...restaurant, data: restaurant.data?.customizations };
}

/** Saves the whole list; reloads the restaurant. A failure's message goes in a toast (doc 1 §8). */
export function useSetCustomizations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: customizationsApi.set,
    onSuccess: () =>
      Promise.all(invalidatedBy.customization.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
