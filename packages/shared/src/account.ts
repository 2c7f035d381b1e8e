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
/**
 * A phone number as the account keeps it: E.164, `+` and 8 to 15 digits, the first not 0
 * (`+34600111222`). What a person types may carry spaces, dots, dashes and brackets
 * (`+34 600 11 12 22`): `normalizePhone` drops them first.
 */
export const PHONE_E164 = /^\+[1-9]\d{7,14}$/;
/** The longest phone number accepted as typed (with its spaces and dashes). */
export const PHONE_INPUT_MAX = 32;
/** The characters people put between digits, dropped before the E.164 check. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s().-]/g, '');
}
/** The last two digits, how a phone number is named on screen ("ending in 42"). */
export function phoneEnding(e164: string): string {
  return e164.slice(-2);
}

const phoneNumberSchema = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(PHONE_INPUT_MAX, { error: 'too_long' })
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_E164, { error: 'invalid_phone' }));
const currentPasswordSchema = z
  .string()
  .min(1, { error: 'required' })
  .max(128, { error: 'too_long' });

/**
 * Adding or changing the account's phone number: the number and the current password
 * (re-authentication). A code goes to the number by SMS; nothing changes until it is verified.
 */
export const phoneChangeSchema = z.strictObject({
  phoneNumber: phoneNumberSchema,
  password: currentPasswordSchema,
});
export type PhoneChangeInput = z.input<typeof phoneChangeSchema>;
export const phoneChangeResultSchema = z.object({
  /** A code went to the number (also when it belongs to someone else: no enumeration). */
  sent: z.literal(true),
  /** How long the code works, in minutes. */
  minutes: z.number().int(),
  /** No SMS provider on this server: the message waits in the outbox (`/admin/outbox`). */
  toOutbox: z.boolean(),
});

/** The code the SMS carried, for the number it went to: sets the number on the account. */
export const phoneVerifySchema = z.strictObject({
  phoneNumber: phoneNumberSchema,
  code: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(32, { error: 'too_long' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'invalid_code' })),
});
export type PhoneVerifyInput = z.input<typeof phoneVerifySchema>;

/** Removing the phone number: the current password. */
export const phoneRemoveSchema = z.strictObject({ password: currentPasswordSchema });
export type PhoneRemoveInput = z.input<typeof phoneRemoveSchema>;

/** The account's phone number (only a verified number is ever stored), or null. */
export const accountPhoneSchema = z.object({ phoneNumber: z.string().nullable() });
export type AccountPhone = z.infer<typeof accountPhoneSchema>;
