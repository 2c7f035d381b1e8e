/**
 * How long a session lasts (SPEC, ARCHITECTURE "Auth"; ASVS 7.3.1 / 7.3.2, HIPAA §164.312(a)(2)(iii)
 * automatic logoff). Plain numbers, no zod: the signed-in shell's idle timer imports them.
 */

/** A session not used for this long is refused by the server; the default of `SESSION_IDLE_MINUTES`. */
export const SESSION_IDLE_MINUTES = 30;
/** A session ends this long after sign-in however it is used; the default of `SESSION_ABSOLUTE_HOURS`. */
export const SESSION_ABSOLUTE_HOURS = 12;
/** The web app warns this long before it signs an idle user out ("Stay signed in" / "Sign out"). */
export const IDLE_WARNING_SECONDS = 60;
/** The browser's record of the last user input, shared by every tab of the app (localStorage). */
export const LAST_ACTIVITY_KEY = 'painlab:last-activity';
