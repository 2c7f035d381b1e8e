/** @jsxImportSource preact */
/**
 * The contact form (landing's #contacto and /contacto). Without JavaScript it posts (form-encoded)
 * to `/api/site/contact-form`, which answers 303 back here with `?enviado=1` or this page again with
 * the errors. As an island it sends the same fields as JSON to `/api/site/contact` and shows the
 * outcome in place: the server's field errors (translated here from their codes), success, the
 * per-address limit, or no connection. Nothing is checked only in the browser: the server decides.
 */
import { useRef, useState } from 'preact/hooks';
import type {
  ContactField,
  ContactFieldError,
  ContactFormState,
  ContactReason,
} from '@painlab/shared/site-content';
import { Alert, BUTTON_PRIMARY_LG, INPUT } from '../ui';

export interface ContactTexts {
  formTitle: string;
  name: string;
  emailField: string;
  phoneField: string;
  reason: string;
  reasons: Record<ContactReason, string>;
  message: string;
  messageHint: string;
  consent: string;
  honeypot: string;
  submit: string;
  sending: string;
  sent: string;
  failed: string;
  offline: string;
  rateLimited: string;
  emergency: string;
  errors: Record<ContactFieldError, string>;
}

export interface ContactFormProps {
  lang: 'es' | 'en';
  texts: ContactTexts;
  /** The page the no-JavaScript form returns to. */
  from: '/' | '/contacto';
  state: ContactFormState;
  /** Ids must differ when two forms could be on one page; one form per page here. */
  idPrefix: string;
}

type Errors = ContactFormState['errors'];
const FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'reason', 'message', 'consent'];
const REASONS: readonly ContactReason[] = ['first_visit', 'workshop', 'other'];

function FieldError({
  id,
  error,
  texts,
}: {
  id: string;
  error?: ContactFieldError | undefined;
  texts: ContactTexts;
}) {
  return error ? (
    <p id={id} class="text-sm text-red-700">
      {texts.errors[error]}
    </p>
  ) : null;
}

export function ContactForm({ lang, texts, from, state, idPrefix }: ContactFormProps) {
  const [errors, setErrors] = useState<Errors>(state.errors);
  const [status, setStatus] = useState<ContactFormState['status'] | 'failed' | 'offline'>(
    state.status ?? (Object.keys(state.errors).length ? 'failed' : null),
  );
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = (f: string) => `${idPrefix}-${f}`;
  const v = state.values;
  const describedBy = (f: ContactField, extra?: string) =>
    [errors[f] ? id(`${f}-error`) : null, extra].filter(Boolean).join(' ') || undefined;

  async function onSubmit(e: Event) {
    e.preventDefault();
    const el = form.current!;
    const data = new FormData(el);
    const text = (k: string) => String(data.get(k) ?? '');
    const body = {
      name: text('name'),
      email: text('email'),
      ...(text('phone').trim() ? { phone: text('phone') } : {}),
      reason: text('reason'),
      message: text('message'),
      consent: data.get('consent') === 'on',
      website: text('website'),
      lang,
    };
    setPending(true);
    try {
      const res = await fetch('/api/site/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status === 202) {
        setErrors({});
        setStatus('sent');
        el.reset();
        return;
      }
      if (res.status === 429) {
        setStatus('rate_limited');
        return;
      }
      const answer = (await res.json().catch(() => null)) as {
        error?: { details?: { path: string; message: string }[] };
      } | null;
      const next: Errors = {};
      for (const d of answer?.error?.details ?? []) {
        const field = d.path as ContactField;
        if (FIELDS.includes(field) && !next[field])
          next[field] = (d.message in texts.errors ? d.message : 'invalid') as ContactFieldError;
      }
      if (!Object.keys(next).length) next.message = 'invalid';
      setErrors(next);
      setStatus('failed');
      const first = FIELDS.find((f) => next[f]);
      if (first) (el.querySelector(`#${id(first)}`) as HTMLElement | null)?.focus();
    } catch {
      setStatus('offline');
    } finally {
      setPending(false);
    }
  }

  const message =
    status === 'sent'
      ? texts.sent
      : status === 'rate_limited'
        ? texts.rateLimited
        : status === 'offline'
          ? texts.offline
          : status === 'failed'
            ? texts.failed
            : null;

  return (
    <form
      ref={form}
      method="post"
      action="/api/site/contact-form"
      noValidate
      onSubmit={onSubmit}
      class="flex flex-col gap-4"
      aria-labelledby={id('title')}
    >
      <h3 id={id('title')} class="text-lg font-semibold text-slate-900">
        {texts.formTitle}
      </h3>
      <div aria-live="polite" aria-atomic="true">
        {message ? <Alert tone={status === 'sent' ? 'info' : 'error'}>{message}</Alert> : null}
      </div>
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name="from" value={from} />
      <div class="grid gap-4 sm:grid-cols-2">
        <div class="flex flex-col gap-1.5">
          <label for={id('name')} class="text-sm font-medium text-slate-800">
            {texts.name}
          </label>
          <input
            id={id('name')}
            name="name"
            autocomplete="name"
            maxLength={120}
            required
            class={INPUT}
            defaultValue={v.name}
            aria-invalid={errors.name ? 'true' : undefined}
            aria-describedby={describedBy('name')}
          />
          <FieldError id={id('name-error')} error={errors.name} texts={texts} />
        </div>
        <div class="flex flex-col gap-1.5">
          <label for={id('email')} class="text-sm font-medium text-slate-800">
            {texts.emailField}
          </label>
          <input
            id={id('email')}
            name="email"
            type="email"
            autocomplete="email"
            inputMode="email"
            maxLength={254}
            required
            class={INPUT}
            defaultValue={v.email}
            aria-invalid={errors.email ? 'true' : undefined}
            aria-describedby={describedBy('email')}
          />
          <FieldError id={id('email-error')} error={errors.email} texts={texts} />
        </div>
        <div class="flex flex-col gap-1.5">
          <label for={id('phone')} class="text-sm font-medium text-slate-800">
            {texts.phoneField}
          </label>
          <input
            id={id('phone')}
            name="phone"
            type="tel"
            autocomplete="tel"
            maxLength={40}
            class={INPUT}
            defaultValue={v.phone}
            aria-invalid={errors.phone ? 'true' : undefined}
            aria-describedby={describedBy('phone')}
          />
          <FieldError id={id('phone-error')} error={errors.phone} texts={texts} />
        </div>
        <div class="flex flex-col gap-1.5">
          <label for={id('reason')} class="text-sm font-medium text-slate-800">
            {texts.reason}
          </label>
          <select
            id={id('reason')}
            name="reason"
            class={INPUT}
            aria-invalid={errors.reason ? 'true' : undefined}
            aria-describedby={describedBy('reason')}
          >
            {REASONS.map((r) => (
              <option key={r} value={r} selected={(v.reason ?? 'first_visit') === r}>
                {texts.reasons[r]}
              </option>
            ))}
          </select>
          <FieldError id={id('reason-error')} error={errors.reason} texts={texts} />
        </div>
      </div>
      <div class="flex flex-col gap-1.5">
        <label for={id('message')} class="text-sm font-medium text-slate-800">
          {texts.message}
        </label>
        <textarea
          id={id('message')}
          name="message"
          rows={5}
          maxLength={4000}
          required
          class={`${INPUT} h-auto py-2`}
          defaultValue={v.message}
          aria-invalid={errors.message ? 'true' : undefined}
          aria-describedby={describedBy('message', id('message-hint'))}
        />
        <p id={id('message-hint')} class="text-sm text-slate-600">
          {texts.messageHint}
        </p>
        <FieldError id={id('message-error')} error={errors.message} texts={texts} />
      </div>
      {/* the honeypot: off screen and out of the tab order; people leave it empty */}
      <div class="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label for={id('website')}>{texts.honeypot}</label>
        <input id={id('website')} name="website" tabIndex={-1} autocomplete="off" />
      </div>
      <div class="flex flex-col gap-1.5">
        <div class="flex items-start gap-3">
          <input
            id={id('consent')}
            name="consent"
            type="checkbox"
            class="mt-1 h-4 w-4 rounded border-slate-300 accent-teal-700"
            defaultChecked={v.consent === 'on'}
            aria-invalid={errors.consent ? 'true' : undefined}
            aria-describedby={describedBy('consent')}
          />
          <label for={id('consent')} class="text-sm text-slate-800">
            {texts.consent}
          </label>
        </div>
        <FieldError id={id('consent-error')} error={errors.consent} texts={texts} />
      </div>
      <div class="flex flex-wrap items-center gap-4">
        <button type="submit" class={BUTTON_PRIMARY_LG} disabled={pending}>
          {pending ? texts.sending : texts.submit}
        </button>
        <p class="text-sm text-slate-600">{texts.emergency}</p>
      </div>
    </form>
  );
}
