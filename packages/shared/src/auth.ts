/** Input and response schemas for sign-up, sign-in and the signed-in user's role (SPEC §5, §6). */
import { z } from 'zod';
import { isPlaceholderEmail } from './account';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './auth-limits';
import { meMfaSchema } from './mfa';
import { ACTIONS, RESOURCES, ROLES } from './permissions';

export { PASSWORD_MAX, PASSWORD_MIN };

export const emailSchema = z
  .email({ error: 'invalid_email' })
  .max(EMAIL_MAX, { error: 'too_long' })
  // the reserved domain of accounts made with a phone number (ADR 0043) is nobody's address
  .refine((v) => !isPlaceholderEmail(v), { error: 'invalid_email' });

export const signInSchema = z.object({
  email: z.string().trim().min(1, { error: 'required' }).pipe(emailSchema),
  password: z.string().min(1, { error: 'required' }).max(PASSWORD_MAX, { error: 'too_long' }),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'required' }).max(120, { error: 'too_long' }),
    email: z.string().trim().min(1, { error: 'required' }).pipe(emailSchema),
    password: z
      .string()
      .min(PASSWORD_MIN, { error: 'password_too_short' })
      .max(PASSWORD_MAX, { error: 'too_long' }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'passwords_do_not_match',
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Password recovery, step 1: the account's e-mail. */
export const passwordResetRequestSchema = z.object({
  email: z.string().trim().min(1, { error: 'required' }).pipe(emailSchema),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** Password recovery, step 2: the new password, twice (the token comes from the link). */
export const passwordResetSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN, { error: 'password_too_short' })
      .max(PASSWORD_MAX, { error: 'too_long' }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'passwords_do_not_match',
  });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  role: z.enum(ROLES),
  permissions: z.partialRecord(z.enum(RESOURCES), z.array(z.enum(ACTIONS))),
  session: z.object({
    expiresAt: z.string(),
    absoluteExpiresAt: z.string(),
    /** `expiresAt` as the time left when the server answered (free of the browser's clock). */
    expiresInMs: z.number().int(),
    /** The idle limit the server enforces (SESSION_IDLE_MINUTES). */
    idleMinutes: z.number().int(),
  }),
  mfa: meMfaSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const publicConfigSchema = z.object({
  clinicName: z.string(),
  registrationOpen: z.boolean(),
  /**
   * Where e-mails go: `smtp` when a mail server is configured; `outbox` when they wait at the
   * administrators' Outbox screen (the embedded default), so sign-in screens can say so.
   */
  emailDelivery: z.enum(['smtp', 'outbox']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
