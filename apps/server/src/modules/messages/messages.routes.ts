import { z } from '@hono/zod-openapi';
import { limitBody } from '../../http/body-limit';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentQuerySchema,
  createThreadSchema,
  markReadSchema,
  postMessageSchema,
  quickReplySchema,
  recipientQuerySchema,
  recipientSchema,
  threadListQuerySchema,
  threadListSchema,
  threadSchema,
  unreadSchema,
} from '@painlab/shared/messages';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse, named } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(100) });
const items = <T extends z.ZodType>(name: string, schema: T) =>
  named(name, z.object({ items: z.array(schema) }));

const WHO =
  'Participants only: a thread the caller does not take part in answers 404 (and the refusal is audited with the patient id). Every read and write of a thread about a patient is audited with the patient id.';

export const listThreadsRoute = defineRoute({
  method: 'get',
  path: '/api/messages/threads',
  access: access.authenticated,
  operationId: 'listMessageThreads',
  tags: ['messages'],
  summary: "The caller's threads, newest message first",
  description:
    'With unread counts and whether an unread message is urgent. Keyset pages. The patient a thread is about is named to clinicians only.',
  request: { query: threadListQuerySchema },
  responses: { 200: jsonResponse('A page', threadListSchema) },
});

export const createThreadRoute = defineRoute({
  method: 'post',
  path: '/api/messages/threads',
  access: access.authenticated,
  operationId: 'createMessageThread',
  tags: ['messages'],
  summary: 'Start a thread with its first message',
  description:
    "A patient writes to their own care team (their assigned specialist) and names no recipients (403 if they do; 400 `no_care_team` without one). A clinician names a patient with a portal account (`patientId`: the patient, their specialist and the clinician take part) or colleagues (`recipientIds`); a researcher only colleagues. The other participants are notified; a patient who is not online gets an e-mail or SMS through the outbox without the message's content.",
  request: jsonBody(createThreadSchema),
  responses: { 201: jsonResponse('Created', threadSchema) },
});

export const unreadRoute = defineRoute({
  method: 'get',
  path: '/api/messages/unread',
  access: access.authenticated,
  operationId: 'countUnread',
  tags: ['messages'],
  summary: 'Unread messages and notifications of the caller',
  responses: { 200: jsonResponse('Counts', unreadSchema) },
});

export const quickRepliesRoute = defineRoute({
  method: 'get',
  path: '/api/messages/quick-replies',
  access: access.authenticated,
  operationId: 'listQuickReplies',
  tags: ['messages'],
  summary: "Quick-reply texts for staff, in the request's language",
  description: 'Empty for patients.',
  responses: { 200: jsonResponse('Quick replies', items('QuickReplyList', quickReplySchema)) },
});

export const recipientsRoute = defineRoute({
  method: 'get',
  path: '/api/messages/recipients',
  access: access.authenticated,
  operationId: 'listMessageRecipients',
  tags: ['messages'],
  summary: 'Whom the caller may start a thread with',
  description:
    'A patient: their care team. A clinician: patients with a portal account and colleagues, by name (`q`); each patient listed is audited. A researcher: colleagues.',
  request: { query: recipientQuerySchema },
  responses: { 200: jsonResponse('Recipients', items('RecipientList', recipientSchema)) },
});

export const getThreadRoute = defineRoute({
  method: 'get',
  path: '/api/messages/threads/{id}',
  access: access.authenticated,
  operationId: 'getMessageThread',
  tags: ['messages'],
  summary: 'One thread with its newest 500 messages and their read receipts',
  description: `${WHO} Reading does not mark it read (see the read operation).`,
  request: { params: idParam },
  errors: { 404: 'No such thread, or not one the caller takes part in' },
  responses: { 200: jsonResponse('The thread', threadSchema) },
});

export const postMessageRoute = defineRoute({
  method: 'post',
  path: '/api/messages/threads/{id}/messages',
  access: access.authenticated,
  operationId: 'postMessage',
  tags: ['messages'],
  summary: 'Reply in a thread',
  description: `${WHO} Answers the thread as it is after the message.`,
  request: { params: idParam, ...jsonBody(postMessageSchema) },
  errors: { 404: 'No such thread' },
  responses: { 201: jsonResponse('The thread', threadSchema) },
});

export const markReadRoute = defineRoute({
  method: 'post',
  path: '/api/messages/threads/{id}/read',
  access: access.authenticated,
  operationId: 'markThreadRead',
  tags: ['messages'],
  summary: 'Mark a thread read (up to a message, or all of it)',
  description: `${WHO} Writes a read receipt (who, when) for each message of the others newly read, marks the thread's notifications read, and tells the participants' open pages. Answers the caller's unread counts.`,
  request: { params: idParam, ...jsonBody(markReadSchema) },
  errors: { 404: 'No such thread' },
  responses: { 200: jsonResponse('Unread counts', unreadSchema) },
});

const binary = z.string().openapi({ format: 'binary' });

export const postAttachmentRoute = defineRoute({
  method: 'post',
  path: '/api/messages/threads/{id}/attachments',
  access: access.authenticated,
  operationId: 'postMessageAttachment',
  tags: ['messages'],
  summary: 'Send a file in a thread (PDF, PNG or JPEG, at most 5 MiB)',
  description: `${WHO} The raw file is the body, with its type as Content-Type; the type must be what the file's first bytes say (400 \`file_type_mismatch\`), the name (\`name\`) must end in an extension of that type and not hide another one (400 \`file_name_refused\`). It becomes a message whose text is the file's name. Files are kept in the database, served only to the thread's participants.`,
  middleware: [limitBody(ATTACHMENT_MAX_BYTES)],
  request: {
    params: idParam,
    query: attachmentQuerySchema,
    body: {
      required: true,
      content: {
        'application/pdf': { schema: binary },
        'image/png': { schema: binary },
        'image/jpeg': { schema: binary },
      },
    },
  },
  errors: { 404: 'No such thread', 413: 'File over 5 MiB' },
  responses: { 201: jsonResponse('The thread', threadSchema) },
});

export const getAttachmentRoute = defineRoute({
  method: 'get',
  path: '/api/messages/attachments/{id}',
  access: access.authenticated,
  operationId: 'getMessageAttachment',
  tags: ['messages'],
  summary: 'Download a file sent in a thread',
  description: `${WHO} Served as a download (Content-Disposition: attachment), never rendered inline.`,
  request: { params: idParam },
  errors: { 404: 'No such file, or not in a thread the caller takes part in' },
  responses: {
    200: {
      description: 'The file',
      content: {
        'application/pdf': { schema: binary },
        'image/png': { schema: binary },
        'image/jpeg': { schema: binary },
      },
    },
  },
});
