/** @jsxImportSource preact */
/**
 * Sign-in without the password (ADR 0040), on the sign-in page:
 * - by code: the e-mail address, then a 6-digit code from the e-mail (`/api/auth/sign-in/email-otp`);
 * - by link: the e-mail address, then "open the link on this device". The link leads back to this
 *   page (`?link=`), whose button (`LinkOpenStep`, a plain GET form: no script needed) opens
 *   better-auth's verify path; its refusals come back as `?error=` (`linkErrorMessage`).
 * The server answers the same whether or not an account uses the address, and sends at most one
 * message a minute per account: "send a new one" waits as long (`sentAt`, shared by both ways).
 * Plain `fetch`, no zod: the page stays small.
 */
import {
  SIGN_IN_CODE_MINUTES,
  SIGN_IN_LINK_MINUTES,
  SIGN_IN_RESEND_S,
} from '@painlab/shared/auth-limits';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Alert, BUTTON_PRIMARY_LG, interpolate, TextField, type Lang } from '../ui';
import { refusalMessage, refusalOf, type Refusal } from './refusal';
import type { LoginTexts } from './texts-keys';

export type EmailWay = 'code' | 'link';

const SECONDARY =
  'inline-flex h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60';
const LINK_BUTTON =
  'self-start rounded text-sm font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function post(path: string, body: unknown, lang: string): Promise<Refusal | null> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': lang,
      },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 0 };
  }
  if (response.ok) return null;
  return refusalOf(response);
}

/** Seconds until another message may be asked for (0: now), ticking while the step is shown. */
function useWait(sentAt: number | null): number {
  const left = () =>
    sentAt === null
      ? 0
      : Math.max(0, Math.ceil((sentAt + SIGN_IN_RESEND_S * 1000 - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (sentAt === null) return;
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sentAt]);
  return seconds;
}

export function EmailSignInStep(props: {
  way: EmailWay;
  lang: Lang;
  t: LoginTexts;
  email: string;
  onEmail: (email: string) => void;
  emailToOutbox: boolean;
  returnTo: string | null;
  /** When the last code or link was asked for (this page), or null. */
  sentAt: number | null;
  onSent: (at: number) => void;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t, lang, way } = props;
  const e = t.emailSignIn;
  const [stage, setStage] = useState<'address' | 'sent'>('address');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [pending, setPending] = useState(false);
  const wait = useWait(props.sentAt);
  const root = useRef<HTMLDivElement>(null);

  // the heading of each stage takes the focus, so a screen reader hears where it is
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [stage]);

  const send = async () => {
    const email = props.email.trim();
    if (!EMAIL_PATTERN.test(email)) {
      setFieldError(email ? t.validation.invalid_email : t.validation.required);
      root.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      return;
    }
    setFieldError(null);
    setRefusal(null);
    setPending(true);
    const refused =
      way === 'code'
        ? await post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }, lang)
        : await post(
            '/api/auth/sign-in/magic-link',
            { email, callbackURL: props.returnTo ?? '/dashboard', errorCallbackURL: '/login' },
            lang,
          );
    setPending(false);
    if (refused) {
      setRefusal(refused);
      return;
    }
    props.onSent(Date.now());
    setCode('');
    setStage('sent');
  };

  const verify = async () => {
    const value = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(value)) {
      setFieldError(e.codeFormat);
      root.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
      return;
    }
    setFieldError(null);
    setRefusal(null);
    setPending(true);
    const refused = await post(
      '/api/auth/sign-in/email-otp',
      { email: props.email.trim(), otp: value },
      lang,
    );
    if (!refused) {
      props.onDone();
      return; // the page is left
    }
    setPending(false);
    setRefusal(refused);
  };

  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (pending) return;
    void (stage === 'address' ? send() : verify());
  };

  const minutes = way === 'code' ? SIGN_IN_CODE_MINUTES : SIGN_IN_LINK_MINUTES;
  const resendLabel = wait > 0 ? interpolate(e.resendIn, { seconds: wait }) : e.resend;
  return (
    <div ref={root}>
      <h1 tabIndex={-1} class="text-2xl font-semibold tracking-tight text-slate-900 outline-none">
        {way === 'code' ? e.codeTitle : e.linkTitle}
      </h1>
      <p class="mt-1 mb-6 text-sm text-slate-600">
        {way === 'code' ? e.codeSubtitle : e.linkSubtitle}
      </p>
      <form
        noValidate
        aria-label={way === 'code' ? e.codeTitle : e.linkTitle}
        class="flex flex-col gap-5"
        onSubmit={onSubmit}
      >
        {refusal ? <Alert tone="error">{refusalMessage(t, refusal)}</Alert> : null}
        {stage === 'address' ? (
          <>
            <TextField
              id="email-sign-in-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              label={e.email}
              error={fieldError ?? undefined}
              value={props.email}
              onInput={(value) => {
                props.onEmail(value);
                setRefusal(null);
              }}
            />
            <p class="-mt-2 text-sm text-slate-600">{e.twoStepNote}</p>
            <button
              type="submit"
              class={BUTTON_PRIMARY_LG}
              disabled={pending || wait > 0}
              aria-busy={pending ? 'true' : undefined}
            >
              {pending
                ? e.sending
                : wait > 0
                  ? resendLabel
                  : way === 'code'
                    ? e.sendCode
                    : e.sendLink}
            </button>
          </>
        ) : (
          <>
            <div class="flex flex-col gap-2">
              <Alert tone="info">
                {interpolate(way === 'code' ? e.codeSent : e.linkSent, {
                  email: props.email.trim(),
                  minutes,
                })}
              </Alert>
              {props.emailToOutbox ? <Alert tone="info">{e.outboxNote}</Alert> : null}
            </div>
            {way === 'code' ? (
              <>
                <TextField
                  id="email-sign-in-code"
                  name="code"
                  type="text"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  label={e.code}
                  error={fieldError ?? undefined}
                  value={code}
                  onInput={(value) => {
                    setCode(value);
                    setRefusal(null);
                  }}
                />
                <button
                  type="submit"
                  class={BUTTON_PRIMARY_LG}
                  disabled={pending}
                  aria-busy={pending ? 'true' : undefined}
                >
                  {pending ? e.submitting : e.submit}
                </button>
              </>
            ) : null}
            <button
              type="button"
              class={SECONDARY}
              disabled={pending || wait > 0}
              onClick={() => void send()}
            >
              {resendLabel}
            </button>
            <button
              type="button"
              class={LINK_BUTTON}
              onClick={() => {
                setStage('address');
                setRefusal(null);
                setFieldError(null);
              }}
            >
              {e.otherAddress}
            </button>
          </>
        )}
        <button type="button" class={LINK_BUTTON} onClick={props.onBack}>
          {e.back}
        </button>
      </form>
    </div>
  );
}

/** The page a sign-in link leads to: one button opens better-auth's verify path (no script needed). */
export function LinkOpenStep(props: { t: LoginTexts; token: string; returnTo: string | null }) {
  const e = props.t.emailSignIn;
  return (
    <div>
      <h1 class="text-2xl font-semibold tracking-tight text-slate-900">{e.openTitle}</h1>
      <p class="mt-1 mb-6 text-sm text-slate-600">{e.openSubtitle}</p>
      <form method="get" action="/api/auth/magic-link/verify" class="flex flex-col gap-5">
        <input type="hidden" name="token" value={props.token} />
        <input type="hidden" name="callbackURL" value={props.returnTo ?? '/dashboard'} />
        <input type="hidden" name="errorCallbackURL" value="/login" />
        <button type="submit" class={BUTTON_PRIMARY_LG}>
          {e.openSubmit}
        </button>
      </form>
    </div>
  );
}

/** Why a sign-in link was refused (`/login?error=`), in the page's language. */
export function linkErrorMessage(t: LoginTexts, code: string): string {
  const errors = t.emailSignIn.linkErrors;
  if (code === 'SECOND_FACTOR_REQUIRED') return errors.SECOND_FACTOR_REQUIRED;
  if (code === 'INVALID_TOKEN' || code === 'new_user_signup_disabled' || code === 'EXPIRED_TOKEN')
    return errors.INVALID_TOKEN;
  return errors.generic;
}
