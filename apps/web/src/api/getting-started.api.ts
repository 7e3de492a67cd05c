import { type GettingStartedShared, gettingStartedSchema } from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The dashboard's getting-started checklist (issue 11, item 3). Its key sits under the restaurant's,
 * so every menu, category and dish change (which reload the restaurant) re-reads it; the
 * subscription changes outside the app, so it is re-read whenever the dashboard opens.
 */
export const gettingStartedKeys = {
  state: [...queryKeys.restaurant, 'getting-started'] as const,
};

export const gettingStartedApi = {
  read: (signal?: AbortSignal) =>
    api.get('/restaurants/getting-started', { schema: gettingStartedSchema, signal }),
  /** The menu's address left the app: the checklist's share step. */
  shared: (how: GettingStartedShared['how']) =>
    api.post('/restaurants/getting-started/shared', { body: { how }, schema: gettingStartedSchema }),
  dismiss: () => api.post('/restaurants/getting-started/dismiss', { schema: gettingStartedSchema }),
};

export function useGettingStarted(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: gettingStartedKeys.state,
    queryFn: ({ signal }) => gettingStartedApi.read(signal),
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

/** Records a share (the checklist's last step) and keeps the server's answer. */
export function useRecordShared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: gettingStartedApi.shared,
    onSuccess: (state) => queryClient.setQueryData(gettingStartedKeys.state, state),
  });
}

/** Closes the checklist for the restaurant. */
export function useDismissGettingStarted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: gettingStartedApi.dismiss,
    onSuccess: (state) => queryClient.setQueryData(gettingStartedKeys.state, state),
  });
}
