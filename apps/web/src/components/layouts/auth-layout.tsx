import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import { LanguageSwitch } from '../ui/language-switch';
import { BrandMark } from './brand-mark';

/** Sign-in and registration: a centred card with the clinic's name and the language switch. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { clinicName } = usePublicConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-teal-50 to-slate-50">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
        >
          <BrandMark />
          <span>{clinicName}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main
        id="main-content"
        className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10"
      >
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">{subtitle}</p>
          {children}
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </main>
    </div>
  );
}
