import { isApiError, NetworkError } from '../../../lib/api-client';

export type ErrorKind =
  'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'validation' | 'network' | 'other';

/** What kind of failure an API call had, for choosing what to tell the user. */
export function errorKind(error: unknown): ErrorKind {
  if (error instanceof NetworkError) return 'network';
  if (!isApiError(error)) return 'other';
  if (error.status === 401) return 'unauthenticated';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'not-found';
  if (error.status === 409) return 'conflict';
  if (error.status === 400 || error.status === 422) return 'validation';
  return 'other';
}

/**
 * The text to show for a failed call: the server's message (already in the UI language) for API
 * errors, otherwise `fallback` ("An unknown error occurred", or a network notice).
 */
export function errorText(error: unknown, fallback: string, network: string): string {
  if (error instanceof NetworkError) return network;
  if (isApiError(error) && error.status < 500 && error.message) return error.message;
  return fallback;
}
