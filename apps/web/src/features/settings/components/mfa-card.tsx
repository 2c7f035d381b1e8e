/**
 * Two-step verification in /settings (ADR 0025): this session's assurance level, set up an
 * authenticator app (QR code and the key to type) or codes by SMS (to a confirmed phone) or e-mail, recovery codes shown once,
 * new recovery codes, turning it off. Every change asks for the password again. Administrators also
 * see which roles must use it.
 */
import type { MeResponse } from '@painlab/shared/auth';
import {
  MFA_GRACE_DAYS_MAX,
  type MfaRolePolicy,
  type UpdateMfaPolicyInput,
} from '@painlab/shared/mfa';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'react-qr-code';
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
import { toast } from '../../../lib/toast';
import {
  disableMfa,
  enableEmailCodes,
  enableTotp,
  manualKeyOf,
  MfaError,
  regenerateRecoveryCodes,
  sendEmailCode,
  useMfaPolicy,
  useRefreshViewer,
  useSetMfaPolicy,
  verifyEmailCode,
  verifyTotp,
} from '../api/mfa';

type Stage =
  | { kind: 'idle' }
  | { kind: 'totp'; uri: string; codes: string[] }
  | { kind: 'otp'; ending: string | null }
  | { kind: 'codes'; codes: string[] };

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="recovery-codes">
      <h3 className="text-base font-semibold text-slate-900">{t('settings.mfa.codesTitle')}</h3>
      <Alert tone="warning">{t('settings.mfa.codesIntro')}</Alert>
      <ul className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900 sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => toast.success(t('settings.mfa.copied')));
          }}
        >
          {t('settings.mfa.copy')}
        </Button>
        <Button onClick={onDone}>{t('settings.mfa.codesDone')}</Button>
      </div>
    </div>
  );
}

/** One role's row of the policy: required once set up; everyone must set it up, within N days. */
function PolicyRow({
  rule,
  disabled,
  onSave,
}: {
  rule: MfaRolePolicy;
  disabled: boolean;
  onSave: (input: UpdateMfaPolicyInput) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [days, setDays] = useState(String(rule.graceDays));
  const daysValid = /^\d{1,2}$/.test(days) && Number(days) <= MFA_GRACE_DAYS_MAX;
  const label = t(`roleBadge.${rule.role}`);
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{label}</legend>
        <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-6">
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 accent-teal-700"
              checked={rule.required}
              disabled={disabled || rule.enforced}
              onChange={(e) => onSave({ role: rule.role, required: e.currentTarget.checked })}
            />
            {t('settings.mfa.policyRequired')}
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 accent-teal-700"
              checked={rule.enforced}
              disabled={disabled}
              onChange={(e) =>
                onSave({
                  role: rule.role,
                  required: rule.required || e.currentTarget.checked,
                  enforced: e.currentTarget.checked,
                })
              }
            />
            {t('settings.mfa.policyEnforced')}
          </label>
        </div>
        {rule.enforced ? (
          <form
            className="mt-2 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (daysValid)
                onSave({
                  role: rule.role,
                  required: true,
                  enforced: true,
                  graceDays: Number(days),
                });
            }}
          >
            <FormField
              id={`${id}-days`}
              label={t('settings.mfa.policyGraceDays')}
              className="w-44"
              error={daysValid ? undefined : t('settings.mfa.policyGraceInvalid')}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={days}
                  maxLength={2}
                  onChange={(e) => setDays(e.currentTarget.value.trim())}
                />
              )}
            </FormField>
            <Button type="submit" variant="secondary" disabled={disabled || !daysValid}>
              {t('settings.mfa.policyGraceSave')}
            </Button>
            {rule.enforcedSince ? (
              <p className="basis-full text-xs text-slate-600">
                {t('settings.mfa.policySince', {
                  date: new Date(rule.enforcedSince).toLocaleDateString(i18n.language, {
                    dateStyle: 'long',
                  }),
                })}
              </p>
            ) : null}
          </form>
        ) : null}
      </fieldset>
    </li>
  );
}

function PolicyCard() {
  const { t } = useTranslation();
  const policy = useMfaPolicy(true);
  const set = useSetMfaPolicy();
  return (
    <div className="mt-6 border-t border-slate-200 pt-5" data-testid="mfa-policy">
      <h3 className="text-base font-semibold text-slate-900">{t('settings.mfa.policyTitle')}</h3>
      <p className="mt-1 text-sm text-slate-600">{t('settings.mfa.policyIntro')}</p>
      <p className="mt-1 mb-3 text-sm text-slate-600">{t('settings.mfa.policyIntroEnforce')}</p>
      <ul className="flex flex-col gap-2">
        {policy.data?.roles.map((rule) => (
          <PolicyRow
            key={`${rule.role}-${rule.graceDays}`}
            rule={rule}
            disabled={set.isPending}
            onSave={(input) =>
              set.mutate(input, {
                onSuccess: () => toast.success(t('settings.mfa.policySaved')),
              })
            }
          />
        ))}
      </ul>
    </div>
  );
}

export function MfaCard({ me }: { me: MeResponse }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const refresh = useRefreshViewer();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mfa } = me;
  // sent here to set a factor up (/settings#two-step): this card in view
  useEffect(() => {
    if (window.location.hash === '#two-step') document.getElementById('two-step')?.scrollIntoView();
  }, []);
  const canEditPolicy = me.permissions.users?.includes('edit') ?? false;

  const fail = (e: unknown) => {
    const code = e instanceof MfaError ? e.code : null;
    setError(
      code === 'INVALID_PASSWORD'
        ? t('settings.mfa.wrongPassword')
        : code === 'INVALID_CODE' || code === 'CODE_ALREADY_USED' || code === 'OTP_HAS_EXPIRED'
          ? t('settings.mfa.wrongCode')
          : t('settings.mfa.failed'),
    );
  };
  const run = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const needPassword = () => {
    if (password) return true;
    setError(t('settings.mfa.wrongPassword'));
    return false;
  };

  const startTotp = () =>
    needPassword() &&
    void run(async () => {
      const { totpURI, backupCodes } = await enableTotp(password);
      setPassword('');
      setCode('');
      setStage({ kind: 'totp', uri: totpURI, codes: backupCodes });
    });
  const startOtp = () =>
    needPassword() &&
    void run(async () => {
      await enableEmailCodes(password);
      const sent = await sendEmailCode();
      setPassword('');
      setCode('');
      // not yet enrolled as far as this page is concerned: the code below confirms it (and makes
      // this session aal2), then the viewer is read again
      setStage({ kind: 'otp', ending: sent.channel === 'sms' ? (sent.ending ?? null) : null });
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    void run(async () => {
      if (stage.kind === 'totp') {
        await verifyTotp(value);
        setStage({ kind: 'codes', codes: stage.codes });
      } else {
        await verifyEmailCode(value);
        setStage({ kind: 'idle' });
      }
      toast.success(t('settings.mfa.enabled'));
      await refresh();
    });
  };
  const turnOff = () =>
    needPassword() &&
    void run(async () => {
      await disableMfa(password);
      setPassword('');
      toast.success(t('settings.mfa.disabled'));
      await refresh();
    });
  const regenerate = () =>
    needPassword() &&
    void run(async () => {
      const { backupCodes } = await regenerateRecoveryCodes(password);
      setPassword('');
      setStage({ kind: 'codes', codes: backupCodes });
      toast.success(t('settings.mfa.regenerated'));
    });

  return (
    <Card data-testid="mfa-card" id="two-step">
      <CardHeader>
        <CardTitle>{t('settings.mfa.title')}</CardTitle>
        <CardDescription>{t('settings.mfa.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-slate-500">{t('settings.mfa.level')}</dt>
          <dd className="flex items-center gap-2 text-slate-900" data-testid="mfa-level">
            {mfa.aal === 2 ? (
              <ShieldCheck aria-hidden="true" className="h-4 w-4 text-emerald-700" />
            ) : null}
            {t(`settings.mfa.aal${mfa.aal}`)}
          </dd>
          <dt className="font-medium text-slate-500">{t('settings.mfa.enrolledStatus')}</dt>
          <dd>
            <Badge data-testid="mfa-status">
              {mfa.enrolled ? t('settings.mfa.statusOn') : t('settings.mfa.statusOff')}
            </Badge>
          </dd>
        </dl>
        {mfa.stepUpNeeded ? (
          <Alert tone="warning">
            {t('settings.mfa.stepUpNeeded')}{' '}
            <a
              className="font-medium underline"
              href={`/login?step=mfa&redirect=${encodeURIComponent('/settings')}`}
            >
              {t('settings.mfa.stepUpLink')}
            </a>
          </Alert>
        ) : null}
        {mfa.enrolmentNeeded ? (
          <Alert tone="error" data-testid="mfa-enrol-now">
            {t('settings.mfa.enrolNow')}
          </Alert>
        ) : mfa.enrolBy ? (
          <Alert tone="warning" data-testid="mfa-enrol-by">
            {t('settings.mfa.enrolBy', {
              date: new Date(mfa.enrolBy).toLocaleDateString(i18n.language, { dateStyle: 'long' }),
            })}
          </Alert>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}

        {stage.kind === 'codes' ? (
          <RecoveryCodes codes={stage.codes} onDone={() => setStage({ kind: 'idle' })} />
        ) : stage.kind === 'totp' || stage.kind === 'otp' ? (
          <form className="flex flex-col gap-4" onSubmit={confirm} noValidate>
            {stage.kind === 'totp' ? (
              <>
                <h3 className="text-base font-semibold text-slate-900">
                  {t('settings.mfa.scanTitle')}
                </h3>
                <div className="self-start rounded-md border border-slate-200 bg-white p-3">
                  <QRCode
                    value={stage.uri}
                    size={176}
                    role="img"
                    aria-label={t('settings.mfa.qrLabel')}
                    data-testid="totp-qr"
                  />
                </div>
                <div>
                  <p className="text-sm font-medium text-slate-800">
                    {t('settings.mfa.manualKey')}
                  </p>
                  <code
                    className="mt-1 block rounded bg-slate-50 p-2 font-mono text-sm break-all text-slate-900"
                    data-testid="totp-key"
                  >
                    {manualKeyOf(stage.uri)}
                  </code>
                </div>
              </>
            ) : null}
            <FormField
              id={`${id}-code`}
              label={
                stage.kind === 'totp'
                  ? t('settings.mfa.confirmCode')
                  : stage.ending
                    ? t('settings.mfa.confirmOtpSms', { ending: stage.ending })
                    : t('settings.mfa.confirmOtp')
              }
            >
              {(control) => (
                <Input
                  {...control}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
              )}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
                {t('settings.mfa.verify')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setStage({ kind: 'idle' });
                  setError(null);
                }}
              >
                {t('settings.mfa.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-4">
            <FormField
              id={`${id}-password`}
              label={t('settings.mfa.password')}
              hint={t('settings.mfa.passwordHint')}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  name="mfa-password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
              )}
            </FormField>
            <div className="flex flex-wrap gap-2">
              {mfa.twoFactor ? (
                <>
                  <Button variant="secondary" disabled={busy} onClick={regenerate}>
                    {t('settings.mfa.regenerate')}
                  </Button>
                  <Button variant="dangerGhost" disabled={busy} onClick={turnOff}>
                    {t('settings.mfa.disable')}
                  </Button>
                </>
              ) : (
                <>
                  <Button disabled={busy} onClick={startTotp}>
                    {t('settings.mfa.enableTotp')}
                  </Button>
                  <Button variant="secondary" disabled={busy} onClick={startOtp}>
                    {t('settings.mfa.enableOtp')}
                  </Button>
                </>
              )}
            </div>
            {mfa.twoFactor ? null : (
              <p className="text-sm text-slate-600">{t('settings.mfa.otpHint')}</p>
            )}
          </div>
        )}
        {canEditPolicy ? <PolicyCard /> : null}
      </CardContent>
    </Card>
  );
}
