/**
 * Password rules beyond the length (ASVS 6.2.4, 6.2.11, 6.2.12; issue 7 item 10), checked offline:
 * - not one of the ~49,000 most common/breached passwords shipped by @zxcvbn-ts/language-common
 *   (nor such a password with digits or symbols around it, e.g. `password1234`, `Summer2026!!`);
 * - not built from the user's own name or e-mail, or the product/clinic name: what is left after
 *   removing those words (and digits/symbols) must still be at least 6 characters;
 * - not trivially repetitive or sequential (`aaaaaaaaaaaa`, `abcabcabcabc`, `123456789012`).
 * The result is a better-auth-style error code the web app translates.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export type PasswordProblem =
  'PASSWORD_TOO_COMMON' | 'PASSWORD_CONTAINS_PERSONAL_INFO' | 'PASSWORD_TOO_SIMPLE';

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  PASSWORD_TOO_COMMON:
    'This password is too common (it appears in lists of leaked passwords). Choose another one.',
  PASSWORD_CONTAINS_PERSONAL_INFO:
    'The password must not be built from your name or e-mail address.',
  PASSWORD_TOO_SIMPLE:
    'The password is too simple (repeated or sequential characters). Choose another one.',
};

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiopasdfghjklzxcvbnm'];

function stripAround(value: string): string {
  return value.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

function isSimple(lower: string): boolean {
  if (new Set(lower).size <= 3) return true;
  // a short unit repeated: abcabcabcabc, 12341234…
  for (let unit = 1; unit <= 4; unit++) {
    if (lower.length % unit === 0 && lower.slice(0, unit).repeat(lower.length / unit) === lower)
      return true;
  }
  // a run of a keyboard/alphabet/digit sequence (either direction) covering most of it
  const compact = lower.replace(/[^a-z0-9]/g, '');
  if (compact.length >= 8) {
    for (const seq of SEQUENCES) {
      const both = seq + [...seq].reverse().join('');
      if (both.includes(compact)) return true;
    }
  }
  return false;
}

/** Words of the user's name, e-mail (local part and domain labels) and context, 3+ letters. */
function personalWords(context: { name?: string; email?: string; extra?: string[] }): string[] {
  const words = [context.name ?? '', context.email ?? '', ...(context.extra ?? [])]
    .join(' ')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

export function passwordProblem(
  password: string,
  context: { name?: string; email?: string; extra?: string[] } = {},
): PasswordProblem | null {
  const lower = password.toLowerCase();
  const base = stripAround(lower);
  if (COMMON.has(lower) || (base.length >= 4 && COMMON.has(base))) return 'PASSWORD_TOO_COMMON';
  if (isSimple(lower)) return 'PASSWORD_TOO_SIMPLE';
  let rest = lower.normalize('NFKD').replace(/\p{M}/gu, '');
  let removed = false;
  for (const word of personalWords(context)) {
    if (rest.includes(word)) {
      rest = rest.split(word).join('');
      removed = true;
    }
  }
  if (removed && rest.replace(/[^\p{L}]/gu, '').length < 6)
    return 'PASSWORD_CONTAINS_PERSONAL_INFO';
  return null;
}
