import {
  type AdminAddUserInput,
  type AdminCompleteInput,
  type AdminCreateInput,
  type AdminDietarySave,
  type AdminRestaurantSort,
  type AdminUserSort,
  adminAddUserResultSchema,
  adminDietarySchema,
  adminInvitationSchema,
  adminLogPageSchema,
  adminMailListSchema,
  adminRestaurantListSchema,
  adminRestaurantSchema,
  adminStatisticsSchema,
  adminSubscribeResultSchema,
  adminUserListSchema,
  adminUserSchema,
  type EditTemplateInput,
  mailTemplateDetailSchema,
  mailTemplateSummarySchema,
  type PageRequest,
  paginatedSchema,
  returnResultSchema,
  shapeshiftResultSchema,
} from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { api } from './client.ts';
import { sessionStore } from './session.ts';
import { storageKeys } from './storage-keys.ts';

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  admins: ['admin', 'admins'] as const,
  restaurants: ['admin', 'restaurants'] as const,
  statistics: ['admin', 'statistics'] as const,
  dietary: ['admin', 'dietary'] as const,
  templates: ['admin', 'templates'] as const,
  template: (name: string) => ['admin', 'templates', name] as const,
  outbox: ['admin', 'outbox'] as const,
  logs: (query: object) => ['admin', 'logs', query] as const,
  invitation: (token: string) => ['admin', 'invitation', token] as const,
};

/** The admin area's calls (doc 3 §7.3, §7.4). */
export const adminApi = {
  users: (signal?: AbortSignal) => api.get('/admin/users', { schema: adminUserListSchema, signal }),
  admins: (signal?: AbortSignal) => api.get('/admin/load', { schema: adminUserListSchema, signal }),
  restaurants: (signal?: AbortSignal) =>
    api.get('/admin/restaurants', { schema: adminRestaurantListSchema, signal }),
  /** One page of the users or the restaurants, searched and sorted on the server (issue 21). */
  usersPage: (query: PageRequest<AdminUserSort>, signal?: AbortSignal) =>
    api.get('/admin/users', { query: { ...query }, schema: paginatedSchema(adminUserSchema), signal }),
  restaurantsPage: (query: PageRequest<AdminRestaurantSort>, signal?: AbortSignal) =>
    api.get('/admin/restaurants', {
      query: { ...query },
      schema: paginatedSchema(adminRestaurantSchema),
      signal,
    }),
  statistics: (signal?: AbortSignal) =>
    api.get('/admin/statistics', { schema: adminStatisticsSchema, signal }),
  createAdmin: (input: AdminCreateInput) =>
    api.post('/admin/create', { body: input, schema: adminUserSchema }),
  resendInvitation: (id: string) =>
    api.post('/admin/resend-invitation', { body: { _id: id }, schema: z.string() }),
  deleteAdmin: (input: { _id: string; password: string }) =>
    api.delete('/admin/delete', { body: input, schema: z.string() }),
  deleteUser: (input: { _id: string; password: string }) =>
    api.delete('/admin/delete/user', { body: input, schema: z.string() }),
  addUser: (input: AdminAddUserInput) =>
    api.post('/admin/add-user', { body: input, schema: adminAddUserResultSchema }),
  subscribeUser: (input: { plan_id: string; user_id: string }) =>
    api.post('/admin/subscribe-user', { body: input, schema: adminSubscribeResultSchema }),
  shapeshift: (id: string) =>
    api.post('/admin/shapeshift', { body: { _id: id }, schema: shapeshiftResultSchema }),
  returnToAdmin: () => api.post('/admin/return', { schema: returnResultSchema }),
  dietary: (signal?: AbortSignal) => api.get('/admin/dietary', { schema: adminDietarySchema, signal }),
  saveDietary: (input: AdminDietarySave) =>
    api.post('/admin/dietary/create', { body: input, schema: adminDietarySchema }),
  templates: (signal?: AbortSignal) =>
    api.get('/admin/email-templates', { schema: z.array(mailTemplateSummarySchema), signal }),
  template: (template: string, signal?: AbortSignal) =>
    api.get('/admin/get-email-template', { query: { template }, schema: mailTemplateDetailSchema, signal }),
  editTemplate: (input: EditTemplateInput) =>
    api.post('/admin/edit-email-template', { body: input, schema: z.string() }),
  sendTest: (template: string) =>
    api.post('/admin/email-templates/test', { body: { template }, schema: z.string() }),
  outbox: (signal?: AbortSignal) => api.get('/admin/outbox', { schema: adminMailListSchema, signal }),
  logs: (query: { page: number; per_page: number; status?: number; route?: string }, signal?: AbortSignal) =>
    api.get('/admin/logs', {
      query: Object.fromEntries(
        Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
      ) as Record<string, string>,
      schema: adminLogPageSchema,
      signal,
    }),
  deleteLogs: (ids: string[]) => api.delete('/admin/logs', { body: { ids }, schema: z.string() }),
  invitation: (token: string, signal?: AbortSignal) =>
    api.get(`/admin/verify-account-token/${encodeURIComponent(token)}`, {
      schema: adminInvitationSchema,
      signal,
    }),
  complete: (token: string, input: AdminCompleteInput) =>
    api.post(`/admin/complete-account/${encodeURIComponent(token)}`, { body: input, schema: z.string() }),
};

/** The invitation behind an admin's completion link (MailedLinkPage's query). */
export const adminInvitationQuery = (token: string) => ({
  queryKey: adminKeys.invitation(token),
  queryFn: ({ signal }: { signal: AbortSignal }) => adminApi.invitation(token, signal),
});

export const useAdminUsers = (enabled = true) =>
  useQuery({ queryKey: adminKeys.users, queryFn: ({ signal }) => adminApi.users(signal), enabled });
export const useAdminAdmins = (enabled: boolean) =>
  useQuery({ queryKey: adminKeys.admins, queryFn: ({ signal }) => adminApi.admins(signal), enabled });
export const useAdminRestaurants = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.restaurants,
    queryFn: ({ signal }) => adminApi.restaurants(signal),
    enabled,
  });
export const useAdminStatistics = () =>
  useQuery({ queryKey: adminKeys.statistics, queryFn: ({ signal }) => adminApi.statistics(signal) });

/** A mutation that reloads every admin list once it succeeds. */
export function useAdminMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

// ---------- "Login as" (docs/decisions.md, Admin area) ----------

export interface Impersonator {
  _id: string;
  username: string;
  /** 'DMA' when a reseller acts as one of its clients (the way back leads to the reseller's area). */
  role?: 'DMA';
}

const readImpersonator = (): Impersonator | null => {
  try {
    const raw = localStorage.getItem(storageKeys.impersonator);
    return raw ? (JSON.parse(raw) as Impersonator) : null;
  } catch {
    return null;
  }
};

/** The admin acting as the signed-in user, or null (the banner and the way back read it). */
export function useImpersonator(): Impersonator | null {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  return session ? readImpersonator() : null;
}

/** Opens a session as the account; the admin's own session ended on the server. */
export async function loginAs(userId: string) {
  const result = await adminApi.shapeshift(userId);
  localStorage.setItem(storageKeys.impersonator, JSON.stringify(result.impersonator));
  sessionStore.signIn({
    accessToken: result.accessToken,
    refreshToken: result.refreshToken,
    user: result.user,
  });
  return result;
}

/** Ends the acting session and signs the admin back in, without a password. */
export async function returnToAdmin() {
  const result = await adminApi.returnToAdmin();
  localStorage.removeItem(storageKeys.impersonator);
  sessionStore.signIn(result);
  return result;
}

/**
 * The web app reports its own uncaught errors to the developer log (POST /admin/loggers) while
 * someone is signed in; a few per page load at most, so a failing loop cannot flood the log.
 */
export function reportUncaughtErrors(limit = 5) {
  let sent = 0;
  const report = (message: string) => {
    if (sent >= limit || !sessionStore.get()) return;
    sent += 1;
    const url = `${window.location.pathname}${window.location.search}`;
    api
      .post('/admin/loggers', { body: { message: message.slice(0, 2000), url }, schema: z.string() })
      .catch(() => {
        // The log is best effort: a failed report must not raise another error.
      });
  };
  window.addEventListener('error', (event) => report(event.message || ''));
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown;
    report(reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '');
  });
}
