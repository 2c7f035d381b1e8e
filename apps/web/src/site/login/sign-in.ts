/**
 * better-auth's `POST /api/auth/sign-in/email` (or `/sign-in/phone-number` when the identifier is a
 * `+` number, ADR 0041) with plain `fetch` (the page does not load the
 * better-auth client). The answer is `null` on success or the refusal as the page shows it; a
 * network failure or a server error is tried once more, as the web app did.
 */
import type { SignInInput } from '@painlab/shared/auth';
import { refusalOf, type Refusal } from './refusal';

/** The password was right and the account has a second factor: the code step comes next. */
export const SECOND_FACTOR = 'second-factor';
type Outcome = Refusal | null | typeof SECOND_FACTOR;

async function attempt(input: SignInInput, lang: string): Promise<Outcome> {
  let response: Response;
  try {
    const phone = input.email.startsWith('+');
    response = await fetch(phone ? '/api/auth/sign-in/phone-number' : '/api/auth/sign-in/email', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': lang,
      },
      body: JSON.stringify(
        phone
          ? { phoneNumber: input.email, password: input.password }
          : { email: input.email, password: input.password },
      ),
    });
  } catch {
    return { status: 0 };
  }
  if (response.ok) {
    try {
      const answer = (await response.json()) as { twoFactorRedirect?: unknown } | null;
      if (answer?.twoFactorRedirect === true) return SECOND_FACTOR;
    } catch {
      // not JSON: signed in
    }
    return null;
  }
  return refusalOf(response);
}

export async function signIn(input: SignInInput, lang: string): Promise<Outcome> {
  const first = await attempt(input, lang);
  if (first && first !== SECOND_FACTOR && (first.status === 0 || first.status >= 500))
    return attempt(input, lang);
  return first;
}
