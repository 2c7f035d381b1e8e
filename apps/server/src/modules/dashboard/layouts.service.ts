/**
 * Saved dashboard layouts, per person (ADR 0020): named, at most one default, versioned for
 * concurrent edits. The layout JSON is parsed strictly by the route (`layoutSpecSchema`); a stored
 * layout that no longer parses (an older schema version) is left out of the list rather than sent.
 */
import {
  LAYOUTS_PER_USER,
  layoutSpecSchema,
  type CreateLayout,
  type DashboardLayout,
  type UpdateLayout,
} from '@painlab/shared/dashboard';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import type { Viewer } from './dashboard.policy';
import {
  clearDefault,
  countLayouts,
  deleteLayout,
  findLayout,
  insertLayout,
  listLayouts,
  lockOwner,
  nameTaken,
  updateLayout,
  type LayoutRow,
} from './layouts.repository';
import { isUuid } from '../../lib/uuid';

export function layoutId(id: string): string {
  if (!isUuid(id)) throw DomainError.notFound();
  return id.toLowerCase();
}

function toLayout(row: LayoutRow): DashboardLayout | null {
  const parsed = layoutSpecSchema.safeParse(row.layout);
  if (!parsed.success) return null;
  return {
    id: row.id,
    name: row.name,
    layout: parsed.data,
    isDefault: row.isDefault,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const nameIssue = () => DomainError.invalidField('name', 'invalid_value', 'name_taken');

export async function listMyLayouts(deps: Deps, viewer: Viewer) {
  const rows = await listLayouts(deps.database.db, viewer.userId);
  return { items: rows.map(toLayout).filter((l): l is DashboardLayout => l !== null) };
}

export async function createLayout(
  deps: Deps,
  viewer: Viewer,
  input: CreateLayout & { name: string },
): Promise<DashboardLayout> {
  const row = await deps.database.db.transaction(async (tx) => {
    await lockOwner(tx, viewer.userId);
    if ((await countLayouts(tx, viewer.userId)) >= LAYOUTS_PER_USER)
      throw DomainError.invalidField('name', 'invalid_value', 'too_many_layouts');
    if (await nameTaken(tx, viewer.userId, input.name, null)) throw nameIssue();
    if (input.isDefault) await clearDefault(tx, viewer.userId);
    return insertLayout(tx, viewer.userId, {
      name: input.name,
      layout: input.layout,
      isDefault: input.isDefault ?? false,
    });
  });
  return toLayout(row)!;
}

export async function changeLayout(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: UpdateLayout,
): Promise<DashboardLayout> {
  const row = await deps.database.db.transaction(async (tx) => {
    await lockOwner(tx, viewer.userId);
    const current = await findLayout(tx, viewer.userId, id);
    if (!current) throw DomainError.notFound();
    if (current.version !== input.version) throw DomainError.conflict();
    if (input.name !== undefined && (await nameTaken(tx, viewer.userId, input.name, id)))
      throw nameIssue();
    if (input.isDefault) await clearDefault(tx, viewer.userId);
    const { version, ...set } = input;
    const updated = await updateLayout(tx, viewer.userId, id, version, set);
    if (!updated) throw DomainError.conflict();
    return updated;
  });
  return toLayout(row)!;
}

export async function removeLayout(deps: Deps, viewer: Viewer, id: string): Promise<void> {
  if (!(await deleteLayout(deps.database.db, viewer.userId, id))) throw DomainError.notFound();
}
