/** The signed-in user's own account: their sessions (devices), shown at /settings (issue 9). */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-limits';

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
    .pipe(
      z
        .email({ error: 'invalid_email' })
        .refine((v) => !isPlaceholderEmail(v), { error: 'invalid_email' }),
    ),
  password: z.string().min(1, { error: 'required' }).max(128, { error: 'too_long' }),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;
export const emailChangeResultSchema = z.object({
  /** The link went to the new address (also when it belongs to someone else: no enumeration). */
  sent: z.literal(true),
});

/** The sign-in address and whether the person proved it is theirs (a link opened, ADR 0042). */
export const myEmailSchema = z.object({
  /** Null for an account made with a phone number that has not added an address (ADR 0043). */
  email: z.string().nullable(),
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

/**
 * An account made with a phone number has no e-mail address yet (better-auth needs one): it is
 * given one under the reserved `.invalid` domain (RFC 2606), which nothing is ever sent to and
 * which screens show as "no e-mail address" (ADR 0043). The person may add a real one in /settings.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = 'phone.invalid';
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}

/** What ties the two steps of a phone sign-up or reset to the browser that began it. */
const ticketSchema = z
  .string()
  .min(1, { error: 'required' })
  .max(64, { error: 'too_long' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'code_expired' });
const codeSchema = phoneVerifySchema.shape.code;
const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: 'password_too_short' })
  .max(PASSWORD_MAX, { error: 'too_long' });

/** Sign-up with a phone number, step 1: a code goes to the number by SMS. */
export const phoneSignUpSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'required' }).max(120, { error: 'too_long' }),
  phoneNumber: phoneNumberSchema,
  password: newPasswordSchema,
});
export type PhoneSignUpInput = z.input<typeof phoneSignUpSchema>;

/** A code is on its way (for a number that already has an account too: no enumeration). */
export const phoneCodeSentSchema = phoneChangeResultSchema.extend({
  /** Sent back with the code: only this browser can finish what it began. */
  ticket: z.string(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** Step 2: the code makes the account (then sign in with the number and the password). */
export const phoneTicketCodeSchema = z.strictObject({ ticket: ticketSchema, code: codeSchema });
export type PhoneTicketCodeInput = z.input<typeof phoneTicketCodeSchema>;
export const phoneSignUpDoneSchema = z.object({ phoneNumber: z.string() });

/** Password recovery by SMS, step 1: the account's verified phone number. */
export const phoneResetRequestSchema = z.strictObject({ phoneNumber: phoneNumberSchema });
export type PhoneResetRequestInput = z.input<typeof phoneResetRequestSchema>;

/** Step 2: the code and the new password; every session of the account ends. */
export const phoneResetSchema = z.strictObject({
  ticket: ticketSchema,
  code: codeSchema,
  newPassword: newPasswordSchema,
});
export type PhoneResetInput = z.input<typeof phoneResetSchema>;
export const phoneResetDoneSchema = z.object({ reset: z.literal(true) });
