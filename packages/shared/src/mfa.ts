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

export const mfaPolicySchema = z.object({
  roles: z.array(z.object({ role: z.enum(ROLES), required: z.boolean() })),
});
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

export const updateMfaPolicySchema = z
  .object({ role: z.enum(ROLES), required: z.boolean() })
  .strict();
export type UpdateMfaPolicyInput = z.infer<typeof updateMfaPolicySchema>;

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
});
export type MeMfa = z.infer<typeof meMfaSchema>;

/**
 * A TOTP or e-mail code: six digits. (The sign-in page checks the same inline: it is a site page
 * whose bundle must not load zod, which this module imports.)
 */
export const MFA_CODE_PATTERN = /^\d{6}$/;
