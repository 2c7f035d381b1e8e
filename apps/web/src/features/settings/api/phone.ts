/**
 * The account's phone number (ADR 0041): `GET /api/account/phone`, `POST /api/account/phone`
 * (number + current password: a code goes to it by SMS), `POST /api/account/phone/verify` (the
 * code sets the number), `POST /api/account/phone/remove` (current password). And the name, with
 * better-auth's `POST /api/auth/update-user` `{ name }`.
 */
import {
  accountPhoneSchema,
  phoneChangeResultSchema,
  type PhoneChangeInput,
  type PhoneRemoveInput,
  type PhoneVerifyInput,
} from '@painlab/shared/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';
import { retryTransient, VIEWER_QUERY_KEY } from '../../../lib/query-client';
import { authCall } from './mfa';

const PHONE_KEY = ['account', 'phone'] as const;

export const phoneQueryOptions = queryOptions({
  queryKey: PHONE_KEY,
  queryFn: ({ signal }) => api.get('/api/account/phone', accountPhoneSchema, signal),
  staleTime: 5 * 60_000,
  retry: retryTransient,
});

export function usePhone() {
  return useQuery(phoneQueryOptions);
}

export function useRequestPhoneChange() {
  return useMutation({
    mutationKey: ['account', 'phone', 'request'],
    mutationFn: (input: PhoneChangeInput) =>
      apiJson('/api/account/phone', phoneChangeResultSchema, { method: 'POST', body: input }),
    retry: false,
  });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'phone', 'verify'],
    mutationFn: (input: PhoneVerifyInput) =>
      apiJson('/api/account/phone/verify', accountPhoneSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: (data) => queryClient.setQueryData(PHONE_KEY, data),
  });
}

export function useRemovePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'phone', 'remove'],
    mutationFn: (input: PhoneRemoveInput) =>
      apiJson('/api/account/phone/remove', accountPhoneSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: (data) => queryClient.setQueryData(PHONE_KEY, data),
  });
}

/** The name on the account (better-auth's update-user); the viewer is read again. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'profile', 'name'],
    mutationFn: (name: string) => authCall('update-user', { name }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIEWER_QUERY_KEY }),
  });
}
