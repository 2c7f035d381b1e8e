import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RenderFailureBoundary } from '../components/errors/render-failure';
import { ToastHost } from '../components/toast-host';
import { useSignedInToast } from '../features/auth/hooks/use-signed-in-toast';
import { queryClient } from '../lib/query-client';

/** App-wide providers: the render-failure boundary outermost, the query client, the toaster
 * (sonner loads on the first toast: components/toast-host.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  useSignedInToast();
  return (
    <RenderFailureBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastHost />
      </QueryClientProvider>
    </RenderFailureBoundary>
  );
}
