/**
 * Passkeys in /settings (ADR 0033): add one (named), list, rename and remove. Adding or removing
 * a passkey once the account has a second factor needs a session confirmed with it (aal2): the card
 * says so and links to the confirmation step.
 */
import type { MeResponse } from '@painlab/shared/auth';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
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
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../hooks/use-formatters';
import { toast } from '../../../lib/toast';
import { MfaError, useRefreshViewer } from '../api/mfa';
import { usePasskeyChange, usePasskeys, type Passkey } from '../api/passkeys';

export const PASSKEY_NAME_MAX = 50;

function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => {
    const code = error instanceof MfaError ? error.code : null;
    if (code === 'MFA_REQUIRED') return t('settings.passkeys.needAal2');
    if (code === 'SESSION_NOT_FRESH') return t('settings.passkeys.notFresh');
    if (code === 'NotAllowedError' || code === 'AbortError')
      return t('settings.passkeys.cancelled');
    if (code === 'InvalidStateError') return t('settings.passkeys.already');
    if (code === 'NotSupportedError') return t('settings.passkeys.unsupported');
    return t('settings.passkeys.failed');
  };
}

function PasskeyRow({ passkey, onError }: { passkey: Passkey; onError: (e: unknown) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const format = useFormatters();
  const { rename, remove } = usePasskeyChange();
  const refresh = useRefreshViewer();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [name, setName] = useState(passkey.name ?? '');
  const label = passkey.name || t('settings.passkeys.unnamed');

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!value || value.length > PASSKEY_NAME_MAX) return;
    rename.mutate(
      { id: passkey.id, name: value },
      {
        onSuccess: () => {
          setMode('view');
          toast.success(t('settings.passkeys.renamed'));
        },
        onError,
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="passkey">
      <div className="flex flex-wrap items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium break-words text-slate-900">
            {label}
            {passkey.backedUp ? <Badge>{t('settings.passkeys.synced')}</Badge> : null}
          </p>
          {passkey.createdAt ? (
            <p className="text-xs text-slate-500">
              {t('settings.passkeys.added', { date: format.dateTime(passkey.createdAt) })}
            </p>
          ) : null}
        </div>
        {mode === 'view' ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('settings.passkeys.renameNamed', { name: label })}
              onClick={() => setMode('rename')}
            >
              {t('settings.passkeys.rename')}
            </Button>
            <Button
              variant="dangerGhost"
              size="sm"
              aria-label={t('settings.passkeys.removeNamed', { name: label })}
              onClick={() => setMode('remove')}
            >
              {t('settings.passkeys.remove')}
            </Button>
          </div>
        ) : null}
      </div>
      {mode === 'rename' ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={saveName} noValidate>
          <FormField id={`${id}-name`} label={t('settings.passkeys.name')} className="flex-1">
            {(control) => (
              <Input
                {...control}
                name="passkey-name"
                maxLength={PASSKEY_NAME_MAX}
                value={name}
                autoFocus
                onChange={(e) => setName(e.currentTarget.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={rename.isPending || !name.trim()}>
            {t('settings.passkeys.save')}
          </Button>
          <Button variant="secondary" onClick={() => setMode('view')}>
            {t('settings.mfa.cancel')}
          </Button>
        </form>
      ) : null}
      {mode === 'remove' ? (
        <div
          className="flex flex-wrap items-center gap-2"
          role="group"
          aria-label={t('settings.passkeys.removeNamed', { name: label })}
        >
          <p className="flex-1 text-sm text-slate-700">
            {t('settings.passkeys.removeConfirm', { name: label })}
          </p>
          <Button
            variant="danger"
            autoFocus
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            onClick={() =>
              remove.mutate(passkey.id, {
                onSuccess: () => {
                  toast.success(t('settings.passkeys.removed', { name: label }));
                  void refresh();
                },
                onError: (e) => {
                  setMode('view');
                  onError(e);
                },
              })
            }
          >
            {t('settings.passkeys.removeYes')}
          </Button>
          <Button variant="secondary" onClick={() => setMode('view')}>
            {t('settings.mfa.cancel')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function PasskeysCard({ me }: { me: MeResponse }) {
  const { t } = useTranslation();
  const id = useId();
  const passkeys = usePasskeys();
  const { add } = usePasskeyChange();
  const refresh = useRefreshViewer();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsStepUp, setNeedsStepUp] = useState(false);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const onError = (e: unknown) => {
    setNeedsStepUp(e instanceof MfaError && e.code === 'MFA_REQUIRED');
    setError(errorText(e));
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!value) {
      setNameError(t('settings.passkeys.nameRequired'));
      document.getElementById(`${id}-new-name`)?.focus();
      return;
    }
    setNameError(null);
    setError(null);
    add.mutate(value, {
      onSuccess: () => {
        setName('');
        toast.success(t('settings.passkeys.created', { name: value }));
        void refresh();
      },
      onError,
    });
  };

  return (
    <Card data-testid="passkeys-card">
      <CardHeader>
        <CardTitle>{t('settings.passkeys.title')}</CardTitle>
        <CardDescription>{t('settings.passkeys.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {error ? (
          <Alert tone="error">
            {error}
            {needsStepUp || me.mfa.stepUpNeeded ? (
              <>
                {' '}
                <a
                  className="font-medium underline"
                  href={`/login?step=mfa&redirect=${encodeURIComponent('/settings')}`}
                >
                  {t('settings.mfa.stepUpLink')}
                </a>
              </>
            ) : null}
          </Alert>
        ) : null}
        {passkeys.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span role="status" className="sr-only">
              {t('settings.passkeys.loading')}
            </span>
            <Skeleton className="h-10" />
          </div>
        ) : passkeys.isError ? (
          <Alert tone="error">{t('settings.passkeys.loadFailed')}</Alert>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('settings.passkeys.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('settings.passkeys.title')}>
            {passkeys.data.map((p) => (
              <PasskeyRow key={p.id} passkey={p} onError={onError} />
            ))}
          </ul>
        )}
        {supported ? (
          <form className="flex flex-wrap items-end gap-2" onSubmit={onAdd} noValidate>
            <FormField
              id={`${id}-new-name`}
              label={t('settings.passkeys.name')}
              hint={t('settings.passkeys.nameHint')}
              error={nameError ?? undefined}
              className="min-w-48 flex-1"
            >
              {(control) => (
                <Input
                  {...control}
                  name="new-passkey-name"
                  maxLength={PASSKEY_NAME_MAX}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                />
              )}
            </FormField>
            <Button type="submit" disabled={add.isPending} aria-busy={add.isPending || undefined}>
              {add.isPending ? t('settings.passkeys.adding') : t('settings.passkeys.add')}
            </Button>
          </form>
        ) : (
          <Alert tone="info">{t('settings.passkeys.unsupported')}</Alert>
        )}
      </CardContent>
    </Card>
  );
}
