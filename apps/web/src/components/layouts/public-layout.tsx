import { ChevronDown, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LOGO_HREF, PUBLIC_NAV, type PublicNavItem } from '../../config/navigation';
import { usePublicConfig } from '../../lib/public-config';
import { cn } from '../../lib/utils';
import { buttonClasses } from '../ui/button';
import { LanguageSwitch } from '../ui/language-switch';
import { BrandMark } from './brand-mark';
import { SkipLink } from './skip-link';

const YEAR = new Date().getFullYear();

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-teal-600',
    isActive ? 'text-teal-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

function ServicesMenu({ item }: { item: Extract<PublicNavItem, { kind: 'menu' }> }) {
  const { t } = useTranslation('nav');
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const active = pathname.startsWith('/servicios') || item.items.some((i) => i.href === pathname);
  return (
    <div ref={ref} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className={cn(linkClass({ isActive: active }), 'inline-flex items-center gap-1')}
      >
        {t('public.services')}
        <ChevronDown
          aria-hidden="true"
          className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="z-30 mt-1 flex min-w-64 flex-col rounded-lg border border-slate-200 bg-white p-1 shadow-lg md:absolute md:left-0"
      >
        {item.items.map((sub) => (
          <li key={sub.routeId}>
            <NavLink
              to={sub.href}
              className={({ isActive }) => cn(linkClass({ isActive }), 'block')}
            >
              {t(`routes.${sub.routeId}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NavItems({ className }: { className?: string }) {
  const { t } = useTranslation('nav');
  return (
    <ul className={className}>
      {PUBLIC_NAV.map((item) =>
        item.kind === 'menu' ? (
          <li key={item.id}>
            <ServicesMenu item={item} />
          </li>
        ) : (
          <li key={item.id}>
            {item.id === 'contact' ? (
              // An in-page anchor of the landing page, not a route.
              <Link to={item.href} className={linkClass({ isActive: false })}>
                {t(`public.${item.id}`)}
              </Link>
            ) : (
              <NavLink to={item.href} end className={linkClass}>
                {t(`public.${item.id}`)}
              </NavLink>
            )}
          </li>
        ),
      )}
    </ul>
  );
}

/** The public site's shell: header with the SPEC §2 navigation, content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('public');
  const { t: tNav } = useTranslation('nav');
  const { clinicName } = usePublicConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, hash } = useLocation();
  const mobileNavId = useId();
  const [seenLocation, setSeenLocation] = useState(pathname + hash);
  if (seenLocation !== pathname + hash) {
    setSeenLocation(pathname + hash);
    setMenuOpen(false);
  }

  // In-page anchors (/#contacto) scroll to their section once it is rendered.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [pathname, hash]);

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 md:px-6">
          <Link
            to={LOGO_HREF}
            aria-label={tNav('public.logoLabel', { clinicName })}
            className="flex items-center gap-2 rounded-md font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            <BrandMark />
            <span>{clinicName}</span>
          </Link>
          <nav aria-label={tNav('public.publicNavigation')} className="ml-4 hidden md:block">
            <NavItems className="flex items-center gap-1" />
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitch />
            <Link to="/login" className={buttonClasses('primary', 'sm', 'max-sm:hidden')}>
              {t('header.signIn')}
            </Link>
            <button
              type="button"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 md:hidden"
              aria-expanded={menuOpen}
              aria-controls={mobileNavId}
              aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
              onClick={() => setMenuOpen((v) => !v)}
            >
              {menuOpen ? (
                <X aria-hidden="true" className="h-5 w-5" />
              ) : (
                <Menu aria-hidden="true" className="h-5 w-5" />
              )}
            </button>
          </div>
        </div>
        <nav
          id={mobileNavId}
          aria-label={tNav('public.publicNavigation')}
          hidden={!menuOpen}
          className="border-t border-slate-200 px-4 py-3 md:hidden"
        >
          <NavItems className="flex flex-col gap-1" />
          <Link to="/login" className={buttonClasses('primary', 'md', 'mt-3 w-full')}>
            {t('header.signIn')}
          </Link>
        </nav>
      </header>
      <main id="main-content" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-600 md:flex-row md:items-center md:justify-between md:px-6">
          <p>{t('footer.copyright', { year: YEAR, clinicName })}</p>
          <p className="max-w-xl text-xs text-slate-500">{t('footer.disclaimer')}</p>
        </div>
      </footer>
    </div>
  );
}
