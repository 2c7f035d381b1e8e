/** Clinician notes: staff read them; only a note's author amends it (the earlier text is kept). */
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { findPatient } from './chart.repository';
import { amendNote, findNote, insertNote, listNotes } from './notes.repository';
import { toNote } from './patients.mapping';
import {
  event,
  refuse,
  requireIdentified,
  withIdentifiedPatient,
  type Viewer,
} from './patients.policy';

export function readNotes(deps: Deps, viewer: Viewer, id: string) {
  return withIdentifiedPatient(deps, viewer, id, 'patients.notes.view', async (tx) =>
    (await listNotes(tx, id)).map((n) => toNote(viewer, n)),
  );
}

export async function addNote(deps: Deps, viewer: Viewer, id: string, body: string) {
  await requireIdentified(deps, viewer, 'patients.notes.create', id, 'edit');
  return deps.database.db.transaction(async (tx) => {
    if (!(await findPatient(tx, id))) throw DomainError.notFound();
    const noteId = await insertNote(tx, id, viewer.userId, body);
    await appendAudit(tx, event(viewer, 'patients.notes.create', id, { noteId }));
    return toNote(viewer, (await listNotes(tx, id, noteId))[0]!);
  });
}

export async function amendOwnNote(
  deps: Deps,
  viewer: Viewer,
  id: string,
  noteId: string,
  body: string,
) {
  await requireIdentified(deps, viewer, 'patients.notes.amend', id, 'edit');
  const amended = await deps.database.db.transaction(async (tx) => {
    if (!(await findPatient(tx, id))) throw DomainError.notFound();
    const note = await findNote(tx, id, noteId);
    if (!note) throw DomainError.notFound();
    if (note.authorId !== viewer.userId) return 'not_author' as const;
    await amendNote(tx, noteId, note, body);
    await appendAudit(tx, event(viewer, 'patients.notes.amend', id, { noteId }));
    return toNote(viewer, (await listNotes(tx, id, noteId))[0]!);
  });
  if (amended === 'not_author') {
    return refuse(deps, viewer, 'patients.notes.amend', id, 'not_author', {
      action: 'edit',
      resource: 'this note',
    });
  }
  return amended;
}
