/**
 * The sign-in and sign-up limits without zod: a browser screen that needs only these numbers
 * (the sign-in form) imports this module, not `./auth` with its schemas.
 */

/** ASVS 6.2.1 asks for at least 8; we require 12, allow up to 128 and never truncate. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
/** RFC 5321's longest address path. */
export const EMAIL_MAX = 254;
/** How long a password-reset link works (the server's token lifetime; the screen says it). */
export const RESET_LINK_MINUTES = 30;
/** How long the link that confirms a new sign-in e-mail address works. */
export const EMAIL_CHANGE_LINK_MINUTES = 60;
/**
 * How long an access token (JWT, `GET /api/auth/token`) is accepted: an integration asks for a new
 * one with its session when it runs out. Revocation does not wait for it (the session is read on
 * every request).
 */
export const ACCESS_TOKEN_MINUTES = 5;
/** How long a sign-in code sent by e-mail works (ADR 0040). */
export const SIGN_IN_CODE_MINUTES = 5;
/** How long a sign-in link sent by e-mail works (ADR 0040). */
export const SIGN_IN_LINK_MINUTES = 15;
/** At most one sign-in code or link per account in this many seconds; the screen waits as long to resend. */
export const SIGN_IN_RESEND_S = 60;
