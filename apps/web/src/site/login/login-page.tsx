/** @jsxImportSource preact */
/**
 * /login, a site page (docs/decisions/0012): rendered to HTML by the server, then hydrated as one
 * island. Same markup, texts and behaviour as the web app's former sign-in screen:
 * - the form is checked on submit (`checkSignIn`, the shared schema's rules) and again on every edit
 *   after a first submit; the first invalid field gets the focus;
 * - a refusal of the server is shown until a field is edited or the form is sent again;
 * - the button is disabled and says "Signing in…" while the request runs;
 * - after success, a full navigation to `returnTo` (a path of this site) or the dashboard, where
 *   the web app shows its "signed in" toast (`SIGNED_IN_COOKIE`);
 * - the language switch changes the page in place (the form keeps its values) and remembers it.
 * Without JavaScript the form posts to `/api/site/login`, which signs in on the server and
 * redirects, or renders this page again with the refusal (`refusal`, `fieldErrors`, `email`).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  leaveFor,
  setCookie,
  SIGNED_IN_COOKIE,
  SPA_LANGUAGE_KEY,
  takeLoginNotice,
  type LoginNotice,
} from '../handoff';
import { Alert, BrandMark, BUTTON_PRIMARY_LG, LANGUAGES, TextField, type Lang } from '../ui';
import { EmailSignInStep, linkErrorMessage, LinkOpenStep, type EmailWay } from './email-sign-in';
import { passkeySignIn, passkeysSupported } from './passkey';
import { refusalMessage, type Refusal } from './refusal';
import { SecondFactorStep } from './second-factor';
import { SECOND_FACTOR, signIn } from './sign-in';
import { checkSignIn } from './sign-in-check';
import type { FieldMessage, LoginTexts } from './texts-keys';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, FieldMessage>>;

export interface LoginPageProps {
  lang: Lang;
  texts: Record<Lang, LoginTexts>;
  clinicName: string;
  /** Where to go after signing in (already checked by the server: a path of this site), or null. */
  returnTo: string | null;
  /** After a refused no-JavaScript sign-in: what was typed, and why it was refused. */
  email?: string;
  refusal?: Refusal | null;
  fieldErrors?: FieldErrors;
  /** Open at the second step: of a sign-in (no session yet), or a step-up of a session (ADR 0025). */
  secondFactor?: 'sign-in' | 'step-up' | null;
  /** E-mailed codes wait in the outbox (no mail server): the code step says so. */
  emailToOutbox?: boolean;
  /** `?link=`: an e-mailed sign-in link was opened; the page offers the button that uses it. */
  linkToken?: string | null;
  /** `?error=`: a sign-in link was refused (ADR 0040). */
  linkError?: string | null;
  /** Codes by SMS wait in the outbox (no SMS provider): the code step says so. */
  smsToOutbox?: boolean;
}

export function pageTitle(texts: LoginTexts, clinicName: string): string {
  return `${texts.pageTitle} · ${clinicName}`;
}

const PASSKEY_BUTTON =
  'inline-flex h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60';

export function LoginPage(props: LoginPageProps) {
  const [lang, setLang] = useState<Lang>(props.lang);
  const [email, setEmail] = useState(props.email ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(props.fieldErrors ?? {});
  const [refusal, setRefusal] = useState<Refusal | null>(props.refusal ?? null);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<LoginNotice | null>(null);
  const [step, setStep] = useState<'password' | 'sign-in' | 'step-up'>(
    props.secondFactor ?? 'password',
  );
  const [canPasskey, setCanPasskey] = useState(false);
  // sign-in by e-mail needs the script: offered once it runs
  const [scripted, setScripted] = useState(false);
  const [emailWay, setEmailWay] = useState<EmailWay | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [linkError, setLinkError] = useState<string | null>(props.linkError ?? null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const submitted = useRef(Boolean(props.fieldErrors));
  const form = useRef<HTMLFormElement>(null);
  const t = props.texts[lang];

  useEffect(() => {
    // What was typed before the script arrived (or autofilled) is kept: the state takes it over.
    const fields = form.current?.elements;
    const typed = (name: Field) => (fields?.namedItem(name) as HTMLInputElement | null)?.value;
    setEmail((current) => typed('email') || current);
    setPassword((current) => typed('password') || current);
    setNotice(takeLoginNotice());
    // the passkey button needs the script and a browser with WebAuthn: shown only then
    setCanPasskey(passkeysSupported());
    setScripted(true);
    // `?lang=` chose the language of this render; the cookie remembers it from now on.
    const url = new URL(window.location.href);
    if (url.searchParams.has('lang') || url.searchParams.has('error')) {
      url.searchParams.delete('lang');
      url.searchParams.delete('error');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = pageTitle(t, props.clinicName);
  }, [lang, t, props.clinicName]);

  const recheck = (values: { email: string; password: string }) => {
    if (!submitted.current) return;
    const result = checkSignIn(values);
    setFieldErrors('issues' in result ? result.issues : {});
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setRefusal(null);
    submitted.current = true;
    // what the fields hold now (autofill, or a submit before the last edit re-rendered)
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const values = {
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    const result = checkSignIn(values);
    if ('issues' in result) {
      setFieldErrors(result.issues);
      const first = result.issues.email ? 'email' : 'password';
      form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setFieldErrors({});
    if (pending) return;
    setPending(true);
    const outcome = await signIn(result.values, lang);
    if (outcome === SECOND_FACTOR) {
      setPending(false);
      setPassword('');
      setStep('sign-in');
      return;
    }
    if (!outcome) {
      setCookie(SIGNED_IN_COOKIE, '1', 60);
      leaveFor(props.returnTo ?? '/dashboard');
      return; // the button stays busy until the next page replaces this one
    }
    setRefusal(outcome);
    setPending(false);
  };

  const onPasskey = async () => {
    if (pending) return;
    setRefusal(null);
    setPasskeyError(null);
    setPending(true);
    const refused = await passkeySignIn(lang);
    if (refused === null) {
      setCookie(SIGNED_IN_COOKIE, '1', 60);
      leaveFor(props.returnTo ?? '/dashboard');
      return; // the page is left
    }
    setPending(false);
    setPasskeyError(refused in t.passkey.errors ? refused : 'generic');
  };

  const switchTo = (next: Lang) => (event: Event) => {
    event.preventDefault();
    setLang(next);
    setCookie(LANG_COOKIE, next, LANG_COOKIE_MAX_AGE);
    try {
      window.localStorage.setItem(SPA_LANGUAGE_KEY, next);
    } catch {
      // storage unavailable: the cookie still carries the choice
    }
  };

  const message = (field: Field) => {
    const key = fieldErrors[field];
    return key ? t.validation[key] : undefined;
  };
  const registerHref = props.returnTo
    ? `/register?redirect=${encodeURIComponent(props.returnTo)}`
    : '/register';

  return (
    <div class="flex min-h-dvh flex-col bg-gradient-to-b from-teal-50 to-slate-50">
      <header class="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6">
        <a
          href="/"
          class="flex items-center gap-2 rounded-md font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
        >
          <BrandMark />
          <span>{props.clinicName}</span>
        </a>
        {/* Without JavaScript the buttons ask the server for the page in that language. */}
        <form method="get" action="/login">
          {props.returnTo ? <input type="hidden" name="redirect" value={props.returnTo} /> : null}
          <div
            role="group"
            aria-label={t.languageLabel}
            class="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-sm"
          >
            {LANGUAGES.map((lng) => (
              <button
                key={lng}
                type="submit"
                name="lang"
                value={lng}
                lang={lng}
                aria-pressed={lang === lng ? 'true' : 'false'}
                onClick={switchTo(lng)}
                class={`rounded px-2 py-1 text-xs font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600 ${
                  lang === lng ? 'bg-teal-700 text-white' : 'text-slate-600 hover:bg-slate-100'
                }`}
              >
                {t.languageShort[lng]}
                <span class="sr-only"> {t.languageNames[lng]}</span>
              </button>
            ))}
          </div>
        </form>
      </header>
      <main
        id="main-content"
        class="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10"
      >
        <div class="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {props.linkToken && step === 'password' && !emailWay ? (
            <LinkOpenStep t={t} token={props.linkToken} returnTo={props.returnTo} />
          ) : emailWay && step === 'password' ? (
            <EmailSignInStep
              way={emailWay}
              lang={lang}
              t={t}
              email={email}
              onEmail={setEmail}
              emailToOutbox={props.emailToOutbox ?? false}
              returnTo={props.returnTo}
              sentAt={sentAt}
              onSent={setSentAt}
              onDone={() => {
                setCookie(SIGNED_IN_COOKIE, '1', 60);
                leaveFor(props.returnTo ?? '/dashboard');
              }}
              onBack={() => {
                setEmailWay(null);
                setRefusal(null);
              }}
            />
          ) : step !== 'password' ? (
            <SecondFactorStep
              lang={lang}
              t={t.secondFactor}
              passkeyTexts={t.passkey}
              stepUp={step === 'step-up'}
              emailToOutbox={props.emailToOutbox ?? false}
              smsToOutbox={props.smsToOutbox ?? false}
              onDone={() => {
                setCookie(SIGNED_IN_COOKIE, '1', 60);
                leaveFor(props.returnTo ?? '/dashboard');
              }}
              onRestart={() => {
                setStep('password');
                setRefusal(null);
              }}
            />
          ) : (
            <>
              <h1 class="text-2xl font-semibold tracking-tight text-slate-900">{t.title}</h1>
              <p class="mt-1 mb-6 text-sm text-slate-600">{t.subtitle}</p>
              <form
                ref={form}
                method="post"
                action="/api/site/login"
                noValidate
                aria-label={t.title}
                class="flex flex-col gap-5"
                onSubmit={(event) => void onSubmit(event)}
              >
                <input type="hidden" name="lang" value={lang} />
                {props.returnTo ? (
                  <input type="hidden" name="redirect" value={props.returnTo} />
                ) : null}
                {notice && !refusal && !linkError ? (
                  <Alert tone="info">{t.notices[notice]}</Alert>
                ) : null}
                {linkError && !refusal ? (
                  <Alert tone="error">{linkErrorMessage(t, linkError)}</Alert>
                ) : null}
                {refusal ? <Alert tone="error">{refusalMessage(t, refusal)}</Alert> : null}
                <TextField
                  id="login-email"
                  name="email"
                  type="text"
                  autoComplete="username"
                  label={t.identifier}
                  hint={t.identifierHint}
                  error={message('email')}
                  value={email}
                  onInput={(value) => {
                    setEmail(value);
                    setRefusal(null);
                    recheck({ email: value, password });
                  }}
                />
                <TextField
                  id="login-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  label={t.password}
                  error={message('password')}
                  value={password}
                  onInput={(value) => {
                    setPassword(value);
                    setRefusal(null);
                    recheck({ email, password: value });
                  }}
                />
                <a
                  href="/forgot-password"
                  class="-mt-3 self-end text-sm font-medium text-teal-800 hover:underline"
                >
                  {t.forgotLink}
                </a>
                <button
                  type="submit"
                  class={BUTTON_PRIMARY_LG}
                  disabled={pending}
                  aria-busy={pending ? 'true' : undefined}
                >
                  {pending ? t.submitting : t.submit}
                </button>
              </form>
              {canPasskey ? (
                <div class="mt-5 flex flex-col gap-4">
                  <p class="flex items-center gap-3 text-xs text-slate-500 uppercase before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
                    {t.passkey.or}
                  </p>
                  {passkeyError ? (
                    <Alert tone="error">
                      {t.passkey.errors[passkeyError as keyof typeof t.passkey.errors]}
                    </Alert>
                  ) : null}
                  <button
                    type="button"
                    class={PASSKEY_BUTTON}
                    disabled={pending}
                    aria-busy={pending ? 'true' : undefined}
                    onClick={() => void onPasskey()}
                  >
                    {pending ? t.passkey.signingIn : t.passkey.signIn}
                  </button>
                </div>
              ) : null}
              {scripted ? (
                <div class={`${canPasskey ? 'mt-3' : 'mt-5'} flex flex-col gap-3`}>
                  {canPasskey ? null : (
                    <p class="flex items-center gap-3 text-xs text-slate-500 uppercase before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
                      {t.passkey.or}
                    </p>
                  )}
                  {(['code', 'link'] as const).map((way) => (
                    <button
                      key={way}
                      type="button"
                      class={PASSKEY_BUTTON}
                      disabled={pending}
                      onClick={() => {
                        setRefusal(null);
                        setLinkError(null);
                        setEmailWay(way);
                      }}
                    >
                      {way === 'code' ? t.codeLink : t.linkLink}
                    </button>
                  ))}
                </div>
              ) : null}
            </>
          )}
        </div>
        <div class="mt-6 text-center text-sm text-slate-600">
          {t.noAccount}{' '}
          <a href={registerHref} class="font-medium text-teal-800 hover:underline">
            {t.registerLink}
          </a>
        </div>
      </main>
    </div>
  );
}
