import type { CreateUserInput, UpdateUserInput, UserSummary } from '@painlab/shared/users';
import { appendAudit, auditEvent as trail, type Actor } from '../../audit/audit';
import { ApiError } from '../../http/errors';
import type { Deps } from '../../http/types';
import {
  deleteUserRow,
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

export async function listUsersAudited(deps: Deps, actor: Actor, after: string | undefined, limit: number) {
  return deps.database.db.transaction(async (tx) => {
    const page = await listUsers(tx, after, limit);
    await appendAudit(tx, trail(actor, { action: 'users.list', outcome: 'success', resource: 'users', details: { count: page.items.length } }));
    return page;
  });
}

export async function createUser(deps: Deps, actor: Actor, input: CreateUserInput): Promise<UserSummary> {
  const ctx = await deps.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  try {
    return await deps.database.db.transaction(async (tx) => {
      if (await findUserIdByEmail(tx, input.email)) throw new ApiError(409, 'email_taken');
      const created = await insertUserWithPassword(tx, {
        id: crypto.randomUUID(),
        name: input.name,
        email: input.email,
        role: input.role,
        passwordHash,
      });
      await appendAudit(tx, trail(actor, { action: 'users.create', outcome: 'success', resource: 'users', recordId: created.id, details: { role: input.role } }));
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'email_taken');
    throw error;
  }
}

export async function updateUser(deps: Deps, actor: Actor, id: string, input: UpdateUserInput): Promise<UserSummary> {
  return deps.database.db.transaction(async (tx) => {
    const current = await findUserById(tx, id);
    if (!current) throw new ApiError(404, 'not_found');
    if (id === actor.userId && input.role !== undefined && input.role !== current.role) {
      throw new ApiError(409, 'self_change_forbidden');
    }
    const updated = await updateUserRow(tx, id, input);
    if (!updated) throw new ApiError(404, 'not_found');
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
  if (id === actor.userId) throw new ApiError(409, 'self_change_forbidden');
  await deps.database.db.transaction(async (tx) => {
    if (!(await deleteUserRow(tx, id))) throw new ApiError(404, 'not_found');
    await appendAudit(tx, trail(actor, { action: 'users.delete', outcome: 'success', resource: 'users', recordId: id }));
  });
}
