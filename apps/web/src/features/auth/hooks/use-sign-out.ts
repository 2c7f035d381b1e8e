import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearStoredAuthKeys } from '../../../lib/auth-storage';
import { VIEWER_QUERY_KEY } from '../../../lib/query-client';
import { setCookie, SIGNED_OUT_COOKIE } from '../../../site/handoff';

/**
 * Signs out everywhere, then leaves for "/" and forgets everything: the whole query cache (no
 * patient data stays in memory) and every locally stored auth key. Rejects if sign-out failed.
 */
export function useSignOut(): {
  signOut: (notice?: 'signedOut' | 'loggedOut') => Promise<void>;
  isPending: boolean;
} {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  // `notice`: which SPEC §8 text the home page shows ("Successfully signed out" from the sidebar,
  // "Logged out successfully" from the error screen)
  const signOut = useCallback(
    async (notice: 'signedOut' | 'loggedOut' = 'signedOut') => {
      setPending(true);
      try {
        // The better-auth client loads on the click only: the signed-in shell's first load stays lean (issue 8).
        const { signOutEverywhere } = await import('../api/sign-out');
        await signOutEverywhere();
        // the home page is the server's (docs/decisions/0017): it says "signed out" once
        setCookie(SIGNED_OUT_COOKIE, notice === 'loggedOut' ? 'logout' : '1', 60);
        await navigate('/', { replace: true });
        await queryClient.cancelQueries();
        queryClient.clear();
        queryClient.setQueryData(VIEWER_QUERY_KEY, null);
        clearStoredAuthKeys();
      } finally {
        setPending(false);
      }
    },
    [navigate, queryClient],
  );

  return { signOut, isPending };
}
