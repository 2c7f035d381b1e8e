/**
 * Staff invitations (ADR 0031): `GET/POST /api/staff-invitations`, `POST
 * /api/staff-invitations/{id}/revoke|resend` for administrators; `POST
 * /api/staff-invitations/preview` (the token in the body) and `POST /api/staff-invitations/accept`
 * for the invitee.
 */
import {
  staffInviteListSchema,
  staffInvitePreviewSchema,
  staffInviteSchema,
  userSummarySchema,
  type AcceptStaffInviteInput,
  type CreateStaffInviteInput,
} from '@painlab/shared/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { retryTransient } from '../../../lib/query-client';

export const invitationKeys = {
  all: ['staff-invitations'] as const,
  preview: (token: string) => ['staff-invitations', 'preview', token] as const,
};

export function useStaffInvitations() {
  return useQuery({
    queryKey: invitationKeys.all,
    queryFn: ({ signal }) => api.get('/api/staff-invitations', staffInviteListSchema, signal),
    retry: retryTransient,
  });
}

export type InvitationAction = 'revoke' | 'resend';

export function useStaffInvitationMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationKeys.all });
  const invite = useMutation({
    mutationKey: ['staff-invitations', 'create'],
    mutationFn: (input: CreateStaffInviteInput) =>
      apiJson('/api/staff-invitations', staffInviteSchema, { method: 'POST', body: input }),
    retry: false,
    onSettled: refresh,
  });
  const change = useMutation({
    mutationKey: ['staff-invitations', 'change'],
    mutationFn: ({ id, action }: { id: string; action: InvitationAction }) =>
      apiJson(`/api/staff-invitations/${encodeURIComponent(id)}/${action}`, staffInviteSchema, {
        method: 'POST',
        body: {},
      }),
    retry: false,
    onSettled: refresh,
  });
  return { invite, change };
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: invitationKeys.preview(token),
    queryFn: ({ signal }) =>
      apiJson('/api/staff-invitations/preview', staffInvitePreviewSchema, {
        method: 'POST',
        body: { token },
        signal,
      }),
    retry: false,
  });
}

/** Accepts, then signs the new account in with the password just chosen. */
export function useAcceptInvitation() {
  return useMutation({
    mutationKey: ['staff-invitations', 'accept'],
    mutationFn: async (input: AcceptStaffInviteInput) => {
      const user = await apiJson('/api/staff-invitations/accept', userSummarySchema, {
        method: 'POST',
        body: input,
      });
      const signIn = await authClient.signIn.email({ email: user.email, password: input.password });
      return { signedIn: !signIn.error };
    },
    retry: false,
  });
}
