/**
 * Two-step verification (ADR 0025): better-auth's two-factor endpoints (`/api/auth/two-factor/*`,
 * each re-checking the password before a change) and the per-role policy (`/api/mfa/policy`).
 * better-auth answers `{ code, message }`; a refusal is thrown as an `MfaError` with that code.
 */
import { mfaPolicySchema, type MfaPolicy, type UpdateMfaPolicyInput } from '@painlab/shared/mfa';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson, currentRequestLanguage } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { VIEWER_QUERY_KEY } from '../../../lib/query-client';

export class MfaError extends Error {
  override readonly name = 'MfaError';
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(code ?? `HTTP ${status}`);
  }
}

/** A better-auth call under /api/auth/: a GET without `body`, else a JSON POST. */
export async function authCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/auth/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Accept-Language': currentRequestLanguage(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // not JSON
  }
  if (!response.ok) {
    const code = (data as { code?: unknown } | null)?.code;
    throw new MfaError(response.status, typeof code === 'string' ? code : null);
  }
  return data as T;
}

const authPost = <T>(path: string, body: unknown) => authCall<T>(`two-factor/${path}`, body);

export const enableTotp = (password: string) =>
  authPost<{ totpURI: string; backupCodes: string[] }>('enable', { password, method: 'totp' });
export const enableEmailCodes = (password: string) =>
  authPost<{ method: 'otp' }>('enable', { password, method: 'otp' });
export const verifyTotp = (code: string) => authPost('verify-totp', { code });
/** Sends the code: by SMS to a confirmed phone (`channel: 'sms'`, its last digits), else by e-mail. */
export const sendEmailCode = () =>
  authPost<{ channel?: 'sms' | 'email'; ending?: string }>('send-otp', {});
export const verifyEmailCode = (code: string) => authPost('verify-otp', { code });
export const disableMfa = (password: string) => authPost('disable', { password });
export const regenerateRecoveryCodes = (password: string) =>
  authPost<{ backupCodes: string[] }>('generate-backup-codes', { password });

/** The key of an otpauth:// URI, for typing it in by hand (groups of four). */
export function manualKeyOf(uri: string): string {
  try {
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})/g, '$1 ').trim();
  } catch {
    return '';
  }
}

/** After a change: /api/me tells the new assurance level and enrolment. */
export function useRefreshViewer() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: VIEWER_QUERY_KEY });
}

const POLICY_KEY = ['mfa', 'policy'] as const;

export const mfaPolicyQueryOptions = queryOptions({
  queryKey: POLICY_KEY,
  queryFn: ({ signal }) => api.get('/api/mfa/policy', mfaPolicySchema, signal),
  ...cachePolicy([...POLICY_KEY]),
});

export function useMfaPolicy(enabled: boolean) {
  return useQuery({ ...mfaPolicyQueryOptions, enabled });
}

export function useSetMfaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['mfa', 'policy', 'set'],
    mutationFn: (input: UpdateMfaPolicyInput): Promise<MfaPolicy> =>
      apiJson('/api/mfa/policy', mfaPolicySchema, { method: 'PUT', body: input }),
    retry: false,
    onSuccess: (policy) => queryClient.setQueryData(POLICY_KEY, policy),
  });
}
