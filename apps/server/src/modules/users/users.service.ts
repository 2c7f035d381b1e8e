import type {
  CreateUserInput,
  UpdateUserInput,
  UserListFilter,
  UserSummary,
} from '@painlab/shared/users';
import { appendAudit, auditEvent as trail, type Actor } from '../../audit/audit';
import { passwordProblem } from '../../auth/password-policy';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import {
  deleteUserRow,
  findClinician,
  listClinicians,
  findUserById,
  findUserIdByEmail,
  insertUserWithPassword,
  listUsers,
  updateUserRow,
} from './users.repository';

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

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

export async function createUser(
  deps: Deps,
  actor: Actor,
  input: CreateUserInput,
): Promise<UserSummary> {
  // Accounts an admin creates follow the sign-up rules; the seed (actor 'system') uses its configured password.
  if (actor.role !== 'system') {
    const problem = passwordProblem(input.password, {
      name: input.name,
      email: input.email,
      extra: ['painlab', deps.env.CLINIC_NAME],
    });
    if (problem) throw DomainError.invalidField('password', 'weak_password', problem.toLowerCase());
  }
  const ctx = await deps.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  try {
    return await deps.database.db.transaction(async (tx) => {
      if (await findUserIdByEmail(tx, input.email)) throw DomainError.taken('email_taken');
      const created = await insertUserWithPassword(tx, {
        id: crypto.randomUUID(),
        name: input.name,
        email: input.email,
        role: input.role,
        passwordHash,
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

// ---------------------------------------------------------------- clinicians (for other modules)

/** Whether `userId` is someone a patient can be assigned to (a specialist or an administrator). */
export async function isClinician(deps: Deps, userId: string): Promise<boolean> {
  return findClinician(deps.database.db, userId);
}

/** The clinicians a patient can be assigned to, by name. */
export function clinicians(deps: Deps): Promise<{ id: string; name: string }[]> {
  return listClinicians(deps.database.db);
}
