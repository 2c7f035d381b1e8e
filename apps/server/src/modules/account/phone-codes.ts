/**
 * The code step shared by every flow that sends a code by SMS (ADR 0041, 0043): checking a code
 * with the phone-number plugin (single use, PHONE_CODE_ATTEMPTS tries, kept as an HMAC), and the
 * decoy that answers the same way when no code was sent (a number of another account, or one no
 * account has), so the answers never tell which numbers have accounts.
 */
import { eq, sql } from 'drizzle-orm';
import { PHONE_CODE_ATTEMPTS, phoneCodeDigest } from '../../auth/phone';
import { verification } from '../../db/schema';
import type { Deps } from '../../http/types';

/** In a pending row's value, before the count of tries: no code was sent for this request. */
export const DECOY = ':decoy:';

const CODE_REFUSALS: Record<string, string> = {
  OTP_NOT_FOUND: 'code_expired',
  OTP_EXPIRED: 'code_expired',
  INVALID_OTP: 'invalid_code',
  TOO_MANY_ATTEMPTS: 'too_many_attempts',
};

/**
 * better-auth checks the code sent to `phone` (its HMAC) and uses it up. Null when it was right;
 * otherwise the refusal: `invalid_code`, `code_expired`, `too_many_attempts`.
 */
export async function useCode(deps: Deps, phone: string, code: string): Promise<string | null> {
  try {
    await deps.auth.api.consumePhoneNumberOTP({
      body: { phoneNumber: phone, code: phoneCodeDigest(deps.env.BETTER_AUTH_SECRET!, code) },
    });
    return null;
  } catch (error) {
    const known = (error as { body?: { code?: unknown } }).body?.code;
    const refusal = typeof known === 'string' ? CODE_REFUSALS[known] : undefined;
    if (!refusal) throw error;
    return refusal;
  }
}

/**
 * A code typed for a decoy request (no SMS went out): refused as the phone-number plugin refuses
 * a wrong code — `invalid_code` for PHONE_CODE_ATTEMPTS tries, then `too_many_attempts` once, after
 * which the request is gone (`code_expired`). The row's value ends with the count of tries.
 */
export async function decoyTry(deps: Deps, pendingRowId: string): Promise<string> {
  const db = deps.database.db;
  // one statement: concurrent tries each count
  const result = await db.execute<{ value: string }>(sql`
    update verification
    set value = regexp_replace(value, '[0-9]+$', ((substring(value from '[0-9]+$'))::int + 1)::text)
    where id = ${pendingRowId}
    returning value`);
  const row = result.rows[0];
  if (!row) return 'code_expired';
  if (Number(row.value.split(DECOY)[1]) <= PHONE_CODE_ATTEMPTS) return 'invalid_code';
  await db.delete(verification).where(eq(verification.id, pendingRowId));
  return 'too_many_attempts';
}
