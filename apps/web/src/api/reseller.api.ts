// PROVISIONAL: written before the contract (packages/domain/src/reseller.ts) exists; replaced on merge.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';

export const resellerKeys = {
  all: ['dma'] as const,
  registerToken: (token: string) => ['dma', 'register-token', token] as const,
  clientInvitation: (token: string) => ['dma', 'client-invitation', token] as const,
};

export interface ClientInvitation {
  dma: { company_name: string };
  decoded: { client: { restaurant_name?: string | null } };
  restaurant: { name: string } | null;
  shouldEnterPassword: boolean;
}

export const resellerApi = {
  verifyRegisterToken: (token: string, signal?: AbortSignal) =>
    api.get('/dma/verify-token', { query: { token }, schema: z.object({ email: z.string() }), signal }),
  register: (token: string, body: object) =>
    api.post('/dma/register', { query: { token }, body, schema: z.string() }),
  verifyClientInvitation: (token: string, signal?: AbortSignal) =>
    api.get('/dma/client-temporary-verify-token', {
      query: { token },
      schema: z.custom<ClientInvitation>(),
      signal,
    }),
  acceptInvitation: (token: string, body: { password?: string }) =>
    api.post('/dma/client-accept-invitation', { query: { token }, body, schema: z.string() }),
  rejectInvitation: (token: string) =>
    api.post('/dma/client-reject-invitation', { query: { token }, schema: z.string() }),
};

export function useResellerMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellerKeys.all }),
  });
}
export const useX = () => useQuery({ queryKey: ['x'], queryFn: () => 1 });
