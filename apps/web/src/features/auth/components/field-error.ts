import type { TFunction } from 'i18next';
import { PASSWORD_MIN } from '@painlab/shared/auth-limits';

const VALIDATION_KEYS = [
  'required',
  'invalid_email',
  'password_too_short',
  'passwords_do_not_match',
  'too_long',
] as const;
type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** The shared schemas' messages are keys ('required', 'invalid_email', …): translate them. */
export function translateFieldError(
  t: TFunction<'auth'>,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  const key: ValidationKey | 'invalid' = (VALIDATION_KEYS as readonly string[]).includes(message)
    ? (message as ValidationKey)
    : 'invalid';
  return t(`validation.${key}`, { min: PASSWORD_MIN });
}
