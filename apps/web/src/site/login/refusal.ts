/** A refused sign-in, as the page shows it: by better-auth's (or our) code when the page knows it. */
import { interpolate } from '../ui';
import { SIGN_IN_ERROR_KEYS, type LoginTexts, type SignInErrorKey } from './texts-keys';

export interface Refusal {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  code?: string;
  message?: string;
  /** Retry-After of a throttled sign-in, in seconds. */
  retryAfterS?: number;
}

/** The refusal a non-2xx answer of better-auth (or ours) carries: its code, message and wait. */
export async function refusalOf(response: Response): Promise<Refusal> {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = ((await response.json()) as typeof body | null) ?? {};
  } catch {
    // not JSON: the status decides
  }
  const wait = Number(response.headers.get('Retry-After'));
  return {
    status: response.status,
    ...(typeof body.code === 'string' ? { code: body.code } : {}),
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
    ...(Number.isFinite(wait) && wait > 0 ? { retryAfterS: Math.ceil(wait) } : {}),
  };
}

export function refusalKey(refusal: Refusal): SignInErrorKey | null {
  if (refusal.code && (SIGN_IN_ERROR_KEYS as readonly string[]).includes(refusal.code))
    return refusal.code as SignInErrorKey;
  if (refusal.status === 429) return 'rate_limited';
  if (refusal.status === 0) return 'network';
  return refusal.message ? null : 'generic';
}

/** "45 s", "3 min": a wait the same way in both languages. */
export function formatWait(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

export function refusalMessage(texts: LoginTexts, refusal: Refusal): string {
  const key = refusalKey(refusal);
  const message = key ? texts.errors[key] : (refusal.message ?? texts.errors.generic);
  return refusal.retryAfterS
    ? `${message} ${interpolate(texts.retryAfter, { time: formatWait(refusal.retryAfterS) })}`
    : message;
}
