/**
 * Multi-factor authentication (ADR 0025): the per-role policy an administrator sets, and what the
 * signed-in user's session says about its assurance level.
 */
import { z } from 'zod';
import { ROLES, type Role } from './permissions';

/**
 * Roles whose sessions must be aal2 (a second factor used) once the user has enrolled a factor,
 * unless an administrator changes it. Patients (`user`) may enrol but are not held to it.
 */
export const MFA_REQUIRED_BY_DEFAULT: Readonly<Record<Role, boolean>> = {
  admin: true,
  specialist: true,
  researcher: true,
  user: false,
};

/** Days an account has to enrol a factor once its role's enrolment is enforced (ADR 0038). */
export const MFA_GRACE_DAYS_DEFAULT = 14;
export const MFA_GRACE_DAYS_MAX = 90;

export const mfaRolePolicySchema = z.object({
  role: z.enum(ROLES),
  /** Sessions must be aal2 once the user has enrolled a factor. */
  required: z.boolean(),
  /** Every user of the role must enrol a factor (implies `required`). */
  enforced: z.boolean(),
  /** Days to enrol, from `enforcedSince` or the account's creation, whichever is later. */
  graceDays: z.number().int().min(0).max(MFA_GRACE_DAYS_MAX),
  /** When enforcement was switched on (ISO), null while it is off. */
  enforcedSince: z.iso.datetime({ offset: true }).nullable(),
});
export type MfaRolePolicy = z.infer<typeof mfaRolePolicySchema>;

export const mfaPolicySchema = z.object({ roles: z.array(mfaRolePolicySchema) });
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

/**
 * One role's setting. `enforced: true` needs `required: true` (a role everyone must enrol in is
 * held to its factor); `graceDays` defaults to the role's current value.
 */
export const updateMfaPolicySchema = z
  .object({
    role: z.enum(ROLES),
    required: z.boolean(),
    enforced: z.boolean().optional(),
    graceDays: z.number().int().min(0).max(MFA_GRACE_DAYS_MAX).optional(),
  })
  .strict()
  .refine((v) => !v.enforced || v.required, {
    path: ['enforced'],
    message: 'A role whose users must enrol also requires the factor',
  });
export type UpdateMfaPolicyInput = z.infer<typeof updateMfaPolicySchema>;

/**
 * When an account must have enrolled a factor by, under an enforced policy: `graceDays` after
 * enforcement began or after the account was created, whichever is later. Null when not enforced.
 */
export function enrolmentDeadline(
  policy: { enforced: boolean; graceDays: number; enforcedSince: Date | string | null },
  userCreatedAt: Date | string,
): Date | null {
  if (!policy.enforced || policy.enforcedSince === null) return null;
  const from = Math.max(
    new Date(policy.enforcedSince).getTime(),
    new Date(userCreatedAt).getTime(),
  );
  return new Date(from + policy.graceDays * 86_400_000);
}

/** The signed-in user's MFA state, as /api/me tells it. */
export const meMfaSchema = z.object({
  /** Authenticator assurance level of this session: 2 once a second factor was verified in it. */
  aal: z.union([z.literal(1), z.literal(2)]),
  /** A second factor (authenticator app, e-mail code or a passkey) is enrolled. */
  enrolled: z.boolean(),
  /** The authenticator app or e-mail code (better-auth's two-factor plugin) is on. */
  twoFactor: z.boolean(),
  /** The role's policy requires aal2 once a factor is enrolled. */
  required: z.boolean(),
  /** This session must verify a second factor before patient data is served. */
  stepUpNeeded: z.boolean(),
  /**
   * The role must enrol (ADR 0038) and this account has not: the date (ISO) by which it must, or
   * null. Past it, `enrolmentNeeded` is true and only /settings works until a factor is enrolled.
   */
  enrolBy: z.iso.datetime({ offset: true }).nullable(),
  enrolmentNeeded: z.boolean(),
});
export type MeMfa = z.infer<typeof meMfaSchema>;

/**
 * A TOTP or e-mail code: six digits. (The sign-in page checks the same inline: it is a site page
 * whose bundle must not load zod, which this module imports.)
 */
export const MFA_CODE_PATTERN = /^\d{6}$/;
