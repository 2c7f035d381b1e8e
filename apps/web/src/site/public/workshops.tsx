/** @jsxImportSource preact */
/**
 * The workshop pages (`/taller`, `/taller-USA`) and their result pages, as plain server-rendered HTML
 * (modules/workshops/workshops.pages.ts). The registration form posts without JavaScript; the only
 * island shows each session in the visitor's own time zone beside the workshop's.
 */
import type { SiteLang } from '@painlab/shared/site-content';
import type {
  WorkshopFieldError,
  WorkshopFormState,
  WorkshopMarket,
  WorkshopResult,
  WorkshopView,
} from '@painlab/shared/workshops';
import { island } from '../document';
import { Alert, BUTTON_PRIMARY_LG, INPUT, interpolate } from '../ui';
import { CONTAINER, LINK_TEXT } from './layout';
import { LocalTimes, type LocalTimesProps } from './local-times';
import type { SiteTexts } from './texts';
import { renderToString } from 'preact-render-to-string';

type Texts = SiteTexts['workshops'];

const LOCALE = { es: 'es-ES', en: 'en-US' } as const;

export function formatPrice(cents: number, currency: string, lang: SiteLang, free: string): string {
  if (cents === 0) return free;
  return new Intl.NumberFormat(LOCALE[lang], {
    style: 'currency',
    currency,
    maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/** "martes, 12 de enero de 2027 · 18:00–19:30" in `timeZone`. */
export function sessionText(
  s: { startsAt: string; endsAt: string },
  timeZone: string,
  lang: SiteLang,
): string {
  const start = new Date(s.startsAt);
  const day = new Intl.DateTimeFormat(LOCALE[lang], {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(start);
  const time = (d: Date) =>
    new Intl.DateTimeFormat(LOCALE[lang], { timeZone, hour: 'numeric', minute: '2-digit' }).format(
      d,
    );
  return `${day} · ${time(start)}–${time(new Date(s.endsAt))}`;
}

/** The zone's readable name ("hora de Europa central" / "Eastern Time"), else its IANA id. */
export function zoneName(timeZone: string, lang: SiteLang, at: string): string {
  const part = new Intl.DateTimeFormat(LOCALE[lang], { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

function FieldError({
  id,
  error,
  t,
}: {
  id: string;
  error?: WorkshopFieldError | undefined;
  t: Texts;
}) {
  return error ? (
    <p id={id} class="text-sm text-red-700">
      {t.errors[error]}
    </p>
  ) : null;
}

function RegistrationForm({
  w,
  t,
  lang,
  from,
  clinicName,
  form,
}: {
  w: WorkshopView;
  t: Texts;
  lang: SiteLang;
  from: string;
  clinicName: string;
  form: WorkshopFormState;
}) {
  const mine = form.workshopId === w.id;
  const errors = mine ? form.errors : {};
  const values = mine ? form.values : {};
  const id = (f: string) => `w-${w.slug}-${f}`;
  const described = (f: 'name' | 'email' | 'consent', extra?: string) =>
    [errors[f] ? id(`${f}-error`) : null, extra].filter(Boolean).join(' ') || undefined;
  const refusal = mine && form.refusal ? t.refusals[form.refusal] : null;
  const failed = mine && Object.keys(errors).length > 0;
  return (
    <form
      method="post"
      action="/api/site/workshops/register-form"
      noValidate
      class="mt-6 flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 md:p-5"
      aria-labelledby={id('form')}
    >
      <h3 id={id('form')} class="text-base font-semibold text-slate-900">
        {t.formTitle}
      </h3>
      {refusal || failed ? <Alert tone="error">{refusal ?? t.formFailed}</Alert> : null}
      <input type="hidden" name="workshopId" value={w.id} />
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name="from" value={from} />
      <div class="grid gap-4 sm:grid-cols-2">
        <div class="flex flex-col gap-1.5">
          <label for={id('name')} class="text-sm font-medium text-slate-800">
            {t.name}
          </label>
          <input
            id={id('name')}
            name="name"
            autocomplete="name"
            maxLength={120}
            required
            class={INPUT}
            value={values.name ?? ''}
            aria-invalid={errors.name ? 'true' : undefined}
            aria-describedby={described('name')}
          />
          <FieldError id={id('name-error')} error={errors.name} t={t} />
        </div>
        <div class="flex flex-col gap-1.5">
          <label for={id('email')} class="text-sm font-medium text-slate-800">
            {t.email}
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
            value={values.email ?? ''}
            aria-invalid={errors.email ? 'true' : undefined}
            aria-describedby={described('email')}
          />
          <FieldError id={id('email-error')} error={errors.email} t={t} />
        </div>
      </div>
      {/* the honeypot: out of sight and out of the tab order; people leave it empty */}
      <div class="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label for={id('website')}>{t.honeypot}</label>
        <input id={id('website')} name="website" tabIndex={-1} autocomplete="off" />
      </div>
      <div class="flex items-start gap-2">
        <input
          id={id('consent')}
          name="consent"
          type="checkbox"
          checked={values.consent === 'on'}
          class="mt-1 h-4 w-4 rounded border-slate-400 text-teal-700"
          aria-invalid={errors.consent ? 'true' : undefined}
          aria-describedby={described('consent', id('no-health'))}
        />
        <div>
          <label for={id('consent')} class="text-sm text-slate-800">
            {interpolate(t.consent, { clinicName })}
          </label>
          <p id={id('no-health')} class="text-sm text-slate-600">
            {t.noHealth}
          </p>
          <FieldError id={id('consent-error')} error={errors.consent} t={t} />
        </div>
      </div>
      <div>
        <button type="submit" class={BUTTON_PRIMARY_LG}>
          {w.seatsLeft > 0 ? t.submit : t.submitWaitlist}
        </button>
      </div>
    </form>
  );
}

function WorkshopCard({
  w,
  t,
  lang,
  from,
  clinicName,
  form,
}: {
  w: WorkshopView;
  t: Texts;
  lang: SiteLang;
  from: string;
  clinicName: string;
  form: WorkshopFormState;
}) {
  const zone = zoneName(w.timeZone, lang, w.sessions[0]?.startsAt ?? new Date().toISOString());
  const local: LocalTimesProps = {
    lang,
    timeZone: w.timeZone,
    sessions: w.sessions,
    label: t.yourZone,
  };
  const seats =
    w.seatsLeft === 0
      ? interpolate(t.full, { count: w.waitlisted })
      : w.seatsLeft === 1
        ? interpolate(t.seatLeft, { capacity: w.capacity })
        : interpolate(t.seatsLeft, { count: w.seatsLeft, capacity: w.capacity });
  return (
    <article
      id={w.slug}
      class="rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-7"
      aria-labelledby={`${w.slug}-title`}
      lang={w.fallback ? 'es' : undefined}
    >
      {w.fallback ? (
        <div class="mb-4" lang="en">
          <Alert tone="info">{t.fallback}</Alert>
        </div>
      ) : null}
      <h2 id={`${w.slug}-title`} class="text-2xl font-semibold tracking-tight text-slate-900">
        {w.title}
      </h2>
      <p class="mt-2 text-lg text-slate-700">{w.summary}</p>
      <p class="mt-1 text-sm font-medium text-teal-800">
        {w.sessions.length === 1
          ? t.sessionsOne
          : interpolate(t.sessionsMany, { count: w.sessions.length })}
      </p>
      {w.description.split(/\n{2,}/).map((p, i) => (
        <p key={i} class="mt-4 text-slate-700">
          {p}
        </p>
      ))}
      <dl class="mt-6 grid gap-x-8 gap-y-4 md:grid-cols-2">
        <div class="md:col-span-2">
          <dt class="text-sm font-semibold text-slate-900">{t.dates}</dt>
          <dd class="mt-1 text-slate-700">
            <p class="text-sm text-slate-600">{interpolate(t.zoneNote, { zone })}</p>
            <ul class="mt-1 list-disc pl-5">
              {w.sessions.map((s) => (
                <li key={s.startsAt}>
                  <time dateTime={s.startsAt}>{sessionText(s, w.timeZone, lang)}</time>
                </li>
              ))}
            </ul>
            <div
              dangerouslySetInnerHTML={{
                __html: island('local-times', renderToString(<LocalTimes {...local} />), local),
              }}
            />
          </dd>
        </div>
        <div>
          <dt class="text-sm font-semibold text-slate-900">{t.where}</dt>
          <dd class="mt-1 text-slate-700">
            {w.online
              ? interpolate(t.online, { platform: w.onlinePlatform ?? 'video' })
              : [w.venue, w.address].filter(Boolean).join(', ')}
          </dd>
        </div>
        <div>
          <dt class="text-sm font-semibold text-slate-900">{t.facilitator}</dt>
          <dd class="mt-1 text-slate-700">{w.facilitator}</dd>
        </div>
        <div>
          <dt class="text-sm font-semibold text-slate-900">{t.price}</dt>
          <dd class="mt-1 text-slate-700">{formatPrice(w.priceCents, w.currency, lang, t.free)}</dd>
        </div>
        <div>
          <dt class="text-sm font-semibold text-slate-900">{t.seats}</dt>
          <dd class="mt-1 text-slate-700">{seats}</dd>
        </div>
      </dl>
      <RegistrationForm w={w} t={t} lang={lang} from={from} clinicName={clinicName} form={form} />
    </article>
  );
}

export function WorkshopsPage({
  t,
  lang,
  lq,
  market,
  workshops,
  form,
  clinicName,
}: {
  t: Texts;
  lang: SiteLang;
  lq: string;
  market: WorkshopMarket;
  workshops: WorkshopView[];
  form: WorkshopFormState;
  clinicName: string;
}) {
  const from = market === 'us' ? '/taller-USA' : '/taller';
  const other = market === 'us' ? '/taller' : '/taller-USA';
  return (
    <>
      <div class="border-b border-slate-200 bg-gradient-to-b from-teal-50/80 to-white">
        <div class={`${CONTAINER} py-12 md:py-16`}>
          <p class="text-sm font-semibold tracking-wider text-teal-700 uppercase">{t.eyebrow}</p>
          <h1 class="mt-2 max-w-3xl text-3xl font-semibold tracking-tight text-balance text-slate-900 md:text-4xl">
            {market === 'us' ? t.titleUs : t.titleEs}
          </h1>
          <p class="mt-4 max-w-2xl text-lg text-slate-700">
            {market === 'us' ? t.leadUs : t.leadEs}
          </p>
          <p class="mt-4">
            <a href={`${other}${lq}`} class={LINK_TEXT}>
              {market === 'us' ? t.otherMarketUs : t.otherMarketEs}{' '}
              <span aria-hidden="true">→</span>
            </a>
          </p>
        </div>
      </div>
      <div class={`${CONTAINER} flex flex-col gap-8 py-10 md:py-14`}>
        {workshops.length === 0 ? <p class="text-slate-700">{t.empty}</p> : null}
        {workshops.map((w) => (
          <WorkshopCard
            key={w.id}
            w={w}
            t={t}
            lang={lang}
            from={from}
            clinicName={clinicName}
            form={form}
          />
        ))}
      </div>
    </>
  );
}

function ActionForm({
  action,
  token,
  lang,
  label,
}: {
  action: string;
  token: string;
  lang: SiteLang;
  label: string;
}) {
  return (
    <form method="post" action={action} class="mt-6">
      <input type="hidden" name="t" value={token} />
      <input type="hidden" name="lang" value={lang} />
      <button type="submit" class={BUTTON_PRIMARY_LG}>
        {label}
      </button>
    </form>
  );
}

export function workshopResultTitle(result: WorkshopResult, t: Texts): string {
  const r = t.result;
  if (result.kind === 'registered')
    return result.outcome === 'confirmed' ? r.confirmedTitle : r.waitlistedTitle;
  return result.kind === 'cancel' ? r.cancelTitle : r.offerTitle;
}

export function WorkshopResultPage({
  t,
  lang,
  lq,
  result,
}: {
  t: Texts;
  lang: SiteLang;
  lq: string;
  result: WorkshopResult;
}) {
  const r = t.result;
  const title = { title: result.title ?? '' };
  let body: preact.ComponentChildren;
  if (result.kind === 'registered') {
    body = (
      <Alert tone="info">
        {result.outcome === 'confirmed'
          ? r.confirmed
          : interpolate(r.waitlisted, { position: result.position ?? '—' })}
      </Alert>
    );
  } else if (result.kind === 'cancel') {
    body =
      result.state === 'ask' && result.token ? (
        <>
          <p class="text-lg text-slate-700">{interpolate(r.cancelAsk, title)}</p>
          <ActionForm
            action="/api/site/workshops/cancel-form"
            token={result.token}
            lang={lang}
            label={r.cancelButton}
          />
        </>
      ) : (
        <Alert tone={result.state === 'done' ? 'info' : 'error'}>
          {result.state === 'done'
            ? interpolate(r.cancelDone, title)
            : result.state === 'already'
              ? r.cancelAlready
              : result.state === 'expired'
                ? r.cancelExpired
                : r.invalid}
        </Alert>
      );
  } else {
    const expires = result.expiresAt
      ? new Intl.DateTimeFormat(LOCALE[lang], {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'short',
        }).format(new Date(result.expiresAt))
      : '';
    body =
      result.state === 'ask' && result.token ? (
        <>
          <p class="text-lg text-slate-700">{interpolate(r.offerAsk, { ...title, expires })}</p>
          <ActionForm
            action="/api/site/workshops/confirm-form"
            token={result.token}
            lang={lang}
            label={r.offerButton}
          />
        </>
      ) : (
        <Alert tone={result.state === 'done' ? 'info' : 'error'}>
          {result.state === 'done'
            ? interpolate(r.offerDone, title)
            : result.state === 'already'
              ? r.offerAlready
              : result.state === 'lapsed'
                ? r.offerLapsed
                : r.invalid}
        </Alert>
      );
  }
  return (
    <div class={`${CONTAINER} max-w-3xl py-12 md:py-16`}>
      <h1 class="text-3xl font-semibold tracking-tight text-slate-900">
        {workshopResultTitle(result, t)}
      </h1>
      {result.kind === 'registered' && result.title ? (
        <p class="mt-2 text-lg text-slate-700">{result.title}</p>
      ) : null}
      <div class="mt-6">{body}</div>
      <p class="mt-8">
        <a
          href={`${result.kind === 'registered' ? result.from : '/taller'}${lq}`}
          class={LINK_TEXT}
        >
          <span aria-hidden="true">←</span> {r.back}
        </a>
      </p>
    </div>
  );
}
