import { type AnalyticsTime, analyticsDataSchema } from '@carte/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

/** The tracker's default range (doc 3 §9: 7 days). */
export const DEFAULT_ANALYTICS_TIME: AnalyticsTime = '7';

export const analyticsKeys = {
  all: ['analytics'] as const,
  data: (time: AnalyticsTime) => ['analytics', 'data', time] as const,
};

/** /api/gapi/get-data (doc 3 §7.3): the signed-in restaurant's numbers (the platform's for admins). */
export const analyticsApi = {
  get: (time: AnalyticsTime, signal?: AbortSignal) =>
    api.get('/gapi/get-data', { query: { time }, schema: analyticsDataSchema, signal }),
};

export function useAnalytics(time: AnalyticsTime) {
  return useQuery({
    queryKey: analyticsKeys.data(time),
    queryFn: ({ signal }) => analyticsApi.get(time, signal),
    // Numbers move slowly; a minute keeps switching ranges back and forth instant.
    staleTime: 60_000,
    // The previous range stays on screen (dimmed) while the next one loads.
    placeholderData: (previous) => previous,
  });
}
