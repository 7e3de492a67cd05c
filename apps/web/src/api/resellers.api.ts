import {
  type AddClientInput,
  addClientResultSchema,
  adminDmaListSchema,
  type ClientsCreateSubscriptionInput,
  checkPromoCodeResultSchema,
  clientSubscriptionStatusSchema,
  clientsCreateSubscriptionResultSchema,
  clientsStatisticsSchema,
  type DmaRegisterInput,
  dmaClientPageSchema,
  dmaRegisterInvitationSchema,
  invitationVerificationSchema,
  pendingDmaListSchema,
  pendingLicenceListSchema,
  productPricesSchema,
  shapeshiftResultSchema,
  singleClientSchema,
} from '@carte/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminKeys } from './admin.api.ts';
import { billingKeys } from './billing.api.ts';
import { api } from './client.ts';
import { sessionStore } from './session.ts';
import { storageKeys } from './storage-keys.ts';

export type {
  AddClientResult,
  ClientSubscriptionDetail,
  ClientsCreateSubscriptionResult,
  DmaClient,
  InvitationVerification,
  PendingLicence,
  SingleClient,
} from '@carte/domain';

/** Query keys of the reseller area (doc 3 §7.1); everything under ['dma'] reloads after a change. */
export const resellerKeys = {
  all: ['dma'] as const,
  pending: ['dma', 'clients-temporary'] as const,
  status: ['dma', 'client-subscription-status'] as const,
  statistics: ['dma', 'clients-statistics'] as const,
  prices: ['dma', 'product-prices'] as const,
  clients: (query: { search: string; page: number }) => ['dma', 'clients', query] as const,
  client: (id: string) => ['dma', 'single-client', id] as const,
  registerToken: (token: string) => ['dma-public', 'register-token', token] as const,
  clientInvitation: (token: string) => ['dma-public', 'client-invitation', token] as const,
};

/** The admin's DMA lists (doc 3 §2.2), under the admin's keys so every admin change reloads them. */
export const adminDmaKeys = {
  list: [...adminKeys.all, 'dma-list'] as const,
  pending: [...adminKeys.all, 'dma-list-pending'] as const,
};

/** /api/dma/* (doc 3 §7.1) and the admin's DMA calls (doc 3 §7.4), typed by packages/domain/src/reseller.ts. */
export const resellerApi = {
  // -- public pages (doc 3 §2.8)
  verifyRegisterToken: (token: string, signal?: AbortSignal) =>
    api.get('/dma/verify-token', { query: { token }, schema: dmaRegisterInvitationSchema, signal }),
  register: (token: string, body: DmaRegisterInput) =>
    api.post('/dma/register', { query: { token }, body, schema: z.string() }),
  verifyClientInvitation: (token: string, signal?: AbortSignal) =>
    api.get('/dma/client-temporary-verify-token', {
      query: { token },
      schema: invitationVerificationSchema,
      signal,
    }),
  acceptInvitation: (token: string, body: { password?: string }) =>
    api.post('/dma/client-accept-invitation', { query: { token }, body, schema: z.string() }),
  rejectInvitation: (token: string) =>
    api.post('/dma/client-reject-invitation', { query: { token }, body: {}, schema: z.string() }),

  // -- the reseller's dashboard (doc 3 §2.3)
  pending: (signal?: AbortSignal) =>
    api.get('/dma/clients-temporary', { schema: pendingLicenceListSchema, signal }),
  subscriptionStatus: (signal?: AbortSignal) =>
    api.get('/dma/client-subscription-status', { schema: clientSubscriptionStatusSchema, signal }),
  statistics: (signal?: AbortSignal) =>
    api.get('/dma/clients-statistics', { schema: clientsStatisticsSchema, signal }),
  prices: (signal?: AbortSignal) => api.get('/dma/product-prices', { schema: productPricesSchema, signal }),
  clients: (query: { search: string; page: number; per_page: number }, signal?: AbortSignal) =>
    api.get('/dma/clients', {
      query: { page: query.page, per_page: query.per_page, search: query.search || undefined },
      schema: dmaClientPageSchema,
      signal,
    }),
  addClient: (input: AddClientInput) =>
    api.post('/dma/add-client', { body: input, schema: addClientResultSchema }),
  cancelInvitation: (token: string) =>
    api.post('/dma/client-cancel-invitation', { query: { token }, body: {}, schema: z.string() }),
  checkPromoCode: (input: { promo_code: string; price_id: string }) =>
    api.post('/dma/check-promo-code', { body: input, schema: checkPromoCodeResultSchema }),
  subscribeClients: (input: ClientsCreateSubscriptionInput) =>
    api.post('/dma/clients-create-subscription', {
      body: input,
      schema: clientsCreateSubscriptionResultSchema,
    }),

  // -- one client (doc 3 §2.4)
  client: (id: string, signal?: AbortSignal) =>
    api.get('/dma/single-client', { query: { id }, schema: singleClientSchema, signal }),
  deleteClient: (input: { _id: string; password: string }) =>
    api.delete(`/dma/delete-client/${input._id}`, { body: { password: input.password }, schema: z.string() }),
  cancelSubscription: (input: { subscriptionId: string; clientId: string }) =>
    api.delete(`/dma/delete-client-subscription/${input.subscriptionId}`, {
      query: { client_id: input.clientId },
      schema: z.string(),
    }),
  shapeshift: (id: string) =>
    api.post('/dma/client-shapeshift', { body: { _id: id }, schema: shapeshiftResultSchema }),

  // -- the admin's DMA calls (doc 3 §2.2, §7.3)
  adminDmaList: (signal?: AbortSignal) => api.get('/admin/dma-list', { schema: adminDmaListSchema, signal }),
  adminPendingDmas: (signal?: AbortSignal) =>
    api.get('/admin/dma-list-pending', { schema: pendingDmaListSchema, signal }),
  adminDeleteDma: (input: { _id: string; password: string }) =>
    api.delete(`/admin/dma-delete/${input._id}`, { body: { password: input.password }, schema: z.string() }),
  adminSendRegisterLink: (email: string, reCaptchaToken?: string) =>
    api.post('/admin/send-dma-register-link', {
      body: reCaptchaToken ? { email, reCaptchaToken } : { email },
      schema: z.string(),
    }),
  adminCancelDmaInvitation: (token: string) =>
    api.post('/admin/cancel-dma-invitation', { query: { token }, body: {}, schema: z.string() }),
  adminDeleteDmaClient: (input: { dma_id: string; client_id: string; password: string }) =>
    api.post('/admin/delete-dma-client', { body: input, schema: z.string() }),
};

/** The reseller registration link (MailedLinkPage's query). */
export const registerTokenQuery = (token: string) => ({
  queryKey: resellerKeys.registerToken(token),
  queryFn: ({ signal }: { signal: AbortSignal }) => resellerApi.verifyRegisterToken(token, signal),
});

/** A reseller's invitation to a restaurant (MailedLinkPage's query). */
export const clientInvitationQuery = (token: string) => ({
  queryKey: resellerKeys.clientInvitation(token),
  queryFn: ({ signal }: { signal: AbortSignal }) => resellerApi.verifyClientInvitation(token, signal),
});

export const usePendingClients = () =>
  useQuery({ queryKey: resellerKeys.pending, queryFn: ({ signal }) => resellerApi.pending(signal) });
export const useSubscriptionStatus = () =>
  useQuery({
    queryKey: resellerKeys.status,
    queryFn: ({ signal }) => resellerApi.subscriptionStatus(signal),
  });
export const useClientsStatistics = () =>
  useQuery({ queryKey: resellerKeys.statistics, queryFn: ({ signal }) => resellerApi.statistics(signal) });
export const useProductPrices = () =>
  useQuery({
    queryKey: resellerKeys.prices,
    queryFn: ({ signal }) => resellerApi.prices(signal),
    staleTime: 60_000,
  });
/** The client search, a page at a time on the server (doc 3 §9: 5 a page). */
export const useClientSearch = (query: { search: string; page: number; per_page: number }) =>
  useQuery({
    queryKey: resellerKeys.clients({ search: query.search, page: query.page }),
    queryFn: ({ signal }) => resellerApi.clients(query, signal),
    placeholderData: keepPreviousData,
  });
export const useSingleClient = (id: string) =>
  useQuery({
    queryKey: resellerKeys.client(id),
    queryFn: ({ signal }) => resellerApi.client(id, signal),
    enabled: id !== '',
    retry: false,
  });

/** A change of the reseller's data: every reseller list reloads, and the saved cards. */
export function useResellerMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resellerKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods }),
      ]);
    },
  });
}

export const useAdminDmas = () =>
  useQuery({ queryKey: adminDmaKeys.list, queryFn: ({ signal }) => resellerApi.adminDmaList(signal) });
export const useAdminPendingDmas = () =>
  useQuery({ queryKey: adminDmaKeys.pending, queryFn: ({ signal }) => resellerApi.adminPendingDmas(signal) });

/**
 * "Login as this client" (doc 3 §4): the session becomes the client's; the reseller travels with it
 * as the impersonator (the banner's "Return to reseller" is POST /admin/return, the same way back as
 * an admin's). The reseller's role is kept beside it so the banner names the right way back.
 */
export async function actAsClient(clientId: string) {
  const result = await resellerApi.shapeshift(clientId);
  localStorage.setItem(storageKeys.impersonator, JSON.stringify({ ...result.impersonator, role: 'DMA' }));
  sessionStore.signIn({
    accessToken: result.accessToken,
    refreshToken: result.refreshToken,
    user: result.user,
  });
  return result;
}
