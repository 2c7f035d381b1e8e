/**
 * The message keys the shared zod schemas put in `issue.message` (and the API in
 * `error.details[].message`). The web app translates each one (`common:validation.<key>`); a key
 * not listed here reads as the generic "This value is not valid". A schema that uses a new key adds
 * it here, and the web app's translation test then asks for its es/en text.
 */
export const FORM_MESSAGE_KEYS = [
  'required',
  'name_required',
  'too_long',
  'too_many',
  'invalid_choice',
  'invalid_date',
  'age_positive',
  'age_too_high',
  'invalid_email',
  'invalid_phone',
  'email_or_phone',
  'password_too_short',
  'passwords_do_not_match',
  'nothing_to_update',
  // site editor (ADR 0027)
  'invalid_slug',
  'slug_taken',
  'english_incomplete',
  'unknown_author',
  'in_future',
  'too_many_items',
  // site images (ADR 0034)
  'image_unreadable',
  'image_too_many_pixels',
  // questionnaire schedules (issue 13)
  'until_before_start',
  'weeks_or_months',
  // appointment series (ADR 0037)
  'series_count',
  // e-mail change (docs/auth.md)
  'wrong_password',
  'same_email',
  // phone number (ADR 0041)
  'same_phone',
  'phone_taken',
  'invalid_code',
  'code_expired',
  'too_many_attempts',
  // accounts made with a phone number (ADR 0043)
  'no_email_address',
  'phone_needed',
  'password_too_common',
  'password_too_simple',
  'password_contains_personal_info',
  // names and other one-line fields (issue 22 item 12)
  'one_line',
] as const;

export type FormMessageKey = (typeof FORM_MESSAGE_KEYS)[number] | 'invalid';

/** The translation key of a schema message: itself when known, otherwise `invalid`. */
export function formMessageKey(message: string | undefined): FormMessageKey | undefined {
  if (!message) return undefined;
  return (FORM_MESSAGE_KEYS as readonly string[]).includes(message)
    ? (message as FormMessageKey)
    : 'invalid';
}
