/** @jsxImportSource preact */
/** The public pages' frame: skip link, header (logo, navigation island, language, sign-in), footer. */
import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { ClinicFacts } from '@painlab/shared/site-content';
import { island } from '../document';
import { BrandMark, interpolate, type Lang } from '../ui';
import { SiteNav, type NavTexts, type SiteNavProps } from './nav';
import type { SiteTexts } from './texts';

export const CONTAINER = 'mx-auto w-full max-w-6xl px-4 md:px-6';
export const LINK_TEXT =
  'rounded font-medium text-teal-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600';
export const BUTTON_SECONDARY_LG =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50 h-11 px-5 text-base';
/** Rendered Markdown (already sanitised by the server). */
export const PROSE =
  'max-w-none text-slate-700 leading-relaxed [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-teal-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900 [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_img]:mt-6 [&_img]:h-auto [&_img]:w-full [&_img]:rounded-lg [&_li]:mt-1.5 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&>*:first-child]:mt-0';

export function navTexts(t: SiteTexts): NavTexts {
  const n = t.nav;
  return {
    label: n.label,
    home: n.home,
    services: n.services,
    chronicPainTherapy: n.chronicPainTherapy,
    stressWorkshops: n.stressWorkshops,
    workshop: n.workshop,
    painFree: n.painFree,
    blog: n.blog,
    testimonials: n.testimonials,
    contact: n.contact,
    signIn: n.signIn,
    menu: n.menu,
  };
}

export interface FrameInput {
  lang: Lang;
  texts: SiteTexts;
  clinicName: string;
  clinic: ClinicFacts | null;
  path: string;
  query: string;
  langQuery: string;
}

/** The header, with the navigation as an island (its markup is a string: islands are HTML). */
export function header(f: FrameInput): string {
  const t = f.texts.nav;
  const other: Lang = f.lang === 'es' ? 'en' : 'es';
  const q = f.query ? `${f.query}&` : '?';
  const navProps: SiteNavProps = { texts: navTexts(f.texts), path: f.path, langQuery: f.langQuery };
  const nav = island('site-nav', renderToString(<SiteNav {...navProps} />), navProps);
  const before = renderToString(
    <a
      href={`/dashboard`}
      aria-label={interpolate(t.logoLabel, { clinicName: f.clinicName })}
      class="flex shrink-0 items-center gap-2 rounded-md font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
    >
      <BrandMark />
      <span>{f.clinicName}</span>
    </a>,
  );
  const after = renderToString(
    <div class="ml-auto flex items-center gap-1 md:ml-0">
      <a
        href={`${f.path}${q}lang=${other}`}
        hreflang={other}
        lang={other}
        title={t.otherLanguageLabel}
        class="rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        {t.otherLanguage}
      </a>
      <a
        href="/login"
        class="hidden rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-teal-600 sm:inline-flex"
      >
        {t.signIn}
      </a>
    </div>,
  );
  return `<a href="#contenido" class="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-teal-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2">${escapeText(t.skip)}</a><header class="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"><div class="${CONTAINER} flex h-16 items-center gap-3">${before}<nav aria-label="${escapeText(t.label)}" class="order-last md:order-none md:ml-auto">${nav}</nav>${after}</div></header>`;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

export function Footer({ f }: { f: FrameInput }) {
  const t = f.texts;
  const c = f.clinic;
  return (
    <footer class="mt-auto border-t border-slate-200 bg-slate-50">
      <div class={`${CONTAINER} grid gap-8 py-10 text-sm text-slate-600 md:grid-cols-3`}>
        <div>
          <p class="flex items-center gap-2 font-semibold text-slate-900">
            <BrandMark />
            {f.clinicName}
          </p>
          <p class="mt-3">{t.footer.disclaimer}</p>
        </div>
        {c ? (
          <address class="not-italic">
            <p>{c.street}</p>
            <p>
              {c.postalCode} {c.city}
            </p>
            <p class="mt-2">
              <a class={LINK_TEXT} href={`tel:${c.phone.replace(/\s/g, '')}`}>
                {c.phone}
              </a>
            </p>
            <p>
              <a class={LINK_TEXT} href={`mailto:${c.email}`}>
                {c.email}
              </a>
            </p>
          </address>
        ) : (
          <div />
        )}
        <ul class="flex flex-col gap-1.5">
          <li>
            <a class={LINK_TEXT} href={`/especialistas${f.langQuery}`}>
              {t.footer.specialists}
            </a>
          </li>
          <li>
            <a class={LINK_TEXT} href={`/contacto${f.langQuery}`}>
              {t.nav.contact}
            </a>
          </li>
          <li>
            <a class={LINK_TEXT} href="/login">
              {t.nav.signIn}
            </a>
          </li>
        </ul>
      </div>
      <p class={`${CONTAINER} pb-8 text-xs text-slate-500`}>
        {interpolate(t.footer.copyright, {
          year: new Date().getFullYear(),
          clinicName: f.clinicName,
        })}
      </p>
    </footer>
  );
}

export function Main({ children }: { children: ComponentChildren }) {
  return (
    <main id="contenido" tabIndex={-1} class="flex-1 focus:outline-none">
      {children}
    </main>
  );
}
