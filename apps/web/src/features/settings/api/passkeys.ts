/**
 * Passkeys (ADR 0033): better-auth's passkey endpoints (`/api/auth/passkey/*`) and the browser's
 * WebAuthn ceremony through @simplewebauthn/browser (loaded only when a passkey is added). A refusal
 * is thrown as an `MfaError` with better-auth's code, or the browser's error name (e.g.
 * `NotAllowedError` when the person cancels).
 */
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authCall, MfaError } from './mfa';

export interface Passkey {
  id: string;
  name: string | null;
  createdAt: string | null;
  deviceType: string;
  backedUp: boolean;
}

const passkeyCall = <T>(path: string, body?: unknown) => authCall<T>(`passkey/${path}`, body);

const PASSKEYS_KEY = ['passkeys'] as const;

export function usePasskeys() {
  return useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: () => passkeyCall<Passkey[]>('list-user-passkeys'),
    retry: 1,
  });
}

/** Asks the browser for a new passkey and stores it under `name`. */
export async function registerPasskey(name: string): Promise<void> {
  const options = await passkeyCall<PublicKeyCredentialCreationOptionsJSON>(
    'generate-register-options',
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  let response;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw new MfaError(0, error instanceof Error ? error.name : null);
  }
  await passkeyCall('verify-registration', { response, name });
}

export function usePasskeyChange() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const add = useMutation({
    mutationKey: ['passkeys', 'add'],
    mutationFn: registerPasskey,
    retry: false,
    onSettled: done,
  });
  const rename = useMutation({
    mutationKey: ['passkeys', 'rename'],
    mutationFn: (input: { id: string; name: string }) => passkeyCall('update-passkey', input),
    retry: false,
    onSettled: done,
  });
  const remove = useMutation({
    mutationKey: ['passkeys', 'remove'],
    mutationFn: (id: string) => passkeyCall('delete-passkey', { id }),
    retry: false,
    onSettled: done,
  });
  return { add, rename, remove };
}
