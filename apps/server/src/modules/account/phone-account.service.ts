/**
 * Accounts made and recovered with a phone number (ADR 0043, docs/auth.md "Phone accounts").
 *
 * Sign-up: name, number and password → a 6-digit code by SMS and a ticket for this browser; the
 * ticket and the code → the account (a patient account, the number verified, a placeholder address
 * under `.invalid`). Nothing is created before the code comes back. A number that has an account
 * gets the same answer and a ticket, no code; its owner is told by SMS (at most once an hour).
 *
 * Password reset: the number → a code by SMS and a ticket, for a verified number of an account
 * without a second factor (where the second factor would be a code to the same phone, the SIM alone
 * would be enough to take the account: such accounts reset by e-mail or through the clinic); the
 * ticket, the code and a new password → the password replaced and every session ended.
 *
 * Neither opens a session: the person signs in with the number and password next, where a second
 * factor still applies. Requests that send no code (a taken or unknown number) leave a decoy that
 * answers the code step exactly as a wrong code would (phone-codes.ts), and take the number's
 * minute like a real one: the answers never tell which numbers have accounts. The ticket ties the
 * code step to the browser that asked: a second request for the same number by someone else makes
 * its own ticket and cannot finish the first one's sign-up with its own password.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  PhoneCodeSent,
  PhoneResetInput,
  PhoneResetRequestInput,
  PhoneSignUpInput,
  PhoneTicketCodeInput,
} from '@painlab/shared/account';
import { isPlaceholderEmail } from '@painlab/shared/account';
import { and, eq, gt } from 'drizzle-orm';
import { appendAudit, auditEvent, recordAudit, type Actor } from '../../audit/audit';
import { requestLanguage } from '../../auth/auth';
import { isBanned } from '../../auth/ban';
import { createLoginThrottle } from '../../auth/login-throttle';
import { passwordProblem } from '../../auth/password-policy';
import {
  codeHeaders,
  countInWindow,
  PHONE_CODE_MINUTES,
  phoneDigest,
  takeSmsTurn,
} from '../../auth/phone';
import { verification } from '../../db/schema';
import { baseUrlOf, DOCUMENTED_DEMO_PASSWORD } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { DomainError } from '../../lib/domain-error';
import { createPhoneUser } from '../users/users.service';
import { accountOfPhone, replacePassword } from './account.repository';
import { DECOY, decoyTry, useCode } from './phone-codes';

type Validated<T> = { [K in keyof T]: string };
type Kind = 'phone-sign-up' | 'phone-reset';

/** What a ticket's pending row holds (JSON), or a decoy (`:decoy:<tries>`). */
type Pending =
  | { kind: 'phone-sign-up'; phone: string; name: string; passwordHash: string }
  | { kind: 'phone-reset'; phone: string; userId: string; codeUsed?: true };

const SIGN_UP = 'auth.sign_up_phone';
const RESET = 'auth.password_reset_phone';

const pendingIdentifier = (kind: Kind, ticket: string) =>
  `${kind}:${createHash('sha256').update(ticket).digest('hex')}`;

/** A pending row for a new ticket (its SHA-256 is the key; the ticket itself is only returned). */
async function remember(deps: Deps, kind: Kind, value: Pending | null): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await deps.database.db.insert(verification).values({
    id: randomUUID(),
    identifier: pendingIdentifier(kind, ticket),
    value: value ? JSON.stringify(value) : `${DECOY}0`,
    expiresAt: new Date(Date.now() + PHONE_CODE_MINUTES * 60_000),
  });
  return ticket;
}

async function recall(deps: Deps, kind: Kind, ticket: string) {
  const [row] = await deps.database.db
    .select({ id: verification.id, value: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, pendingIdentifier(kind, ticket)),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.value.startsWith(DECOY)) return { id: row.id, pending: null };
  const pending = JSON.parse(row.value) as Pending;
  return pending.kind === kind ? { id: row.id, pending } : null;
}

async function audit(
  deps: Deps,
  actor: Actor,
  action: string,
  outcome: 'success' | 'denied',
  details: Record<string, string>,
  recordId: string | null = null,
) {
  await recordAudit(
    deps.database.db,
    auditEvent(actor, { action, outcome, resource: 'auth', recordId, details }),
  );
}

async function refuse(
  deps: Deps,
  actor: Actor,
  action: string,
  reason: string,
  error: DomainError,
): Promise<never> {
  await audit(deps, actor, action, 'denied', { reason });
  throw error;
}

/**
 * The password rules of sign-up (auth/password-policy.ts), as a field refusal on `field`: without
 * `who`, only the rules that need nothing of the account (length is the schema's; common, simple,
 * the product's and clinic's names, the public demo password in production); with it, also its
 * name and address.
 */
function checkPassword(
  deps: Deps,
  password: string,
  field: string,
  who?: { name: string; email?: string },
) {
  const problem =
    passwordProblem(password, {
      name: who?.name,
      email: who?.email && !isPlaceholderEmail(who.email) ? who.email : undefined,
      extra: ['painlab', deps.env.CLINIC_NAME],
    }) ??
    (deps.env.NODE_ENV === 'production' && password === DOCUMENTED_DEMO_PASSWORD
      ? 'PASSWORD_TOO_COMMON'
      : null);
  if (problem) throw DomainError.invalidField(field, problem.toLowerCase());
}

/** Whether the account may reset its password by SMS now (not banned, no second factor). */
const resettable = (
  holder: Awaited<ReturnType<typeof accountOfPhone>>,
): holder is NonNullable<typeof holder> => !!holder && !isBanned(holder) && !holder.mfaEnrolled;

/** The minute's turn for a code to `phone`, or a 429 (audited) while the last one is on its way. */
async function takeTurn(
  deps: Deps,
  actor: Actor,
  action: string,
  phone: string,
  template: 'auth.phone_code' | 'auth.password_reset_code',
) {
  const wait = await takeSmsTurn(deps.database.db, deps.env.BETTER_AUTH_SECRET!, phone, template);
  if (wait > 0) await refuse(deps, actor, action, 'rate_limited', DomainError.rateLimited(wait));
  // SMS anyone may cause, all numbers together, per hour: a paid gateway is not a pump
  const hour = await countInWindow(deps.database.db, 'sms-public-hour', 3_600);
  if (hour.count > deps.env.SMS_PUBLIC_HOURLY_MAX)
    await refuse(deps, actor, action, 'sms_cap', DomainError.rateLimited(hour.wait));
}

const codeSent = (deps: Deps, ticket: string): PhoneCodeSent => ({
  sent: true,
  minutes: PHONE_CODE_MINUTES,
  toOutbox: !deps.outbox.providers.sms,
  ticket,
});

/** Sign-up, step 1: the checks, then a code by SMS (or, for a number with an account, a notice). */
export async function startPhoneSignUp(
  deps: Deps,
  actor: Actor,
  input: Validated<PhoneSignUpInput>,
  headers: Headers,
): Promise<PhoneCodeSent> {
  if (!deps.env.REGISTRATION_OPEN)
    await refuse(deps, actor, SIGN_UP, 'registration_closed', DomainError.registrationClosed());
  checkPassword(deps, input.password, 'password', { name: input.name });
  const phone = input.phoneNumber;
  await takeTurn(deps, actor, SIGN_UP, phone, 'auth.phone_code');
  // hashed for a taken number too: both answers take as long
  const passwordHash = await (await deps.auth.$context).password.hash(input.password);
  const holder = await accountOfPhone(deps.database.db, phone);
  if (holder) {
    const secret = deps.env.BETTER_AUTH_SECRET!;
    await enqueue(deps.database.db, {
      channel: 'sms',
      to: phone,
      language: requestLanguage({ headers }),
      template: 'auth.sign_up_existing_phone',
      params: { clinic: deps.env.CLINIC_NAME, signInUrl: `${baseUrlOf(deps.env)}/login` },
      dedupeKey: `auth.sign_up_existing_phone:${phoneDigest(secret, phone)}:${Math.floor(Date.now() / 3_600_000)}`,
    });
    deps.outbox.wake();
    await audit(deps, actor, SIGN_UP, 'denied', { reason: 'taken' });
    return codeSent(deps, await remember(deps, 'phone-sign-up', null));
  }
  const ticket = await remember(deps, 'phone-sign-up', {
    kind: 'phone-sign-up',
    phone,
    name: input.name,
    passwordHash,
  });
  // better-auth makes the code (kept as an HMAC) and queues the SMS in the request's language
  await deps.auth.api.sendPhoneNumberOTP({
    body: { phoneNumber: phone },
    headers: codeHeaders(headers, 'auth.phone_code'),
  });
  deps.outbox.wake();
  await audit(deps, actor, SIGN_UP, 'success', { step: 'requested' });
  return codeSent(deps, ticket);
}

/** Sign-up, step 2: the ticket and the code make the account; the person signs in next. */
export async function finishPhoneSignUp(
  deps: Deps,
  actor: Actor,
  input: Validated<PhoneTicketCodeInput>,
): Promise<{ phoneNumber: string }> {
  const found = await recall(deps, 'phone-sign-up', input.ticket);
  if (!found)
    return refuse(
      deps,
      actor,
      SIGN_UP,
      'no_request',
      DomainError.invalidField('code', 'code_expired'),
    );
  if (!found.pending || found.pending.kind !== 'phone-sign-up') {
    const refusal = await decoyTry(deps, found.id);
    return refuse(deps, actor, SIGN_UP, refusal, DomainError.invalidField('code', refusal));
  }
  // registration may have closed since step 1
  if (!deps.env.REGISTRATION_OPEN)
    await refuse(deps, actor, SIGN_UP, 'registration_closed', DomainError.registrationClosed());
  const { phone, name, passwordHash } = found.pending;
  const refusal = await useCode(deps, phone, input.code);
  if (refusal)
    return refuse(deps, actor, SIGN_UP, refusal, DomainError.invalidField('code', refusal));
  await deps.database.db.delete(verification).where(eq(verification.id, found.id));
  try {
    await createPhoneUser(deps, actor, { name, phoneNumber: phone, passwordHash });
  } catch (error) {
    if (error instanceof DomainError)
      await audit(deps, actor, SIGN_UP, 'denied', { reason: 'taken' });
    throw error;
  }
  return { phoneNumber: phone };
}

/** Reset, step 1: a code by SMS to a verified number of an account that may reset this way. */
export async function startPhoneReset(
  deps: Deps,
  actor: Actor,
  input: Validated<PhoneResetRequestInput>,
  headers: Headers,
): Promise<PhoneCodeSent> {
  const phone = input.phoneNumber;
  await takeTurn(deps, actor, RESET, phone, 'auth.password_reset_code');
  const holder = await accountOfPhone(deps.database.db, phone);
  const reason = !holder
    ? 'unknown'
    : isBanned(holder)
      ? 'banned'
      : holder.mfaEnrolled
        ? 'second_factor'
        : null;
  if (reason || !resettable(holder)) {
    await audit(deps, actor, RESET, 'denied', { reason: reason ?? 'unknown' }, holder?.id ?? null);
    return codeSent(deps, await remember(deps, 'phone-reset', null));
  }
  const ticket = await remember(deps, 'phone-reset', {
    kind: 'phone-reset',
    phone,
    userId: holder.id,
  });
  await deps.auth.api.sendPhoneNumberOTP({
    body: { phoneNumber: phone },
    headers: codeHeaders(headers, 'auth.password_reset_code'),
  });
  deps.outbox.wake();
  await audit(deps, actor, RESET, 'success', { step: 'requested' }, holder.id);
  return codeSent(deps, ticket);
}

/**
 * Reset, step 2: the ticket, the code and the new password; every session of the account ends.
 * Before the code, only the rules that need nothing of the account are checked, for real and decoy
 * tickets alike (an answer about the holder's name would tell a real number from a decoy, and the
 * name itself); the rule about the name and address comes after the code, which then is marked used
 * on the ticket, so a refused password does not cost a new code.
 */
export async function finishPhoneReset(
  deps: Deps,
  actor: Actor,
  input: Validated<PhoneResetInput>,
): Promise<{ reset: true }> {
  const found = await recall(deps, 'phone-reset', input.ticket);
  if (!found)
    return refuse(
      deps,
      actor,
      RESET,
      'no_request',
      DomainError.invalidField('code', 'code_expired'),
    );
  checkPassword(deps, input.newPassword, 'newPassword');
  if (!found.pending || found.pending.kind !== 'phone-reset') {
    const refusal = await decoyTry(deps, found.id);
    return refuse(deps, actor, RESET, refusal, DomainError.invalidField('code', refusal));
  }
  const pending = found.pending;
  // the number still signs in to the same account, which still may reset this way
  const holder = await accountOfPhone(deps.database.db, pending.phone);
  if (!resettable(holder) || holder.id !== pending.userId)
    return refuse(deps, actor, RESET, 'changed', DomainError.invalidField('code', 'code_expired'));
  if (!pending.codeUsed) {
    const refusal = await useCode(deps, pending.phone, input.code);
    if (refusal)
      return refuse(deps, actor, RESET, refusal, DomainError.invalidField('code', refusal));
    await deps.database.db
      .update(verification)
      .set({ value: JSON.stringify({ ...pending, codeUsed: true }) })
      .where(eq(verification.id, found.id));
  }
  try {
    checkPassword(deps, input.newPassword, 'newPassword', holder);
  } catch (error) {
    await audit(deps, actor, RESET, 'denied', { reason: 'weak_password' }, holder.id);
    throw error;
  }
  const passwordHash = await (await deps.auth.$context).password.hash(input.newPassword);
  const done = await deps.database.db.transaction(async (tx) => {
    // used once: the ticket's row goes with the change, or the change does not happen
    const taken = await tx
      .delete(verification)
      .where(eq(verification.id, found.id))
      .returning({ id: verification.id });
    if (!taken.length) return false;
    const ended = await replacePassword(tx, holder.id, passwordHash);
    await appendAudit(
      tx,
      auditEvent(actor, {
        action: RESET,
        outcome: 'success',
        resource: 'auth',
        recordId: holder.id,
        details: { step: 'reset', sessionsEnded: ended },
      }),
    );
    return true;
  });
  if (!done)
    return refuse(
      deps,
      actor,
      RESET,
      'no_request',
      DomainError.invalidField('code', 'code_expired'),
    );
  // a reset is an unlock path of a locked account, as by e-mail
  await createLoginThrottle(deps.database.db, deps.env).clearAccount(holder.email);
  return { reset: true };
}
