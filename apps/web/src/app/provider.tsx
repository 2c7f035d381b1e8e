import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { RenderFailureBoundary } from '../components/errors/render-failure';
import { useSignedInToast } from '../features/auth/hooks/use-signed-in-toast';
import { queryClient } from '../lib/query-client';

/** App-wide providers: the render-failure boundary outermost, the query client, the toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  useSignedInToast();
  return (
    <RenderFailureBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster position="top-right" duration={4000} visibleToasts={3} richColors closeButton />
      </QueryClientProvider>
    </RenderFailureBoundary>
  );
}
