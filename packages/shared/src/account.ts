/** The signed-in user's own account: their sessions (devices), shown at /settings (issue 9). */
import { z } from 'zod';

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other'] as const;

/** One signed-in session of the user. Never its token: a session is named by its id. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The session of this request (ending it signs this browser out). */
  current: z.boolean(),
  createdAt: z.string(),
  /** When it was last used (refreshed at most every few minutes). */
  lastActiveAt: z.string(),
  /** When it ends unless used again (idle timeout), capped by the absolute limit. */
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  device: z.object({
    browser: z.string().nullable(),
    os: z.string().nullable(),
    type: z.enum(DEVICE_TYPES),
  }),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z.object({ items: z.array(accountSessionSchema) });

export const accountSessionIdParamSchema = z.strictObject({ id: z.string().min(1).max(100) });

export const endOtherSessionsSchema = z.object({
  /** How many sessions were ended. */
  ended: z.number().int(),
});

/**
 * Asking to change the sign-in e-mail address: the new one and the current password
 * (re-authentication). Nothing changes until the link sent to the new address is opened.
 */
export const emailChangeSchema = z.strictObject({
  newEmail: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(254, { error: 'too_long' })
    .pipe(z.email({ error: 'invalid_email' })),
  password: z.string().min(1, { error: 'required' }).max(128, { error: 'too_long' }),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;
export const emailChangeResultSchema = z.object({
  /** The link went to the new address (also when it belongs to someone else: no enumeration). */
  sent: z.literal(true),
});

/** The sign-in address and whether the person proved it is theirs (a link opened, ADR 0042). */
export const myEmailSchema = z.object({
  email: z.string(),
  confirmed: z.boolean(),
});
export type MyEmail = z.infer<typeof myEmailSchema>;
export const emailConfirmationResultSchema = z.object({ sent: z.literal(true) });
