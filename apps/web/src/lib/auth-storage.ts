/**
 * What the app keeps (or must clear) about authentication in the browser, without the better-auth
 * client: the sign-in screen's bundle imports this, never `auth-client.ts`.
 */

/** Keys better-auth (or an older client) may leave in browser storage. */
const AUTH_KEY = /^(better-auth|painlab\.auth|sb-|supabase\.auth)/;

/** SPEC §4: sign-out clears every locally stored auth key. */
export function clearStoredAuthKeys(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key && AUTH_KEY.test(key)) keys.push(key);
      }
      keys.forEach((key) => storage.removeItem(key));
    } catch {
      // storage may be unavailable (private mode); nothing to clear then
    }
  }
}

/** HTTP statuses sign-out ignores (SPEC §8): the session is already gone. */
export const IGNORED_SIGN_OUT_STATUSES = new Set([401, 403, 404]);
