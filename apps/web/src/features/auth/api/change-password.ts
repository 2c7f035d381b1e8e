/**
 * better-auth's `POST /api/auth/change-password` `{ currentPassword, newPassword,
 * revokeOtherSessions }`: the current password is the re-authentication; the password policy of the
 * server applies (common, personal or simple passwords are refused with their code).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assertAuthOk } from './auth-error';
import { authClient } from '../../../lib/auth-client';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'change-password'],
    mutationFn: async (input: {
      currentPassword: string;
      newPassword: string;
      endOtherSessions: boolean;
    }) => {
      const { error } = await authClient.changePassword({
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: input.endOtherSessions,
      });
      assertAuthOk(error);
    },
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', 'sessions'] }),
  });
}
