import {
  pendingTransferSchema,
  type TransferAcceptInput,
  type TransferRequestInput,
  transferInfoSchema,
} from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';

/** Query keys of the ownership transfer (kept here: no other area reads them). */
export const transferKeys = {
  pending: ['transfer', 'pending'] as const,
  info: (token: string) => ['transfer', 'info', token] as const,
};

/** The five transfer calls of doc 2 §7. */
export const transferApi = {
  request: (input: TransferRequestInput) =>
    api.post('/restaurants/request-transfer-ownership', { body: input, schema: z.string() }),
  pending: (signal?: AbortSignal) =>
    api.get('/restaurants/temporary-transfer-ownership-status', { schema: pendingTransferSchema, signal }),
  cancel: () => api.post('/restaurants/cancel-transfer-request', { schema: z.string() }),
  info: (token: string, signal?: AbortSignal) =>
    api.get('/restaurants/transfer-ownership-status', {
      query: { token },
      schema: transferInfoSchema,
      signal,
    }),
  accept: (token: string, input: TransferAcceptInput) =>
    api.post('/restaurants/accept-transfer-request', { query: { token }, body: input, schema: z.string() }),
};

/** What a transfer link hands over (MailedLinkPage's query; the page keeps it while open). */
export const transferInfoQuery = (token: string) => ({
  queryKey: transferKeys.info(token),
  queryFn: ({ signal }: { signal: AbortSignal }) => transferApi.info(token, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The owner's pending request, fetched on load (doc 2 §4). */
export function usePendingTransfer(enabled: boolean) {
  return useQuery({
    queryKey: transferKeys.pending,
    queryFn: ({ signal }) => transferApi.pending(signal),
    enabled,
  });
}

export function useRequestTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferApi.request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.pending }),
  });
}

export function useCancelTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferApi.cancel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.pending }),
  });
}
