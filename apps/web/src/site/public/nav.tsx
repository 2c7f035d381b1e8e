/** @jsxImportSource preact */
/**
 * The public navigation (SPEC §2): Inicio, Servicios (a dropdown with its four pages), Blog,
 * Testimonios, Contacto (/#contacto). The dropdown and the phone menu are `<details>`: they open
 * and close with a click, a tap, Enter or Space with JavaScript off. As an island it also closes
 * on Escape (focus back on its button), on a click outside, and when another one opens.
 */
import { useEffect, useRef } from 'preact/hooks';

export interface NavTexts {
  label: string;
  home: string;
  services: string;
  chronicPainTherapy: string;
  stressWorkshops: string;
  workshop: string;
  painFree: string;
  blog: string;
  testimonials: string;
  contact: string;
  signIn: string;
  menu: string;
}

export interface SiteNavProps {
  texts: NavTexts;
  /** The current path, for `aria-current`. */
  path: string;
  /** `?lang=xx` kept on links when the language was chosen by the URL ('' otherwise). */
  langQuery: string;
}

const LINK =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600 aria-[current=page]:text-teal-800 aria-[current=page]:underline aria-[current=page]:underline-offset-4';
const SUMMARY =
  'flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600 [&::-webkit-details-marker]:hidden';

function Chevron() {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      class="h-4 w-4 transition-transform group-open:rotate-180"
    >
      <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" stroke-width="2" />
    </svg>
  );
}

export function SiteNav({ texts, path, langQuery }: SiteNavProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const menus = () => [...(root.current?.querySelectorAll('details') ?? [])];
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // the innermost open menu closes first
      const open = menus().filter((d) => d.open);
      const last = open[open.length - 1];
      if (!last) return;
      last.open = false;
      last.querySelector('summary')?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      for (const d of menus()) if (d.open && !d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  const href = (p: string) => `${p}${langQuery}`;
  const current = (p: string) => (p === path ? 'page' : undefined);
  const services = [
    ['/servicios/terapia-dolor-cronico', texts.chronicPainTherapy],
    ['/servicios/talleres-manejo-estres', texts.stressWorkshops],
    ['/taller', texts.workshop],
    ['/cerodolor', texts.painFree],
  ] as const;
  const inServices = services.some(([p]) => p === path);
  const servicesList = (
    <ul class="flex flex-col gap-0.5">
      {services.map(([p, label]) => (
        <li key={p}>
          <a href={href(p)} class={LINK} aria-current={current(p)}>
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
  const contactHref = path === '/' || path === '/index' ? '#contacto' : href('/') + '#contacto';

  return (
    <div ref={root} class="flex items-center">
      {/* desktop */}
      <ul class="hidden items-center gap-1 md:flex">
        <li>
          <a href={href('/')} class={LINK} aria-current={current('/') ?? current('/index')}>
            {texts.home}
          </a>
        </li>
        <li>
          <details class="group relative">
            <summary class={`${SUMMARY}${inServices ? ' text-teal-800' : ''}`}>
              {texts.services}
              <Chevron />
            </summary>
            <div class="absolute left-0 z-30 mt-1 min-w-72 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
              {servicesList}
            </div>
          </details>
        </li>
        <li>
          <a href={href('/blog')} class={LINK} aria-current={current('/blog')}>
            {texts.blog}
          </a>
        </li>
        <li>
          <a href={href('/testimonios')} class={LINK} aria-current={current('/testimonios')}>
            {texts.testimonials}
          </a>
        </li>
        <li>
          <a href={contactHref} class={LINK}>
            {texts.contact}
          </a>
        </li>
      </ul>
      {/* phone */}
      <details class="group md:hidden">
        <summary class={SUMMARY}>
          <svg viewBox="0 0 24 24" aria-hidden="true" class="h-5 w-5">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" stroke-width="2" />
          </svg>
          {texts.menu}
        </summary>
        <div class="absolute inset-x-0 top-16 z-30 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg">
          <ul class="flex flex-col gap-0.5">
            <li>
              <a href={href('/')} class={LINK} aria-current={current('/') ?? current('/index')}>
                {texts.home}
              </a>
            </li>
            <li>
              <details class="group/services" open={inServices}>
                <summary class={SUMMARY}>
                  {texts.services}
                  <svg
                    viewBox="0 0 20 20"
                    aria-hidden="true"
                    class="h-4 w-4 transition-transform group-open/services:rotate-180"
                  >
                    <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" stroke-width="2" />
                  </svg>
                </summary>
                <div class="ml-3 border-l border-slate-200 pl-2">{servicesList}</div>
              </details>
            </li>
            <li>
              <a href={href('/blog')} class={LINK} aria-current={current('/blog')}>
                {texts.blog}
              </a>
            </li>
            <li>
              <a href={href('/testimonios')} class={LINK} aria-current={current('/testimonios')}>
                {texts.testimonials}
              </a>
            </li>
            <li>
              <a href={contactHref} class={LINK}>
                {texts.contact}
              </a>
            </li>
            <li class="mt-2 border-t border-slate-200 pt-2">
              <a href="/login" class={LINK}>
                {texts.signIn}
              </a>
            </li>
          </ul>
        </div>
      </details>
    </div>
  );
}
