/** Staff and patient accounts as administrators see and manage them (resource `users`). */
import { z } from 'zod';
import { ONE_LINE } from './text';
import { emailSchema, PASSWORD_MAX, PASSWORD_MIN } from './auth';
import { ROLES } from './permissions';

export const userSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  banned: z.boolean(),
  /** A second factor (authenticator app or e-mail code) is enrolled (ADR 0025). */
  mfaEnrolled: z.boolean(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userListQuerySchema = z.strictObject({
  after: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Part of the name or e-mail (case-insensitive). */
  q: z.string().trim().max(120).optional(),
  role: z.enum(ROLES).optional(),
});
export type UserListFilter = Pick<z.infer<typeof userListQuerySchema>, 'q' | 'role'>;

export const userListSchema = z.object({
  items: z.array(userSummarySchema),
  nextCursor: z.string().nullable(),
});

export const createUserSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(120, { error: 'too_long' })
    .regex(ONE_LINE, { error: 'one_line' }),
  email: z.string().trim().toLowerCase().pipe(emailSchema),
  role: z.enum(ROLES),
  password: z
    .string()
    .min(PASSWORD_MIN, { error: 'password_too_short' })
    .max(PASSWORD_MAX, { error: 'too_long' }),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(120, { error: 'too_long' })
      .regex(ONE_LINE, { error: 'one_line' })
      .optional(),
    role: z.enum(ROLES).optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined, { error: 'nothing_to_update' });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userIdParamSchema = z.strictObject({ id: z.string().min(1).max(100) });

// ---------------------------------------------------------------- staff invitations (ADR 0031)

/** The roles staff can be invited with (patients come through portal invitations). */
export const STAFF_ROLES = ['specialist', 'researcher', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How long an invitation link works. */
export const STAFF_INVITE_DAYS = 7;

export const STAFF_INVITE_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type StaffInviteStatus = (typeof STAFF_INVITE_STATUSES)[number];

export const createStaffInviteSchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(emailSchema),
  role: z.enum(STAFF_ROLES),
});
export type CreateStaffInviteInput = z.infer<typeof createStaffInviteSchema>;

export const staffInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_INVITE_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When the link was last sent (created or resent). */
  sentAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

export const staffInviteListSchema = z.object({ items: z.array(staffInviteSchema) });

export const staffInviteIdParamSchema = z.strictObject({ id: z.uuid() });

/** The invitation link's token (base64url, 43 characters). */
const inviteTokenSchema = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The body of the invitee's preview: the token from the link's fragment. */
export const staffInviteTokenSchema = z.strictObject({ token: inviteTokenSchema });

/** What the invitee sees before accepting: who is invited, as what, until when. */
export const staffInvitePreviewSchema = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  expiresAt: z.string(),
});

export const acceptStaffInviteSchema = z.strictObject({
  token: inviteTokenSchema,
  name: z.string().trim().min(1, { error: 'required' }).max(120, { error: 'too_long' }),
  password: z
    .string()
    .min(PASSWORD_MIN, { error: 'password_too_short' })
    .max(PASSWORD_MAX, { error: 'too_long' }),
});
export type AcceptStaffInviteInput = z.infer<typeof acceptStaffInviteSchema>;
