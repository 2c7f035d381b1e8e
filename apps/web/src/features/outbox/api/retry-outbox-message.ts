/** `POST /api/admin/outbox/{id}/retry` `{}`: the message is due again now. */
import { outboxMessageResponseSchema } from '@painlab/shared/outbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { outboxKeys, outboxPath } from './keys';

export function retryOutboxMessage(id: string) {
  return apiJson(`${outboxPath(id)}/retry`, outboxMessageResponseSchema, {
    method: 'POST',
    body: {},
  });
}

export function useRetryOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['outbox-messages', 'retry'],
    mutationFn: retryOutboxMessage,
    retry: false,
    onSuccess: (data, id) => {
      queryClient.setQueryData(outboxKeys.detail(id), data);
      return queryClient.invalidateQueries({ queryKey: outboxKeys.lists() });
    },
  });
}
