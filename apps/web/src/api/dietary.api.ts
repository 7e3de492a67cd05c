import { type DietaryType, dietaryResponseSchema } from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { invalidatedBy, queryKeys } from './query-keys.ts';

/** Dietary considerations (doc 1 §3): the platform's lists (`admin`) and the restaurant's own. */
export const dietaryApi = {
  get: (signal?: AbortSignal) => api.get('/dietary', { schema: dietaryResponseSchema, signal }),
  /**
   * Adds `name` to the own list of `type` (and selects it on `dish_id` when given); with
   * `defaultValue` renames that entry everywhere.
   */
  update: (input: {
    name: string;
    type: DietaryType;
    defaultValue?: string | null;
    dish_id?: string | null;
  }) => api.post('/dishes/update-dietary', { body: input, schema: dietaryResponseSchema }),
  /** Removes an own entry from the list and from every dish. */
  remove: (input: { type: DietaryType; name: string }) =>
    api.post('/dishes/delete-dietary', { body: input, schema: dietaryResponseSchema }),
};

/**
 * The dietary lists `{admin, own}`. Loading them needs the dish flag (doc 1 §6): pass
 * `enabled: can(user, 'dish')`.
 */
export function useDietary(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.dietary,
    queryFn: async ({ signal }) => (await dietaryApi.get(signal)).dietaryConsiderations,
    enabled: options.enabled ?? true,
  });
}

function useDietaryMutation<I>(mutationFn: (input: I) => ReturnType<typeof dietaryApi.get>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.dietary, answer.dietaryConsiderations);
      return Promise.all(
        invalidatedBy.dietary.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}

/** Add or rename (toast messages.dietaryUpdated on success). */
export const useUpdateDietary = () => useDietaryMutation(dietaryApi.update);
/** Delete (toast messages.dietaryDeleted on success). */
export const useDeleteDietary = () => useDietaryMutation(dietaryApi.remove);
