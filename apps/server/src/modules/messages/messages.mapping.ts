/** Rows → the API's shapes. */
import type { Attachment, Message, MessagePerson, ThreadSummary } from '@painlab/shared/messages';
import type { MessageRow, ParticipantRow } from './threads.repository';

const iso = (d: Date) => d.toISOString();

export const toPerson = (p: ParticipantRow): MessagePerson => ({
  id: p.userId,
  name: p.name,
  role: p.role,
});

export interface SummaryRow {
  id: string;
  kind: 'patient' | 'staff';
  subject: string;
  patientId: string | null;
  patientName: string | null;
  lastMessageAt: Date;
  unread: number;
  urgentUnread: boolean;
  lastAuthor: string | null;
}

/** A thread as its participant sees it; the patient's name only for clinicians. */
export function toSummary(
  row: SummaryRow,
  participants: ParticipantRow[],
  showPatient: boolean,
): ThreadSummary {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    patient:
      showPatient && row.patientId ? { id: row.patientId, name: row.patientName ?? '' } : null,
    participants: participants.map(toPerson),
    lastMessageAt: iso(row.lastMessageAt),
    lastAuthor: row.lastAuthor,
    unread: Number(row.unread),
    urgentUnread: !!row.urgentUnread,
  };
}

export function toMessage(
  row: MessageRow,
  viewerId: string,
  receipts: { messageId: string; userId: string; name: string; readAt: Date }[],
): Message {
  return {
    id: row.id,
    body: row.body,
    urgent: row.urgent,
    author:
      row.authorId && row.authorName !== null
        ? { id: row.authorId, name: row.authorName, role: row.authorRole ?? 'user' }
        : null,
    mine: row.authorId === viewerId,
    attachment:
      row.attachmentId && row.attachmentName && row.attachmentType
        ? {
            id: row.attachmentId,
            name: row.attachmentName,
            contentType: row.attachmentType as Attachment['contentType'],
            size: row.attachmentSize ?? 0,
          }
        : null,
    createdAt: iso(row.createdAt),
    readBy: receipts
      .filter((r) => r.messageId === row.id && r.userId !== viewerId && r.userId !== row.authorId)
      .map((r) => ({ userId: r.userId, name: r.name, readAt: iso(r.readAt) })),
  };
}
