/** Staff and patient accounts as administrators see and manage them (resource `users`). */
import { z } from 'zod';
import { emailSchema, PASSWORD_MAX, PASSWORD_MIN } from './auth';
import { ROLES } from './permissions';

export const userSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  banned: z.boolean(),
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
  name: z.string().trim().min(1, { error: 'required' }).max(120, { error: 'too_long' }),
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
      .optional(),
    role: z.enum(ROLES).optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined, { error: 'nothing_to_update' });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userIdParamSchema = z.strictObject({ id: z.string().min(1).max(100) });
