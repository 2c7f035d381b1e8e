/**
 * Refusals decided inside a module (not by the route guard): each is one `denied` audit row,
 * committed on its own, since the caller's transaction rolls back with the error. Modules wrap
 * these with their own audit event (resource, record and patient ids): tasks, appointments,
 * questionnaires.
 */
import type { PermissionTerm } from '@painlab/shared/errors';
import type { Db } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { recordAudit, type AuditEvent } from './audit';

/**
 * What the caller is told: the thing does not exist (for them), which permission is missing, or
 * a domain error of the module's own (a link that expired, say).
 */
export type RefusalAnswer =
  'not_found' | { action: PermissionTerm; resource: PermissionTerm } | DomainError;

/** Writes the refusal's row, then throws its answer (404, 403 naming the permission, or the error). */
export async function refuseAudited(
  db: Db,
  denied: AuditEvent,
  answer: RefusalAnswer,
): Promise<never> {
  await recordAudit(db, denied);
  if (answer instanceof DomainError) throw answer;
  throw answer === 'not_found'
    ? DomainError.notFound()
    : DomainError.forbidden(answer.action, answer.resource);
}

/**
 * Runs a write whose refusals are decided inside its transaction (a stale version, a state that
 * does not allow it): a domain error rolls the transaction back, so its `denied` row (`denied`
 * given the error's code as the reason) is written on its own before the error goes on.
 */
export async function auditingDomainRefusals<T>(
  db: Db,
  denied: (reason: string) => AuditEvent,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) await recordAudit(db, denied(error.code));
    throw error;
  }
}
