import {
  createStaffInviteSchema,
  STAFF_ROLES,
  type StaffInvite,
  type StaffRole,
} from '@painlab/shared/users';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { toast } from '../../../lib/toast';
import {
  useStaffInvitationMutations,
  useStaffInvitations,
  type InvitationAction,
} from '../api/invitations';

const STATUS_TONE: Record<StaffInvite['status'], string> = {
  pending: 'bg-amber-50 text-amber-900',
  accepted: 'bg-emerald-50 text-emerald-800',
  expired: 'bg-slate-100 text-slate-700',
  revoked: 'bg-red-50 text-red-800',
};

/**
 * Staff invitations on /admin/roles (ADR 0031): invite by e-mail with a staff role (the link goes
 * through the outbox), and the latest invitations with their status, to resend or revoke.
 */
export function InvitationsPanel({ canInvite }: { canInvite: boolean }) {
  const { t } = useTranslation('users');
  const format = useFormatters();
  const invitations = useStaffInvitations();
  const { invite, change } = useStaffInvitationMutations();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('specialist');
  const [emailError, setEmailError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    const parsed = createStaffInviteSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(t('invitations.emailInvalid'));
      return;
    }
    setEmailError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (created) => {
        toast.success(t('invitations.sent', { email: created.email }));
        setEmail('');
      },
      onError: (error) => toast.error(t('failed', { message: error.message })),
    });
  };

  const act = (item: StaffInvite, action: InvitationAction) =>
    change.mutate(
      { id: item.id, action },
      {
        onSuccess: () => toast.success(t(`invitations.done.${action}`, { email: item.email })),
        onError: (error) => toast.error(t('failed', { message: error.message })),
      },
    );

  const items = invitations.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle id="invitations-title">{t('invitations.title')}</CardTitle>
        <CardDescription>{t('invitations.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {canInvite ? (
          <form
            noValidate
            aria-labelledby="invitations-title"
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
            onSubmit={submit}
          >
            <FormField
              id="invite-email"
              label={t('invitations.email')}
              required
              error={emailError}
              className="flex-1"
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="off"
                  maxLength={254}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </FormField>
            <FormField id="invite-role" label={t('invitations.role')} className="sm:w-48">
              {(control) => (
                <Select
                  {...control}
                  value={role}
                  onChange={(event) => setRole(event.target.value as StaffRole)}
                >
                  {STAFF_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`roles.${r}`)}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <Button
              type="submit"
              className="sm:mt-7"
              disabled={invite.isPending}
              aria-busy={invite.isPending || undefined}
            >
              {t('invitations.send')}
            </Button>
          </form>
        ) : null}

        <section
          aria-label={t('invitations.listTitle')}
          aria-busy={invitations.isFetching || undefined}
        >
          {invitations.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner size="sm" /> {t('loading')}
            </p>
          ) : invitations.isError ? (
            <Alert tone="error">
              {t('invitations.loadFailed')}{' '}
              <Button variant="link" onClick={() => void invitations.refetch()}>
                {t('retry')}
              </Button>
            </Alert>
          ) : items.length === 0 ? (
            <p className="text-sm text-slate-600">{t('invitations.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((item) => (
                <li
                  key={item.id}
                  data-testid="invitation-row"
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      <span className="break-all">{item.email}</span>
                      <span className="text-slate-600">{t(`roles.${item.role}`)}</span>
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[item.status]}`}
                      >
                        {t(`invitations.status.${item.status}`)}
                      </span>
                    </p>
                    <p className="text-xs text-slate-600">
                      {item.status === 'accepted' && item.acceptedAt
                        ? t('invitations.acceptedOn', { date: format.date(item.acceptedAt) })
                        : t('invitations.sentOn', {
                            date: format.date(item.sentAt),
                            expires: format.date(item.expiresAt),
                          })}
                    </p>
                  </div>
                  {canInvite && (item.status === 'pending' || item.status === 'expired') ? (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={change.isPending}
                        aria-label={t('invitations.resendTo', { email: item.email })}
                        onClick={() => act(item, 'resend')}
                      >
                        {t('invitations.resend')}
                      </Button>
                      {item.status === 'pending' ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={change.isPending}
                          aria-label={t('invitations.revokeFor', { email: item.email })}
                          onClick={() => act(item, 'revoke')}
                        >
                          {t('invitations.revoke')}
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
