import {
  type MemberCompleteInput,
  type MemberCreateInput,
  type MemberSort,
  type MemberUpdateInput,
  memberAcceptResultSchema,
  memberCreatedSchema,
  memberInvitationSchema,
  memberSchema,
  type PageRequest,
  paginatedSchema,
} from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const memberKeys = {
  all: ['members'] as const,
  invitation: (token: string) => ['members', 'invitation', token] as const,
};

/** The team (doc 2 §7: GET list, POST create, PUT update by id, DELETE {ids}; verify; resend). */
export const membersApi = {
  list: (signal?: AbortSignal) => api.get('/members', { schema: z.array(memberSchema), signal }),
  /** One page of the team (issue 21). */
  page: (query: PageRequest<MemberSort>, signal?: AbortSignal) =>
    api.get('/members', { query: { ...query }, schema: paginatedSchema(memberSchema), signal }),
  create: (input: MemberCreateInput) => api.post('/members', { body: input, schema: memberCreatedSchema }),
  update: (id: string, input: MemberUpdateInput) =>
    api.put(`/members/${id}`, { body: input, schema: memberSchema }),
  remove: (ids: string[]) => api.delete('/members', { body: { ids }, schema: z.string() }),
  resendInvitation: (member: string) =>
    api.post('/members/resend-invitation', { body: { member }, schema: z.string() }),
  invitation: (token: string, signal?: AbortSignal) =>
    api.get('/members/verify', { query: { token }, schema: memberInvitationSchema, signal }),
  complete: (input: MemberCompleteInput) => api.post('/members/verify', { body: input, schema: z.string() }),
  /** Signed in: the invitation becomes a new account linked to the signed-in person. */
  accept: (token: string) =>
    api.post('/members/accept', { body: { token }, schema: memberAcceptResultSchema }),
};

export function useMembers(enabled = true) {
  return useQuery({ queryKey: memberKeys.all, queryFn: ({ signal }) => membersApi.list(signal), enabled });
}

const reload = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: memberKeys.all });

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: membersApi.create, onSuccess: () => reload(queryClient) });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: string; input: MemberUpdateInput }) => membersApi.update(vars.id, vars.input),
    onSuccess: () => reload(queryClient),
  });
}

export function useDeleteMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: membersApi.remove, onSuccess: () => reload(queryClient) });
}

export function useResendInvitation() {
  return useMutation({ mutationFn: membersApi.resendInvitation });
}

/** The invitation behind a mailed link, for MailedLinkPage (read once; a bad link stays bad). */
export const memberInvitationQuery = (token: string) => ({
  queryKey: memberKeys.invitation(token),
  queryFn: ({ signal }: { signal: AbortSignal }) => membersApi.invitation(token, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Accepting an invitation signed in: the signed-in user's linked accounts (the account menu) reload. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: membersApi.accept,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.me }),
  });
}
