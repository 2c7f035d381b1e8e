/**
 * better-auth client for `/api/auth/*` on the same origin. Sessions live in httpOnly cookies;
 * nothing about the session is kept in browser storage by us.
 */
import { createAuthClient } from 'better-auth/react';
import { currentRequestLanguage } from './api-client';

export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  fetchOptions: {
    onRequest(context) {
      context.headers.set('Accept-Language', currentRequestLanguage());
      return context;
    },
  },
});

// Kept in `auth-storage.ts` (no better-auth code) so that the sign-in screen does not load the client.
export { clearStoredAuthKeys, IGNORED_SIGN_OUT_STATUSES } from './auth-storage';
