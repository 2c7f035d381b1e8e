import { authClient } from '../../../lib/auth-client';
import { AuthError, assertSignOutOk } from './auth-error';

/**
 * SPEC §4: global sign-out. Every session of the user is revoked, then this one is signed out;
 * 401/403/404 are ignored (SPEC §8). Throws on any other failure.
 */
export async function signOutEverywhere(): Promise<void> {
  try {
    const revoked = await authClient.revokeSessions();
    assertSignOutOk(revoked.error);
    const signedOut = await authClient.signOut();
    assertSignOutOk(signedOut.error);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError(0, undefined, error instanceof Error ? error.message : 'Sign-out failed');
  }
}

/**
 * Signs out this session only (the idle sign-out: the user's other devices stay signed in). A
 * session the server already ended answers 401: that is signed out too.
 */
export async function signOutHere(): Promise<void> {
  try {
    const signedOut = await authClient.signOut();
    assertSignOutOk(signedOut.error);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError(0, undefined, error instanceof Error ? error.message : 'Sign-out failed');
  }
}
