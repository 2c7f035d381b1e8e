/** @jsxImportSource preact */
/**
 * The few building blocks of the site pages, in Preact: the same markup and Tailwind classes as the
 * web app's components (components/ui, components/layouts), so a site page looks exactly like the
 * screen it replaces and uses the app's own stylesheet. No class merging (tailwind-merge would
 * cost more than a whole page's script): each string here is final.
 */
import type { ComponentChildren } from 'preact';

export const LANGUAGES = ['en', 'es'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'es';

/** Button classes: components/ui/button.tsx `buttonClasses('primary', 'lg')`. */
export const BUTTON_PRIMARY_LG =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:pointer-events-none disabled:opacity-60 bg-teal-700 text-white shadow-sm hover:bg-teal-800 active:bg-teal-900 h-11 px-5 text-base';

/** components/ui/input.tsx */
export const INPUT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-teal-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-teal-600/40 aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/40 disabled:opacity-60';

const ALERT = {
  error: 'rounded-md border px-4 py-3 text-sm border-red-200 bg-red-50 text-red-800',
  info: 'rounded-md border px-4 py-3 text-sm border-sky-200 bg-sky-50 text-sky-900',
} as const;

/** components/ui/alert.tsx: `role="alert"` for errors, `status` otherwise. */
export function Alert({
  tone,
  children,
}: {
  tone: keyof typeof ALERT;
  children: ComponentChildren;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} class={ALERT[tone]}>
      {children}
    </div>
  );
}

/** components/layouts/brand-mark.tsx */
export function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" class="h-8 w-8">
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path
        d="M18 34h8l4-10 6 20 4-10h6"
        fill="none"
        stroke="#fff"
        stroke-width="5"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}

/** components/ui/form-field.tsx with an Input: label, control, error; ids and ARIA wired alike. */
export function TextField({
  id,
  name,
  label,
  error,
  hint,
  type,
  autoComplete,
  inputMode,
  value,
  onInput,
}: {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  /** A line under the field, read with it (aria-describedby). */
  hint?: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  inputMode?: 'email' | 'numeric';
  value?: string;
  onInput?: (value: string) => void;
}) {
  return (
    <div class="flex flex-col gap-1.5">
      <label for={id} class="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autocomplete={autoComplete}
        inputMode={inputMode}
        class={INPUT}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={
          [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
          undefined
        }
        onInput={onInput ? (e) => onInput((e.currentTarget as HTMLInputElement).value) : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} class="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} class="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `{{name}}` placeholders, as i18next fills them. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
