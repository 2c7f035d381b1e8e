/**
 * The MFA policy per role (ADR 0025, 0038): whether a role's sessions must be aal2 once its user has
 * enrolled a factor (`required`), and whether every user of the role must enrol one within a grace
 * period (`enforced`). Rows override MFA_REQUIRED_BY_DEFAULT. The guard (http/access.ts) asks
 * `mfaRuleFor` on every API request, so the policy is kept in memory for MFA_POLICY_CACHE_MS;
 * a change through this server applies at once, one made on another instance within that time.
 */
import {
  MFA_GRACE_DAYS_DEFAULT,
  MFA_REQUIRED_BY_DEFAULT,
  type MfaPolicy,
  type UpdateMfaPolicyInput,
} from '@painlab/shared/mfa';
import { ROLES, isRole, type Role } from '@painlab/shared/permissions';
import { appendAudit, auditEvent, type Actor } from '../../audit/audit';
import type { MfaRule } from '../../http/access';
import type { Deps } from '../../http/types';
import { lockPolicyRow, readPolicyRows, writePolicyRow } from './mfa.repository';

export const MFA_POLICY_CACHE_MS = 5_000;

type Policy = Record<Role, MfaRule>;
const cached = new WeakMap<Deps, { policy: Policy; until: number }>();

const defaultRule = (role: Role): MfaRule => ({
  required: MFA_REQUIRED_BY_DEFAULT[role],
  enforced: false,
  graceDays: MFA_GRACE_DAYS_DEFAULT,
  enforcedSince: null,
});

async function load(deps: Deps): Promise<Policy> {
  const policy = Object.fromEntries(ROLES.map((role) => [role, defaultRule(role)])) as Policy;
  for (const row of await readPolicyRows(deps.database.db))
    if (isRole(row.role))
      policy[row.role] = {
        required: row.required || row.enforced,
        enforced: row.enforced,
        graceDays: row.graceDays,
        enforcedSince: row.enforced ? row.enforcedSince : null,
      };
  cached.set(deps, { policy, until: Date.now() + MFA_POLICY_CACHE_MS });
  return policy;
}

async function policyOf(deps: Deps): Promise<Policy> {
  const entry = cached.get(deps);
  return entry && entry.until > Date.now() ? entry.policy : load(deps);
}

/** A role's MFA rule (required once enrolled; enrolment enforced, by when). */
export async function mfaRuleFor(deps: Deps, role: Role): Promise<MfaRule> {
  return (await policyOf(deps))[role];
}

export async function getMfaPolicy(deps: Deps): Promise<MfaPolicy> {
  const policy = await load(deps);
  return {
    roles: ROLES.map((role) => {
      const rule = policy[role];
      return { role, ...rule, enforcedSince: rule.enforcedSince?.toISOString() ?? null };
    }),
  };
}

export async function setMfaPolicy(
  deps: Deps,
  actor: Actor,
  input: UpdateMfaPolicyInput,
): Promise<MfaPolicy> {
  await deps.database.db.transaction(async (tx) => {
    const before = (await lockPolicyRow(tx, input.role)) ?? {
      ...defaultRule(input.role),
      role: input.role,
    };
    const enforced = input.enforced ?? (input.required ? before.enforced : false);
    const setting = {
      required: input.required || enforced,
      enforced,
      graceDays: input.graceDays ?? before.graceDays,
    };
    await writePolicyRow(tx, input.role, setting, actor.userId);
    await appendAudit(
      tx,
      auditEvent(actor, {
        action: 'mfa.policy_edit',
        outcome: 'success',
        resource: 'users',
        recordId: input.role,
        details: {
          role: input.role,
          ...setting,
          requiredBefore: before.required,
          enforcedBefore: before.enforced,
          graceDaysBefore: before.graceDays,
        },
      }),
    );
  });
  return getMfaPolicy(deps);
}
