/**
 * Secure messaging, in-app notifications and the realtime stream (issue 12; ADR 0018): one schema per
 * input and response, used by the forms, the API contract and the tests. Message keys ('required',
 * 'too_long', 'no_care_team', …) are translated by the web app; the API sends them in
 * `error.details[].message`.
 */
import { z } from 'zod';

export const MESSAGE_LIMITS = {
  subject: 200,
  body: 10_000,
  recipients: 20,
  threadMessages: 500,
} as const;

/**
 * A thread is about a patient (the patient's portal account and their care team: the assigned
 * specialist, and the member of staff who started it) or between staff only.
 */
export const THREAD_KINDS = ['patient', 'staff'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/**
 * What the clinic does with a message marked urgent: shown beside the urgent checkbox and on every
 * urgent message. It is a rule, not a promise of an emergency service.
 */
export const URGENT_RULE = {
  es: 'Los mensajes urgentes los lee el equipo el mismo día laborable (lunes a viernes, 8:00–20:00). No es un servicio de emergencias: si tiene dolor intenso de aparición súbita, fiebre alta o pérdida de fuerza, llame al 112.',
  en: 'Urgent messages are read by the care team the same working day (Monday to Friday, 8:00–20:00). This is not an emergency service: for sudden severe pain, high fever or loss of strength, call 112.',
} as const;

/** Quick replies for staff: short, bilingual, with no patient data in them. */
export const QUICK_REPLIES = [
  {
    id: 'received',
    es: 'Hemos recibido su mensaje. Le responderemos en un plazo de 24 horas laborables.',
    en: 'We have received your message. We will reply within one working day.',
  },
  {
    id: 'call_clinic',
    es: 'Por favor, llame a la clínica para comentarlo con más detalle.',
    en: 'Please call the clinic so we can discuss this in more detail.',
  },
  {
    id: 'keep_diary',
    es: 'Siga anotando el dolor en su diario (0–10) y tráigalo a la próxima consulta.',
    en: 'Please keep recording your pain in your diary (0–10) and bring it to your next visit.',
  },
  {
    id: 'book_visit',
    es: 'Conviene que lo valoremos en consulta. Puede pedir cita desde su área de paciente o llamando a la clínica.',
    en: 'We should look at this in person. You can book a visit from your patient area or by calling the clinic.',
  },
  {
    id: 'emergency',
    es: 'Si el dolor es intenso y repentino, o tiene fiebre alta o pérdida de fuerza, acuda a urgencias o llame al 112.',
    en: 'If the pain is sudden and severe, or you have a high fever or loss of strength, go to the emergency department or call 112.',
  },
] as const;
export type QuickReplyId = (typeof QUICK_REPLIES)[number]['id'];

const id = z.string().max(100);

const body = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(MESSAGE_LIMITS.body, { error: 'too_long' });

/**
 * A new thread. A patient sends it to their care team (no `patientId`, no `recipientIds`); staff
 * either start one with a patient (`patientId`) or with colleagues (`recipientIds`), not both.
 */
export const createThreadSchema = z
  .strictObject({
    subject: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(MESSAGE_LIMITS.subject, { error: 'too_long' }),
    body,
    urgent: z.boolean().default(false),
    patientId: id.optional(),
    recipientIds: z
      .array(id)
      .min(1, { error: 'required' })
      .max(MESSAGE_LIMITS.recipients, { error: 'too_many' })
      .optional(),
  })
  .refine((v) => !(v.patientId && v.recipientIds), {
    error: 'patient_or_colleagues',
    path: ['recipientIds'],
  });
export type CreateThreadInput = z.input<typeof createThreadSchema>;
export type CreateThreadParsed = z.output<typeof createThreadSchema>;

export const postMessageSchema = z.strictObject({ body, urgent: z.boolean().default(false) });
export type PostMessageInput = z.input<typeof postMessageSchema>;

/** Marks the thread read up to a message (the latest when absent). */
export const markReadSchema = z.strictObject({ upTo: id.optional() });

/** Files a message may carry: checked by their first bytes, not only by what the sender says. */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

export const attachmentQuerySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  urgent: z.enum(['true', 'false']).optional(),
});

export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.enum(ATTACHMENT_TYPES),
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const person = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type MessagePerson = z.infer<typeof person>;

export const receiptSchema = z.object({ userId: z.string(), name: z.string(), readAt: z.string() });
export type Receipt = z.infer<typeof receiptSchema>;

export const messageSchema = z.object({
  id: z.string(),
  body: z.string(),
  urgent: z.boolean(),
  /** Null when the author's account no longer exists. */
  author: person.nullable(),
  mine: z.boolean(),
  /** A file the message carries (its body is then the file's name). */
  attachment: attachmentSchema.nullable(),
  createdAt: z.string(),
  /** Who of the other participants has read it, and when. */
  readBy: z.array(receiptSchema),
});
export type Message = z.infer<typeof messageSchema>;

export const threadSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(THREAD_KINDS),
  subject: z.string(),
  /** For staff: the patient the thread is about. */
  patient: z.object({ id: z.string(), name: z.string() }).nullable(),
  participants: z.array(person),
  lastMessageAt: z.string(),
  lastAuthor: z.string().nullable(),
  unread: z.number().int(),
  /** An unread message of it is marked urgent. */
  urgentUnread: z.boolean(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadListSchema = z.object({
  items: z.array(threadSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ThreadList = z.infer<typeof threadListSchema>;

export const threadListQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const threadSchema = threadSummarySchema.extend({ messages: z.array(messageSchema) });
export type Thread = z.infer<typeof threadSchema>;

export const unreadSchema = z.object({
  messages: z.number().int(),
  notifications: z.number().int(),
});
export type Unread = z.infer<typeof unreadSchema>;

export const quickReplySchema = z.object({ id: z.string(), text: z.string() });
export type QuickReply = z.infer<typeof quickReplySchema>;

/** Whom the caller may start a thread with. */
export const recipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `patient`: a patient record (with a portal account), to start a patient thread; else a colleague. */
  kind: z.enum(['patient', 'colleague', 'care_team']),
  role: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientQuerySchema = z.strictObject({ q: z.string().max(100).optional() });

// ------------------------------------------------------------------------------ notifications

export const NOTIFICATION_TYPES = [
  'message',
  'task_assigned',
  'task_due',
  'appointment_booked',
  'appointment_moved',
  'appointment_cancelled',
  'questionnaire_completed',
  'plan_started',
  'plan_revised',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** An in-app notification: what happened and where to look, never the content itself. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** A path inside the app (`/messages/<id>`, `/tasks/<id>`). */
  link: z.string(),
  /** Who caused it, when a person did. */
  actor: z.string().nullable(),
  /** How many times it happened since it was last read (messages of one thread). */
  count: z.number().int(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
export const notificationListQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  unread: z.enum(['true', 'false']).optional(),
});

// ------------------------------------------------------------------------------ realtime

/** The events of the stream (`GET /api/events`): ids only, never content. */
export const REALTIME_KINDS = [
  'message.created',
  'message.read',
  'notification.created',
  'notification.read',
  'task.changed',
  // a waitlist offer the user sees was made, taken, declined, withdrawn or lapsed (ADR 0032)
  'appointment.changed',
] as const;
export type RealtimeKind = (typeof REALTIME_KINDS)[number];

export const realtimeEventSchema = z.object({
  threadId: z.string().optional(),
  messageId: z.string().optional(),
  notificationId: z.string().optional(),
  taskId: z.string().optional(),
  offerId: z.string().optional(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
