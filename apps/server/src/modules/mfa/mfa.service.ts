/**
 * The MFA policy per role (ADR 0025): whether a role's sessions must be aal2 once its user has
 * enrolled a factor. Rows override MFA_REQUIRED_BY_DEFAULT. The guard (http/access.ts) asks
 * `mfaRequiredFor` on every API request, so the policy is kept in memory for MFA_POLICY_CACHE_MS;
 * a change through this server applies at once, one made on another instance within that time.
 */
import {
  MFA_REQUIRED_BY_DEFAULT,
  type MfaPolicy,
  type UpdateMfaPolicyInput,
} from '@painlab/shared/mfa';
import { ROLES, isRole, type Role } from '@painlab/shared/permissions';
import { appendAudit, auditEvent, type Actor } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { readPolicyRows, writePolicyRow } from './mfa.repository';

export const MFA_POLICY_CACHE_MS = 5_000;

type Policy = Record<Role, boolean>;
const cached = new WeakMap<Deps, { policy: Policy; until: number }>();

async function load(deps: Deps): Promise<Policy> {
  const policy: Policy = { ...MFA_REQUIRED_BY_DEFAULT };
  for (const row of await readPolicyRows(deps.database.db))
    if (isRole(row.role)) policy[row.role] = row.required;
  cached.set(deps, { policy, until: Date.now() + MFA_POLICY_CACHE_MS });
  return policy;
}

async function policyOf(deps: Deps): Promise<Policy> {
  const entry = cached.get(deps);
  return entry && entry.until > Date.now() ? entry.policy : load(deps);
}

/** Whether sessions of `role` must be aal2 once the user enrolled a factor. */
export async function mfaRequiredFor(deps: Deps, role: Role): Promise<boolean> {
  return (await policyOf(deps))[role];
}

export async function getMfaPolicy(deps: Deps): Promise<MfaPolicy> {
  const policy = await load(deps);
  return { roles: ROLES.map((role) => ({ role, required: policy[role] })) };
}

export async function setMfaPolicy(
  deps: Deps,
  actor: Actor,
  input: UpdateMfaPolicyInput,
): Promise<MfaPolicy> {
  await deps.database.db.transaction(async (tx) => {
    await writePolicyRow(tx, input.role, input.required, actor.userId);
    await appendAudit(
      tx,
      auditEvent(actor, {
        action: 'mfa.policy_edit',
        outcome: 'success',
        resource: 'users',
        recordId: input.role,
        details: { role: input.role, required: input.required },
      }),
    );
  });
  return getMfaPolicy(deps);
}
