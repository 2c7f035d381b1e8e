/** `GET /api/audit-logs/verify`: recompute the hash chain (on demand: it reads every entry). */
import { auditVerifySchema } from '@painlab/shared/audit';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useVerifyAuditChain() {
  return useMutation({
    mutationFn: () => api.get('/api/audit-logs/verify', auditVerifySchema),
    mutationKey: ['audit-logs', 'verify'],
  });
}
