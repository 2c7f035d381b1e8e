import type {
  CreateUserInput,
  UpdateUserInput,
  UserListFilter,
  UserSummary,
} from '@painlab/shared/users';
import { appendAudit, auditEvent as trail, type Actor } from '../../audit/audit';
import { auditingDomainRefusals } from '../../audit/refusals';
import { enqueue } from '../../jobs/outbox';
import { languageOf } from '../notifications/notifications.service';
import { passwordProblem } from '../../auth/password-policy';
import type { Deps } from '../../http/types';
import { baseUrlOf } from '../../env';
import { DomainError } from '../../lib/domain-error';
import {
  deleteUserRow,
  findClinician,
  listClinicians,
  findUserById,
  findUserIdByEmail,
  findUserIdByPhone,
  insertUserWithPassword,
  listUsers,
  removeSecondFactors,
  updateUserRow,
} from './users.repository';
import { isUniqueViolation } from '../../db/errors';
import { PLACEHOLDER_EMAIL_DOMAIN } from '@painlab/shared/account';

export async function listUsersAudited(
  deps: Deps,
  actor: Actor,
  after: string | undefined,
  limit: number,
  filter: UserListFilter = {},
) {
  return deps.database.db.transaction(async (tx) => {
    const page = await listUsers(tx, after, limit, filter);
    await appendAudit(
      tx,
      trail(actor, {
        action: 'users.list',
        outcome: 'success',
        resource: 'users',
        details: { count: page.items.length },
      }),
    );
    return page;
  });
}

/**
 * The stored hash of a new account's password, after the sign-up rules (auth/password-policy.ts)
 * when `checked`: a weak one is a 400 on `password`.
 */
export async function newPasswordHash(
  deps: Deps,
  input: { password: string; name: string; email: string },
  checked = true,
): Promise<string> {
  if (checked) {
    const problem = passwordProblem(input.password, {
      name: input.name,
      email: input.email,
      extra: ['painlab', deps.env.CLINIC_NAME],
    });
    if (problem) throw DomainError.invalidField('password', 'weak_password', problem.toLowerCase());
  }
  const ctx = await deps.auth.$context;
  return ctx.password.hash(input.password);
}

export async function createUser(
  deps: Deps,
  actor: Actor,
  input: CreateUserInput,
): Promise<UserSummary> {
  // Accounts an admin creates follow the sign-up rules; the seed (actor 'system') uses its configured password.
  const passwordHash = await newPasswordHash(deps, input, actor.role !== 'system');
  try {
    return await deps.database.db.transaction(async (tx) => {
      if (await findUserIdByEmail(tx, input.email)) throw DomainError.taken('email_taken');
      const created = await insertUserWithPassword(tx, {
        id: crypto.randomUUID(),
        name: input.name,
        email: input.email,
        role: input.role,
        passwordHash,
        // the clinic made this account for this address: nobody can have registered it first,
        // which is what an unproven address guards against — a first sign-in by e-mail code or
        // link would otherwise drop the password the clinic gave (ADR 0040)
        emailVerified: true,
      });
      await appendAudit(
        tx,
        trail(actor, {
          action: 'users.create',
          outcome: 'success',
          resource: 'users',
          recordId: created.id,
          details: { role: input.role },
        }),
      );
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw DomainError.taken('email_taken');
    throw error;
  }
}

/**
 * An account its owner made with a phone number and a password (ADR 0043), once a code sent to the
 * number came back: a patient account (role `user`) with the number verified and a placeholder
 * address under `.invalid` (better-auth needs one; nothing is ever sent to it). `phone_taken` when
 * another account has the number by now (also the unique index losing a race).
 */
export async function createPhoneUser(
  deps: Deps,
  actor: Actor,
  input: { name: string; phoneNumber: string; passwordHash: string },
): Promise<UserSummary> {
  const id = crypto.randomUUID();
  try {
    return await deps.database.db.transaction(async (tx) => {
      if (await findUserIdByPhone(tx, input.phoneNumber))
        throw DomainError.invalidField('phoneNumber', 'phone_taken');
      const created = await insertUserWithPassword(tx, {
        id,
        name: input.name,
        email: `${id}@${PLACEHOLDER_EMAIL_DOMAIN}`,
        role: 'user',
        passwordHash: input.passwordHash,
        verifiedPhone: input.phoneNumber,
      });
      await appendAudit(
        tx,
        trail(
          { ...actor, userId: actor.userId ?? id },
          {
            action: 'users.sign_up_phone',
            outcome: 'success',
            resource: 'users',
            recordId: id,
            details: { role: 'user' },
          },
        ),
      );
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw DomainError.invalidField('phoneNumber', 'phone_taken');
    throw error;
  }
}

export async function updateUser(
  deps: Deps,
  actor: Actor,
  id: string,
  input: UpdateUserInput,
): Promise<UserSummary> {
  return deps.database.db.transaction(async (tx) => {
    const current = await findUserById(tx, id);
    if (!current) throw DomainError.notFound();
    if (id === actor.userId && input.role !== undefined && input.role !== current.role) {
      throw DomainError.selfChange();
    }
    const updated = await updateUserRow(tx, id, input);
    if (!updated) throw DomainError.notFound();
    await appendAudit(
      tx,
      trail(actor, {
        action: 'users.edit',
        outcome: 'success',
        resource: 'users',
        recordId: id,
        details: {
          fields: Object.keys(input).sort().join(','),
          ...(input.role !== undefined ? { fromRole: current.role, toRole: input.role } : {}),
        },
      }),
    );
    return updated;
  });
}

export async function deleteUser(deps: Deps, actor: Actor, id: string): Promise<void> {
  if (id === actor.userId) throw DomainError.selfChange();
  await deps.database.db.transaction(async (tx) => {
    if (!(await deleteUserRow(tx, id))) throw DomainError.notFound();
    await appendAudit(
      tx,
      trail(actor, { action: 'users.delete', outcome: 'success', resource: 'users', recordId: id }),
    );
  });
}

/**
 * An administrator removes every second factor of another account (it lost its phone, say): TOTP,
 * the e-mail code factor and the recovery codes go, every session of the account ends (here at
 * once; on other instances through the session signal, ADR 0026, sent by app.ts after this write),
 * the account is told by e-mail in its language, and the change is audited. Never one's own
 * account (that is /settings, behind the second factor), never an account without a factor.
 */
export async function resetMfa(deps: Deps, actor: Actor, id: string): Promise<UserSummary> {
  const denied = (reason: string) =>
    trail(actor, {
      action: 'users.mfa_reset',
      outcome: 'denied',
      resource: 'users',
      recordId: id,
      details: { reason },
    });
  return auditingDomainRefusals(deps.database.db, denied, () =>
    deps.database.db.transaction(async (tx) => {
      if (id === actor.userId) throw DomainError.mfaReset('mfa_self_reset_forbidden');
      const target = await findUserById(tx, id);
      if (!target) throw DomainError.notFound();
      const removed = await removeSecondFactors(tx, id);
      if (!removed) throw DomainError.notFound();
      if (!removed.wasEnrolled && removed.factors === 0)
        throw DomainError.mfaReset('mfa_not_enrolled');
      await enqueue(tx, {
        channel: 'email',
        to: target.email,
        language: await languageOf(tx, id),
        template: 'auth.mfa_reset',
        params: { clinic: deps.env.CLINIC_NAME, url: `${baseUrlOf(deps.env)}/settings` },
      });
      await appendAudit(
        tx,
        trail(actor, {
          action: 'users.mfa_reset',
          outcome: 'success',
          resource: 'users',
          recordId: id,
          details: { factors: removed.factors, sessionsEnded: removed.sessions },
        }),
      );
      return { ...target, mfaEnrolled: false };
    }),
  );
}

// ---------------------------------------------------------------- clinicians (for other modules)

/** Whether `userId` is someone a patient can be assigned to (a specialist or an administrator). */
export async function isClinician(deps: Deps, userId: string): Promise<boolean> {
  return findClinician(deps.database.db, userId);
}

/** The clinicians a patient can be assigned to, by name. */
export function clinicians(deps: Deps): Promise<{ id: string; name: string }[]> {
  return listClinicians(deps.database.db);
}
