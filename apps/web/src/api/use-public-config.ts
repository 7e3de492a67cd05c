import { useQuery } from '@tanstack/react-query';
import { configApi } from './config.api.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

const configQuery = {
  queryKey: queryKeys.config,
  queryFn: ({ signal }: { signal: AbortSignal }) => configApi.get(signal),
  // The settings change only with a server restart.
  staleTime: Number.POSITIVE_INFINITY,
};

export const usePublicConfig = () => useQuery(configQuery);

/** For event handlers that need the settings now (e.g. which anti-bot check to run on submit). */
export const loadPublicConfig = () => queryClient.ensureQueryData(configQuery);
