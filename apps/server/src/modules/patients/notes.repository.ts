/** Clinician notes: written once, amended by their author (the earlier text kept). */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import { patientNote, patientNoteAmendment, user } from '../../db/schema';
import type { Q } from './patients.query';

/** A patient's notes with their earlier texts, newest first; `noteId` reads that one note only. */
export async function listNotes(db: Q, patientId: string, noteId?: string) {
  const notes = await db
    .select({
      id: patientNote.id,
      body: patientNote.body,
      authorId: patientNote.authorId,
      authorName: user.name,
      createdAt: patientNote.createdAt,
    })
    .from(patientNote)
    .leftJoin(user, eq(user.id, patientNote.authorId))
    .where(
      noteId
        ? and(eq(patientNote.patientId, patientId), eq(patientNote.id, noteId))
        : eq(patientNote.patientId, patientId),
    )
    .orderBy(desc(patientNote.createdAt))
    .limit(500);
  const amendments = notes.length
    ? await db
        .select({
          noteId: patientNoteAmendment.noteId,
          body: patientNoteAmendment.body,
          writtenAt: patientNoteAmendment.writtenAt,
        })
        .from(patientNoteAmendment)
        .where(
          inArray(
            patientNoteAmendment.noteId,
            notes.map((n) => n.id),
          ),
        )
        .orderBy(asc(patientNoteAmendment.id))
    : [];
  return notes.map((n) => ({ ...n, amendments: amendments.filter((a) => a.noteId === n.id) }));
}

export async function insertNote(tx: Tx, patientId: string, authorId: string, body: string) {
  const [row] = await tx
    .insert(patientNote)
    .values({ patientId, authorId, body })
    .returning({ id: patientNote.id });
  return row!.id;
}

export async function findNote(db: Q, patientId: string, noteId: string) {
  const [row] = await db
    .select({
      id: patientNote.id,
      authorId: patientNote.authorId,
      body: patientNote.body,
      updatedAt: patientNote.updatedAt,
    })
    .from(patientNote)
    .where(and(eq(patientNote.id, noteId), eq(patientNote.patientId, patientId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Keeps the old text as an amendment record, then stores the new one. */
export async function amendNote(
  tx: Tx,
  noteId: string,
  previous: { body: string; updatedAt: Date },
  body: string,
) {
  await tx
    .insert(patientNoteAmendment)
    .values({ noteId, body: previous.body, writtenAt: previous.updatedAt });
  await tx
    .update(patientNote)
    .set({ body, updatedAt: new Date() })
    .where(eq(patientNote.id, noteId));
}
