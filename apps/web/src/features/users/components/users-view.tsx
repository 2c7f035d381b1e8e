import { isPlaceholderEmail } from '@painlab/shared/account';
import { ROLES, type Role } from '@painlab/shared/permissions';
import type { UserSummary } from '@painlab/shared/users';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { toast } from '../../../lib/toast';
import { useUserMutations, useUsers, type AccountAction } from '../api/users';
import { filtersFromSearchParams } from '../lib/filters';
import { InvitationsPanel } from './invitations-panel';
import { PermissionMatrix } from './permission-matrix';

type Pending =
  | { kind: 'role'; user: UserSummary; role: Role }
  | { kind: 'ban'; user: UserSummary }
  | { kind: 'mfa'; user: UserSummary }
  | null;

function UserRow({
  user,
  self,
  onRole,
  onAction,
  onResetMfa,
  busy,
}: {
  user: UserSummary;
  self: boolean;
  onRole: (role: Role) => void;
  onAction: (action: AccountAction) => void;
  onResetMfa: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('users');
  const format = useFormatters();
  const id = `role-${user.id}`;
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4"
      data-testid="user-row"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{user.name}</span>
          {self ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {t('you')}
            </span>
          ) : null}
          <span
            className={
              user.banned
                ? 'rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800'
                : 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800'
            }
          >
            {user.banned ? t('status.banned') : t('status.active')}
          </span>
          {user.mfaEnrolled ? (
            <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800">
              {t('status.mfa')}
            </span>
          ) : null}
        </p>
        {/* an account made with a phone number has a placeholder address, never shown (ADR 0043) */}
        <p className="text-sm break-all text-slate-600">
          {isPlaceholderEmail(user.email) ? t('noEmail') : user.email}
        </p>
        <p className="text-xs text-slate-500">
          {t('since', { date: format.date(user.createdAt) })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id} className="sr-only">
          {t('roleOf', { name: user.name })}
        </Label>
        <div className="w-44">
          <Select
            id={id}
            value={user.role}
            disabled={self || busy}
            onChange={(event) => onRole(event.target.value as Role)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </Select>
        </div>
        {self ? null : (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => onAction(user.banned ? 'unban' : 'ban')}
            >
              {user.banned ? t('actions.unban') : t('actions.ban')}
            </Button>
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => onAction('sign-out')}>
              {t('actions.signOut')}
            </Button>
            {user.mfaEnrolled ? (
              <Button variant="ghost" size="sm" disabled={busy} onClick={onResetMfa}>
                {t('actions.resetMfa')}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

/** `/admin/roles`: accounts with search and role filter, role changes, suspension, sign-out, MFA reset, staff invitations, the matrix. */
export function UsersView({
  title,
  viewerId,
  canInvite,
}: {
  title: string;
  viewerId: string;
  canInvite: boolean;
}) {
  const { t } = useTranslation('users');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const [text, setText] = useState(filters.q ?? '');
  const users = useUsers(filters);
  const { setRole, act, resetMfa } = useUserMutations();
  const [pending, setPending] = useState<Pending>(null);
  const items = useMemo(() => users.data?.pages.flatMap((p) => p.items) ?? [], [users.data]);

  // the search box writes `?q=` a moment after typing stops
  useEffect(() => {
    const handle = setTimeout(() => {
      if ((filters.q ?? '') === text.trim()) return;
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text.trim()) next.set('q', text.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, 250);
    return () => clearTimeout(handle);
  }, [text, filters.q, setSearchParams]);

  const busy = setRole.isPending || act.isPending || resetMfa.isPending;
  const failed = (error: Error) => toast.error(t('failed', { message: error.message }));
  const roleName = (role: Role) => t(`roles.${role}`);

  const runAction = (user: UserSummary, action: AccountAction) =>
    act.mutate(
      { id: user.id, action },
      {
        onSuccess: () =>
          toast.success(
            t(action === 'sign-out' ? 'done.signOut' : `done.${action}`, { name: user.name }),
          ),
        onError: failed,
      },
    );

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'role') {
      const { user, role } = pending;
      setRole.mutate(
        { id: user.id, role },
        {
          onSuccess: () => toast.success(t('done.role', { name: user.name, role: roleName(role) })),
          onError: failed,
          onSettled: () => setPending(null),
        },
      );
    } else if (pending.kind === 'mfa') {
      const { user } = pending;
      resetMfa.mutate(
        { id: user.id },
        {
          onSuccess: () => toast.success(t('done.resetMfa', { name: user.name })),
          onError: failed,
          onSettled: () => setPending(null),
        },
      );
    } else {
      const { user } = pending;
      act.mutate(
        { id: user.id, action: 'ban' },
        {
          onSuccess: () => toast.success(t('done.ban', { name: user.name })),
          onError: failed,
          onSettled: () => setPending(null),
        },
      );
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title={title} description={t('description')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="users-search">{t('search')}</Label>
          <Input
            id="users-search"
            type="search"
            value={text}
            maxLength={120}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5 sm:w-56">
          <Label htmlFor="users-role">{t('role')}</Label>
          <Select
            id="users-role"
            value={filters.role ?? ''}
            onChange={(event) =>
              setSearchParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (event.target.value) next.set('role', event.target.value);
                  else next.delete('role');
                  return next;
                },
                { replace: true },
              )
            }
          >
            <option value="">{t('allRoles')}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p className="text-sm text-slate-600">{t('selfNote')}</p>

      <section aria-labelledby="users-list-title" aria-busy={users.isFetching || undefined}>
        <h2 id="users-list-title" className="sr-only">
          {title}
        </h2>
        {users.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size="sm" /> {t('loading')}
          </p>
        ) : users.isError ? (
          <Alert tone="error">
            {t('loadFailed')}{' '}
            <Button variant="link" onClick={() => void users.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4 sm:px-6">
            {items.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                self={user.id === viewerId}
                busy={busy}
                onRole={(role) => setPending({ kind: 'role', user, role })}
                onResetMfa={() => setPending({ kind: 'mfa', user })}
                onAction={(action) =>
                  action === 'ban' ? setPending({ kind: 'ban', user }) : runAction(user, action)
                }
              />
            ))}
          </ul>
        )}
        {users.hasNextPage ? (
          <Button
            variant="secondary"
            className="mt-4"
            disabled={users.isFetchingNextPage}
            onClick={() => void users.fetchNextPage()}
          >
            {t('more')}
          </Button>
        ) : null}
      </section>

      <InvitationsPanel canInvite={canInvite} />

      <PermissionMatrix />

      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`confirm.${pending.kind}Title`, { name: pending.user.name }) : ''}
        confirmLabel={pending ? t(`confirm.${pending.kind}Confirm`) : ''}
        cancelLabel={t('confirm.cancel')}
        pending={busy}
        pendingLabel={t('confirm.working')}
        tone={pending && pending.kind !== 'role' ? 'danger' : 'primary'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'role'
          ? t('confirm.roleBody', { name: pending.user.name, role: roleName(pending.role) })
          : pending
            ? t(`confirm.${pending.kind}Body`, { name: pending.user.name })
            : null}
      </ConfirmDialog>
    </div>
  );
}
