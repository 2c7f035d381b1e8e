import { ChevronDown, LogOut, X } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { toast } from '../../lib/toast';
import type { SidebarGroupId, SidebarItem } from '../../config/navigation';
import type { RouteId } from '../../config/routes';
import { cn } from '../../lib/utils';
import { BrandMark } from './brand-mark';
import { FALLBACK_ICON, ROUTE_ICONS } from './route-icons';

const YEAR = new Date().getFullYear();

export type SidebarGroupData = { id: SidebarGroupId; items: SidebarItem[] };

export type SidebarProps = {
  id: string;
  ref?: Ref<HTMLElement>;
  clinicName: string;
  groups: SidebarGroupData[];
  /** Expanded (desktop) or shown (mobile). */
  open: boolean;
  mobile: boolean;
  onClose: () => void;
  onSignOut: () => void;
  signingOut: boolean;
  closeButtonRef?: Ref<HTMLButtonElement>;
};

function groupOf(groups: SidebarGroupData[], pathname: string): SidebarGroupId | undefined {
  return groups.find((g) =>
    g.items.some((i) => pathname === i.href || pathname.startsWith(`${i.href}/`)),
  )?.id;
}

type NavItemProps = { routeId: RouteId; href: string; compact: boolean; end?: boolean };

function NavItem({ routeId, href, compact, end }: NavItemProps) {
  const { t } = useTranslation(['common', 'nav']);
  const title = t(`nav:routes.${routeId}`);
  const Icon = ROUTE_ICONS[routeId] ?? FALLBACK_ICON;
  return (
    <li>
      <NavLink
        to={href}
        end={end}
        aria-label={compact ? title : undefined}
        title={compact ? title : undefined}
        onClick={() => toast.info(t('shell.navigatingTo', { title }), { id: 'navigation' })}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-3 rounded-md py-2 text-sm transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-teal-400',
            compact ? 'justify-center px-0' : 'px-3',
            isActive
              ? 'bg-teal-700/90 font-medium text-white'
              : 'text-slate-300 hover:bg-slate-800 hover:text-white',
          )
        }
      >
        <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
        {compact ? null : <span className="truncate">{title}</span>}
      </NavLink>
    </li>
  );
}

function NavGroup({
  group,
  expanded,
  onToggle,
}: {
  group: SidebarGroupData;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <div className="mt-4">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={onToggle}
        className={cn(
          'flex w-full items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold tracking-wider text-slate-400 uppercase',
          'hover:text-slate-200 focus-visible:outline-2 focus-visible:outline-teal-400',
        )}
      >
        {t(`shell.groups.${group.id}`)}
        <ChevronDown
          aria-hidden="true"
          className={cn('h-4 w-4 transition-transform', expanded ? 'rotate-0' : '-rotate-90')}
        />
      </button>
      <ul id={listId} hidden={!expanded} className="mt-1 flex flex-col gap-0.5">
        {group.items.map((item) => (
          <NavItem
            key={item.routeId}
            routeId={item.routeId}
            href={item.href}
            compact={false}
            end={item.end}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * The signed-in sidebar (SPEC §2): dashboard link, collapsible groups (several may be open), the
 * settings link, sign-out and the copyright line. On desktop "closed" is a narrow icon rail; on
 * mobile it is an off-canvas drawer.
 */
export function Sidebar({
  id,
  ref,
  clinicName,
  groups,
  open,
  mobile,
  onClose,
  onSignOut,
  signingOut,
  closeButtonRef,
}: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState<ReadonlySet<SidebarGroupId>>(() => {
    const initial = new Set<SidebarGroupId>(['core']);
    const current = groupOf(groups, pathname);
    if (current) initial.add(current);
    return initial;
  });
  const compact = !mobile && !open;
  const hidden = mobile && !open;

  const toggleGroup = (groupId: SidebarGroupId) =>
    setOpenGroups((prev) => {
      const next = new Set(prev);
      if (next.has(groupId)) next.delete(groupId);
      else next.add(groupId);
      return next;
    });

  return (
    <aside
      id={id}
      ref={ref}
      inert={hidden}
      data-state={open ? 'open' : 'closed'}
      className={cn(
        'flex flex-col bg-slate-900 text-slate-100',
        mobile
          ? cn(
              'fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] shadow-xl transition-transform duration-200',
              open ? 'translate-x-0' : 'invisible -translate-x-full',
            )
          : cn(
              'sticky top-0 h-dvh shrink-0 transition-[width] duration-200',
              open ? 'w-64' : 'w-16',
            ),
      )}
    >
      <div
        className={cn(
          'flex h-16 items-center gap-3 border-b border-slate-800',
          compact ? 'justify-center px-0' : 'px-4',
        )}
      >
        <BrandMark className="h-8 w-8 shrink-0" />
        {compact ? (
          <span className="sr-only">{clinicName}</span>
        ) : (
          <span className="truncate text-base font-semibold" data-testid="sidebar-brand">
            {clinicName}
          </span>
        )}
        {mobile ? (
          <button
            ref={closeButtonRef}
            type="button"
            onClick={onClose}
            aria-label={t('shell.closeMenu')}
            className="ml-auto rounded-md p-2 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-teal-400"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        ) : null}
      </div>

      <nav aria-label={t('shell.mainNavigation')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-0.5">
          <NavItem routeId="dashboard" href="/dashboard" compact={compact} end />
        </ul>
        {compact
          ? groups.map((group) => (
              <ul
                key={group.id}
                aria-label={t(`shell.groups.${group.id}`)}
                className="mt-3 flex flex-col gap-0.5 border-t border-slate-800 pt-3"
              >
                {group.items.map((item) => (
                  <NavItem
                    key={item.routeId}
                    routeId={item.routeId}
                    href={item.href}
                    compact
                    end={item.end}
                  />
                ))}
              </ul>
            ))
          : groups.map((group) => (
              <NavGroup
                key={group.id}
                group={group}
                expanded={openGroups.has(group.id)}
                onToggle={() => toggleGroup(group.id)}
              />
            ))}
        <ul
          className={cn(
            'flex flex-col gap-0.5 border-t border-slate-800',
            compact ? 'mt-3 pt-3' : 'mt-4 pt-4',
          )}
        >
          <NavItem routeId="settings" href="/settings" compact={compact} />
        </ul>
      </nav>

      <div className={cn('border-t border-slate-800 p-3', compact && 'px-2')}>
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          aria-label={compact ? t('actions.signOut') : undefined}
          title={compact ? t('actions.signOut') : undefined}
          className={cn(
            'flex w-full items-center gap-3 rounded-md py-2 text-sm text-slate-300 transition-colors',
            'hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-teal-400 disabled:opacity-60',
            compact ? 'justify-center px-0' : 'px-3',
          )}
        >
          <LogOut aria-hidden="true" className="h-4 w-4 shrink-0" />
          {compact ? null : signingOut ? t('actions.signingOut') : t('actions.signOut')}
        </button>
        {compact ? null : (
          <p className="mt-3 px-3 text-xs text-slate-400">
            {t('shell.copyright', { year: YEAR, clinicName })}
          </p>
        )}
      </div>
    </aside>
  );
}
