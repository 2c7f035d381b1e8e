import type { Role } from '@painlab/shared/permissions';
import { Menu, PanelLeftClose, PanelLeftOpen, Shield, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsMobile } from '../../hooks/use-media-query';
import { Badge } from '../ui/badge';
import { LanguageSwitch } from '../ui/language-switch';
import { Sidebar, type SidebarGroupData } from './sidebar';
import { SkipLink } from './skip-link';

export type AppShellProps = {
  clinicName: string;
  userName: string;
  role: Role;
  /** The session's assurance level (ADR 0025): 2 once a second factor was used. */
  aal?: 1 | 2;
  groups: SidebarGroupData[];
  onSignOut: () => void;
  signingOut: boolean;
  /** Beside the language switch in the header (the notifications bell). */
  headerExtra?: ReactNode;
  children: ReactNode;
};

const SIDEBAR_ID = 'app-sidebar';
/** localStorage key: the desktop sidebar's state as the user left it (`expanded` | `collapsed`). */
export const SIDEBAR_STORAGE_KEY = 'painlab.sidebar';

function rememberedDesktopOpen(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY) !== 'collapsed';
  } catch {
    return true; // storage unavailable (private mode): expanded
  }
}

function rememberDesktopOpen(open: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_STORAGE_KEY, open ? 'expanded' : 'collapsed');
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

/**
 * The signed-in shell (SPEC §2 "Sidebar"). Mobile (< 768 px): an off-canvas drawer that the button
 * opens and that closes on Escape, an outside click and navigation. Desktop: the button expands or
 * collapses it to an icon rail, and it stays as the user left it (remembered in localStorage);
 * clicks in the page and Escape do not change it.
 */
export function AppShell({
  clinicName,
  userName,
  role,
  aal,
  groups,
  onSignOut,
  signingOut,
  headerExtra,
  children,
}: AppShellProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => !mobile && rememberedDesktopOpen());
  const [seen, setSeen] = useState({ mobile, pathname });
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  if (seen.mobile !== mobile || seen.pathname !== pathname) {
    setSeen({ mobile, pathname });
    // Switching between mobile and desktop: the drawer starts closed, the desktop sidebar as left.
    if (seen.mobile !== mobile) setOpen(!mobile && rememberedDesktopOpen());
    // Mobile: every navigation closes the drawer.
    else if (mobile) setOpen(false);
  }

  const close = useCallback(() => setOpen(false), []);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (!mobile) rememberDesktopOpen(next);
  };

  // Mobile drawer: Escape and outside clicks close it.
  useEffect(() => {
    if (!open || !mobile) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (sidebarRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      // Toasts float above everything; clicking one is not a click "outside" the menu.
      if (target instanceof Element && target.closest('[data-sonner-toaster]')) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, mobile]);

  // Mobile: focus moves into the drawer when it opens.
  useEffect(() => {
    if (mobile && open) closeRef.current?.focus();
  }, [mobile, open]);

  const toggleLabel = mobile
    ? t('shell.openMenu')
    : open
      ? t('shell.collapseSidebar')
      : t('shell.expandSidebar');
  const ToggleIcon = mobile ? Menu : open ? PanelLeftClose : PanelLeftOpen;

  return (
    <div className="flex min-h-dvh bg-slate-50">
      <SkipLink />
      <Sidebar
        id={SIDEBAR_ID}
        ref={sidebarRef}
        clinicName={clinicName}
        groups={groups}
        open={open}
        mobile={mobile}
        onClose={() => {
          close();
          toggleRef.current?.focus();
        }}
        onSignOut={onSignOut}
        signingOut={signingOut}
        closeButtonRef={closeRef}
      />
      {mobile && open ? (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/40" />
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur md:px-6">
          <button
            ref={toggleRef}
            type="button"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={SIDEBAR_ID}
            aria-label={toggleLabel}
            title={toggleLabel}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            <ToggleIcon aria-hidden="true" className="h-5 w-5" />
          </button>
          {mobile ? (
            <span className="truncate font-semibold text-slate-900">{clinicName}</span>
          ) : null}
          <div className="ml-auto flex items-center gap-3">
            {headerExtra}
            <LanguageSwitch />
            <div className="hidden items-center gap-2 text-sm sm:flex">
              <span
                className="max-w-48 truncate text-slate-700"
                title={t('shell.signedInAs', { name: userName })}
              >
                {userName}
              </span>
              <Badge data-testid="role-badge">{t(`roleBadge.${role}`)}</Badge>
              {aal ? (
                <span
                  data-testid="aal-badge"
                  title={t(`settings.mfa.aal${aal}`)}
                  className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${
                    aal === 2 ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'
                  }`}
                >
                  {aal === 2 ? (
                    <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
                  ) : (
                    <Shield aria-hidden="true" className="h-3.5 w-3.5" />
                  )}
                  <span className="sr-only">{t(`settings.mfa.aal${aal}`)}</span>
                  <span aria-hidden="true">AAL{aal}</span>
                </span>
              ) : null}
            </div>
          </div>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
