/** The audit log as `/audit-logs` shows it (resource `audit_logs`). */
import { z } from 'zod';

/** What an audited decision came to (the audit_log.outcome column). */
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorUserId: z.string().nullable(),
  /** The account's name as it is now (null: a system action, or an account that no longer exists). */
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  resource: z.string().nullable(),
  recordId: z.string().nullable(),
  patientId: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  action: z.string().max(80).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  actorUserId: z.string().max(100).optional(),
  /** Every decision about one patient's data (an accounting of disclosures). */
  patientId: z.string().max(100).optional(),
});

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.number().int().nullable(),
});

export const auditVerifySchema = z.object({
  valid: z.boolean(),
  checked: z.number().int(),
  firstBrokenId: z.number().int().nullable(),
});
