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
  /** The row's place in the chain; null for the second or so before the sealer reaches it. */
  seq: z.number().int().nullable(),
  /** The hash of the row before it in the chain (null for the first row, and while unsealed). */
  prevHash: z.string().nullable(),
  /** sha-256 (hex) over prevHash and the row's fields, as docs/audit.md describes. */
  hash: z.string().nullable(),
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

/** The CSV export takes the list's filters (every matching row, in chain order). */
export const auditExportQuerySchema = auditListQuerySchema.omit({ before: true, limit: true });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/**
 * The CSV export's columns, in order. `seq` … `details` and `prevHash` are what `hash` covers
 * (docs/audit.md); `actorName` is the account's name now, for reading, and is not hashed.
 */
export const AUDIT_CSV_COLUMNS = [
  'seq',
  'id',
  'occurredAt',
  'actorUserId',
  'actorName',
  'actorRole',
  'action',
  'resource',
  'recordId',
  'patientId',
  'outcome',
  'ip',
  'requestId',
  'details',
  'prevHash',
  'hash',
] as const;

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.number().int().nullable(),
});

export const auditVerifySchema = z.object({
  valid: z.boolean(),
  checked: z.number().int(),
  firstBrokenId: z.number().int().nullable(),
});
