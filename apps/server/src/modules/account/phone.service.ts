/**
 * The account's phone number (ADR 0041, docs/auth.md "Phone number"). Adding or changing it takes
 * the current password (and an aal2 session once the user has a second factor, as the e-mail change
 * does), then a code by SMS to the new number; the number is set only when that code comes back
 * to the same signed-in account. So an account never holds a number nobody confirmed, nor someone
 * else's: the code is tied to the number (the phone-number plugin's row) and the request to the
 * account (a pending row, `phone-change:<user id>`, holding an HMAC of the number). A number another
 * account has gets the same answer and no SMS (no enumeration). Removing it takes the password.
 *
 * The number is not logged nor audited: audit rows say what happened, not to which number.
 */
import type {
  AccountPhone,
  PhoneChangeInput,
  PhoneRemoveInput,
  PhoneVerifyInput,
} from '@painlab/shared/account';
import { randomUUID } from 'node:crypto';
import { isPlaceholderEmail } from '@painlab/shared/account';
import { and, eq, gt, ne } from 'drizzle-orm';
import { appendAudit, auditEvent, recordAudit, type Actor } from '../../audit/audit';
import { createLoginThrottle } from '../../auth/login-throttle';
import { codeHeaders, PHONE_CODE_MINUTES, phoneDigest, takeSmsTurn } from '../../auth/phone';
import { user, verification } from '../../db/schema';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { DECOY, decoyTry, useCode } from './phone-codes';

/** Who asks: the signed-in account, its e-mail (the lockout's key) and its session's level. */
export interface PhoneOwner {
  email: string;
  aal: 1 | 2;
  mfaEnrolled: boolean;
}

type Validated<T> = { [K in keyof T]: string };

const pendingId = (userId: string) => `phone-change:${userId}`;

export async function getPhone(deps: Deps, userId: string): Promise<AccountPhone> {
  const [row] = await deps.database.db
    .select({ phoneNumber: user.phoneNumber, verified: user.phoneNumberVerified })
    .from(user)
    .where(eq(user.id, userId));
  return { phoneNumber: row?.verified ? (row.phoneNumber ?? null) : null };
}

async function refuse(
  deps: Deps,
  actor: Actor & { userId: string },
  action: string,
  reason: string,
  error: DomainError,
): Promise<never> {
  await recordAudit(
    deps.database.db,
    auditEvent(actor, {
      action,
      outcome: 'denied',
      resource: 'auth',
      recordId: actor.userId,
      details: { reason },
    }),
  );
  throw error;
}

/**
 * The password again, in the request (re-authentication). With a factor enrolled the session must
 * be aal2: the number is where SMS codes go. Wrong passwords count against the account as at
 * sign-in (the same lock).
 */
async function reauthenticate(
  deps: Deps,
  actor: Actor & { userId: string },
  owner: PhoneOwner,
  password: string,
  headers: Headers,
  action: string,
): Promise<void> {
  if (owner.mfaEnrolled && owner.aal < 2)
    await refuse(deps, actor, action, 'mfa_required', DomainError.mfaRequired());
  const throttle = createLoginThrottle(deps.database.db, deps.env);
  const locked = await throttle.check(owner.email, actor.ip ?? '');
  if (locked)
    await refuse(deps, actor, action, 'locked', DomainError.rateLimited(locked.retryAfterS));
  const ok = await deps.auth.api
    .verifyPassword({ body: { password }, headers })
    .then(() => true)
    .catch(() => false);
  if (!ok) {
    await throttle.failed(owner.email, actor.ip ?? '');
    await refuse(
      deps,
      actor,
      action,
      'wrong_password',
      DomainError.invalidField('password', 'wrong_password'),
    );
  }
  await throttle.clearAccount(owner.email);
}

/** Step 1: the password, then a code by SMS to the new number. */
export async function requestPhoneChange(
  deps: Deps,
  actor: Actor & { userId: string },
  owner: PhoneOwner,
  input: Validated<PhoneChangeInput>,
  headers: Headers,
): Promise<{ sent: true; minutes: number; toOutbox: boolean }> {
  const db = deps.database.db;
  const phone = input.phoneNumber;
  const action = 'account.phone_change';
  await reauthenticate(deps, actor, owner, input.password, headers, action);
  const answer = {
    sent: true as const,
    minutes: PHONE_CODE_MINUTES,
    toOutbox: !deps.outbox.providers.sms,
  };
  const [holder] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.phoneNumber, phone))
    .limit(1);
  if (holder?.id === actor.userId)
    return refuse(
      deps,
      actor,
      action,
      'same_phone',
      DomainError.invalidField('phoneNumber', 'same_phone'),
    );
  const secret = deps.env.BETTER_AUTH_SECRET!;
  // one code per number per minute, taken atomically (the code on its way stays the one that
  // works), and taken for another account's number too: the answers do not tell them apart
  const wait = await takeSmsTurn(db, secret, phone, 'auth.phone_code');
  if (wait > 0) return refuse(deps, actor, action, 'rate_limited', DomainError.rateLimited(wait));
  // the request is remembered either way; for another account's number it is a decoy that answers
  // the code step as a wrong code would (verifyPhoneChange), and no SMS goes out
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, pendingId(actor.userId)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: pendingId(actor.userId),
      value: holder ? `${phoneDigest(secret, phone)}${DECOY}0` : phoneDigest(secret, phone),
      expiresAt: new Date(Date.now() + PHONE_CODE_MINUTES * 60_000),
    });
  });
  if (holder) {
    await recordAudit(
      db,
      auditEvent(actor, {
        action,
        outcome: 'denied',
        resource: 'auth',
        recordId: actor.userId,
        details: { reason: 'taken' },
      }),
    );
    return answer;
  }
  // better-auth makes the code (kept as an HMAC: auth.ts) and queues the SMS (its language: the
  // request's); its HTTP path is switched off, this call is on the server
  await deps.auth.api.sendPhoneNumberOTP({
    body: { phoneNumber: phone },
    headers: codeHeaders(headers, 'auth.phone_code'),
  });
  await recordAudit(
    db,
    auditEvent(actor, {
      action,
      outcome: 'success',
      resource: 'auth',
      recordId: actor.userId,
      details: { step: 'requested' },
    }),
  );
  deps.outbox.wake();
  return answer;
}

/** Step 2: the code from the SMS sets the number on this account (and marks it verified). */
export async function verifyPhoneChange(
  deps: Deps,
  actor: Actor & { userId: string },
  owner: PhoneOwner,
  input: Validated<PhoneVerifyInput>,
): Promise<AccountPhone> {
  const db = deps.database.db;
  const phone = input.phoneNumber;
  const action = 'account.phone_change';
  if (owner.mfaEnrolled && owner.aal < 2)
    await refuse(deps, actor, action, 'mfa_required', DomainError.mfaRequired());
  const secret = deps.env.BETTER_AUTH_SECRET!;
  // this account asked for this number (with its password) and the request has not run out
  const [pending] = await db
    .select({ id: verification.id, value: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, pendingId(actor.userId)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  const decoy = pending?.value.startsWith(`${phoneDigest(secret, phone)}${DECOY}`);
  if (pending && decoy) {
    const refusal = await decoyTry(deps, pending.id);
    return refuse(deps, actor, action, refusal, DomainError.invalidField('code', refusal));
  }
  if (!pending || pending.value !== phoneDigest(secret, phone))
    return refuse(
      deps,
      actor,
      action,
      'no_request',
      DomainError.invalidField('code', 'code_expired'),
    );
  const refusal = await useCode(deps, phone, input.code);
  if (refusal)
    return refuse(deps, actor, action, refusal, DomainError.invalidField('code', refusal));
  try {
    await db.transaction(async (tx) => {
      const [other] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.phoneNumber, phone), ne(user.id, actor.userId)))
        .limit(1);
      if (other) throw DomainError.invalidField('phoneNumber', 'phone_taken');
      await tx
        .update(user)
        .set({ phoneNumber: phone, phoneNumberVerified: true, updatedAt: new Date() })
        .where(eq(user.id, actor.userId));
      await tx.delete(verification).where(eq(verification.identifier, pendingId(actor.userId)));
      await appendAudit(
        tx,
        auditEvent(actor, {
          action,
          outcome: 'success',
          resource: 'auth',
          recordId: actor.userId,
          details: { step: 'verified' },
        }),
      );
    });
  } catch (error) {
    // taken by another account since the code was sent (also the unique index losing a race)
    const taken =
      error instanceof DomainError ||
      (error as { code?: unknown }).code === '23505' ||
      (error as { cause?: { code?: unknown } }).cause?.code === '23505';
    if (!taken) throw error;
    return refuse(
      deps,
      actor,
      action,
      'taken',
      DomainError.invalidField('phoneNumber', 'phone_taken'),
    );
  }
  return { phoneNumber: phone };
}

/** Removing the number: the password. Codes of the second factor go by e-mail again. */
export async function removePhone(
  deps: Deps,
  actor: Actor & { userId: string },
  owner: PhoneOwner,
  input: Validated<PhoneRemoveInput>,
  headers: Headers,
): Promise<AccountPhone> {
  const action = 'account.phone_remove';
  await reauthenticate(deps, actor, owner, input.password, headers, action);
  // an account made with a phone number signs in with it: it needs an address before (ADR 0043)
  if (isPlaceholderEmail(owner.email))
    await refuse(
      deps,
      actor,
      action,
      'phone_needed',
      DomainError.invalidField('password', 'phone_needed'),
    );
  await deps.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ phoneNumber: user.phoneNumber })
      .from(user)
      .where(eq(user.id, actor.userId));
    await tx
      .update(user)
      .set({ phoneNumber: null, phoneNumberVerified: false, updatedAt: new Date() })
      .where(eq(user.id, actor.userId));
    await appendAudit(
      tx,
      auditEvent(actor, {
        action,
        outcome: 'success',
        resource: 'auth',
        recordId: actor.userId,
        details: { had: Boolean(before?.phoneNumber) },
      }),
    );
  });
  return { phoneNumber: null };
}
