/**
 * Saving, changing and deleting layouts: imported only by the "Arrange" mode (a lazy chunk), so the
 * dashboard's first load carries no mutation code nor the shared zod schemas.
 */
import {
  dashboardLayoutSchema,
  type CreateLayout,
  type UpdateLayout,
} from '@painlab/shared/dashboard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export function useSaveLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['dashboard', 'layouts', 'save'],
    mutationFn: (input: { id: string; body: UpdateLayout } | { id: null; body: CreateLayout }) =>
      input.id
        ? apiJson(`/api/dashboard/layouts/${encodeURIComponent(input.id)}`, dashboardLayoutSchema, {
            method: 'PATCH',
            body: input.body,
          })
        : apiJson('/api/dashboard/layouts', dashboardLayoutSchema, {
            method: 'POST',
            body: input.body,
          }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.layouts() }),
  });
}

export function useDeleteLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['dashboard', 'layouts', 'delete'],
    mutationFn: async (id: string) => {
      await apiRequest(`/api/dashboard/layouts/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.layouts() }),
  });
}
