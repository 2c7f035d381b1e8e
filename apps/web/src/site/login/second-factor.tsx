/** @jsxImportSource preact */
/**
 * The second step of sign-in, and the step-up of a session whose role needs a second factor
 * (ADR 0025): a code from the authenticator app, a code sent by SMS to a confirmed phone or else by
 * e-mail (the page says which, ADR 0041), or a recovery code, checked
 * by better-auth's two-factor endpoints. On success the page leaves for `returnTo`. Refusals are
 * shown by their code in the page's language (the server's message otherwise).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Alert, BUTTON_PRIMARY_LG, interpolate, TextField, type Lang } from '../ui';
import { passkeySignIn, passkeysSupported } from './passkey';
import type { PasskeyTexts, SecondFactorTexts } from './texts-keys';

type Method = 'totp' | 'otp' | 'backup' | 'passkey';
type CodeMethod = Exclude<Method, 'passkey'>;
const METHODS: readonly Method[] = ['totp', 'otp', 'backup', 'passkey'];
const VERIFY: Record<CodeMethod, string> = {
  totp: '/api/auth/two-factor/verify-totp',
  otp: '/api/auth/two-factor/verify-otp',
  backup: '/api/auth/two-factor/verify-backup-code',
};

const SECONDARY =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 h-10 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60';

async function post(path: string, body: unknown, lang: string) {
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': lang,
      },
      body: JSON.stringify(body),
    });
    let data: { code?: unknown; message?: unknown } = {};
    try {
      data = ((await response.json()) as typeof data | null) ?? {};
    } catch {
      // not JSON
    }
    const d = data as { channel?: unknown; ending?: unknown };
    return {
      ok: response.ok,
      code: typeof data.code === 'string' ? data.code : null,
      message: typeof data.message === 'string' ? data.message : null,
      // where a code went (send-otp, ADR 0041): by SMS to the phone ending in these digits
      smsEnding: d.channel === 'sms' && typeof d.ending === 'string' ? d.ending : null,
    };
  } catch {
    return { ok: false, code: null, message: null, smsEnding: null };
  }
}

export function SecondFactorStep(props: {
  lang: Lang;
  t: SecondFactorTexts;
  passkeyTexts: PasskeyTexts;
  stepUp: boolean;
  emailToOutbox: boolean;
  smsToOutbox: boolean;
  onDone: () => void;
  onRestart: () => void;
}) {
  const { t, lang } = props;
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formatError, setFormatError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [smsEnding, setSmsEnding] = useState<string | null>(null);
  const input = useRef<HTMLFormElement>(null);
  const [canPasskey, setCanPasskey] = useState(false);
  useEffect(() => setCanPasskey(passkeysSupported()), []);
  const methods = METHODS.filter((m) => m !== 'passkey' || canPasskey);

  const confirmWithPasskey = async () => {
    setError(null);
    setPending(true);
    const refusal = await passkeySignIn(lang);
    if (refusal === null) {
      props.onDone();
      return; // the page is left
    }
    setPending(false);
    const known = refusal in props.passkeyTexts.errors ? refusal : 'generic';
    setError(props.passkeyTexts.errors[known as keyof PasskeyTexts['errors']]);
  };

  const messageOf = (result: { code: string | null; message: string | null }) => {
    const known = result.code && result.code in t.errors ? result.code : null;
    if (known === 'INVALID_TWO_FACTOR_COOKIE' || known === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
      setExpired(true);
    return known ? t.errors[known as keyof SecondFactorTexts['errors']] : t.errors.generic;
  };

  const choose = (next: Method) => {
    setMethod(next);
    setCode('');
    setError(null);
    setFormatError(null);
  };

  const sendOtp = async () => {
    setPending(true);
    setError(null);
    const result = await post('/api/auth/two-factor/send-otp', {}, lang);
    setPending(false);
    if (result.ok) {
      setSent(true);
      setSmsEnding(result.smsEnding);
    } else setError(messageOf(result));
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (method === 'passkey') {
      await confirmWithPasskey();
      return;
    }
    const value = method === 'backup' ? code.trim() : code.replace(/\s+/g, '');
    const valid = method === 'backup' ? /^[A-Za-z0-9-]{6,20}$/.test(value) : /^\d{6}$/.test(value);
    if (!valid) {
      setFormatError(method === 'backup' ? t.backupFormat : t.codeFormat);
      input.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
      return;
    }
    setFormatError(null);
    setError(null);
    setPending(true);
    const result = await post(VERIFY[method], { code: value }, lang);
    if (result.ok) {
      props.onDone();
      return; // the page is left
    }
    setPending(false);
    setError(messageOf(result));
  };

  const label = method === 'totp' ? t.totpLabel : method === 'otp' ? t.otpLabel : t.backupLabel;
  return (
    <div>
      <h1 class="text-2xl font-semibold tracking-tight text-slate-900">{t.title}</h1>
      <p class="mt-1 mb-6 text-sm text-slate-600">{props.stepUp ? t.stepUpSubtitle : t.subtitle}</p>
      <fieldset class="mb-5">
        <legend class="mb-2 text-sm font-medium text-slate-800">{t.methodsLabel}</legend>
        <div class="flex flex-col gap-2">
          {methods.map((m) => (
            <label
              key={m}
              class="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 text-sm text-slate-800 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
            >
              <input
                type="radio"
                name="method"
                value={m}
                checked={method === m}
                onChange={() => choose(m)}
                class="h-4 w-4 accent-teal-700"
              />
              {t.methods[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <form
        ref={input}
        noValidate
        aria-label={t.title}
        class="flex flex-col gap-5"
        onSubmit={(event) => void onSubmit(event)}
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        {method === 'otp' ? (
          <div class="flex flex-col gap-2">
            <button
              type="button"
              class={SECONDARY}
              disabled={pending}
              onClick={() => void sendOtp()}
            >
              {pending && !sent ? t.sendingOtp : t.sendOtp}
            </button>
            {sent ? (
              <Alert tone="info">
                {smsEnding
                  ? `${interpolate(t.otpSentSms, { ending: smsEnding })}${
                      props.smsToOutbox ? ` ${t.otpSentSmsOutbox}` : ''
                    }`
                  : props.emailToOutbox
                    ? t.otpSentOutbox
                    : t.otpSent}
              </Alert>
            ) : null}
          </div>
        ) : null}
        {method === 'passkey' ? (
          <p class="text-sm text-slate-600">{t.passkeyHint}</p>
        ) : (
          <TextField
            id="second-factor-code"
            name="code"
            type="text"
            autoComplete="one-time-code"
            inputMode={method === 'backup' ? undefined : 'numeric'}
            label={label}
            error={formatError ?? undefined}
            value={code}
            onInput={(value) => {
              setCode(value);
              setError(null);
            }}
          />
        )}
        {method === 'backup' ? <p class="-mt-3 text-sm text-slate-600">{t.backupHint}</p> : null}
        <button
          type="submit"
          class={BUTTON_PRIMARY_LG}
          disabled={pending}
          aria-busy={pending ? 'true' : undefined}
        >
          {method === 'passkey'
            ? pending
              ? props.passkeyTexts.signingIn
              : t.usePasskey
            : pending
              ? t.submitting
              : t.submit}
        </button>
        <button
          type="button"
          class={expired ? SECONDARY : `${SECONDARY} border-transparent shadow-none`}
          onClick={props.onRestart}
        >
          {t.startAgain}
        </button>
      </form>
    </div>
  );
}
