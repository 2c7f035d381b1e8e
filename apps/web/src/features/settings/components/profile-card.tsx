/**
 * The profile (ADR 0041): the name (better-auth's update-user), and the phone number. A number is
 * added or changed with the current password; the server sends a code by SMS and the number is set
 * only when that code is typed here. Without an SMS service the message waits in the Outbox, and
 * the page says so. Removing the number also asks for the password.
 */
import { PHONE_INPUT_MAX } from '@painlab/shared/account';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isApiError, NetworkError } from '../../../lib/api-client';
import {
  usePhone,
  useRemovePhone,
  useRequestPhoneChange,
  useUpdateName,
  useVerifyPhone,
} from '../api/phone';

type Stage =
  | { kind: 'idle' }
  | { kind: 'enter' }
  | { kind: 'code'; phoneNumber: string; minutes: number; toOutbox: boolean }
  | { kind: 'remove' };

export function ProfileCard({ name }: { name: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card data-testid="profile-card" id="profile">
      <CardHeader>
        <CardTitle id={titleId}>{t('settings.profile.title')}</CardTitle>
        <CardDescription>{t('settings.profile.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <NameForm name={name} />
        <PhoneSection />
      </CardContent>
    </Card>
  );
}

function NameForm({ name }: { name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateName();
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setValue(name), [name]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) {
      setProblem(t('validation.name_required'));
      return;
    }
    setProblem(null);
    update.mutate(trimmed);
  };
  return (
    <form
      noValidate
      aria-label={t('settings.profile.nameForm')}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={submit}
    >
      <FormField
        id={`${id}-name`}
        label={t('settings.profile.name')}
        required
        error={problem ?? undefined}
        className="flex-1"
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            value={value}
            maxLength={200}
            onChange={(e) => {
              setValue(e.target.value);
              update.reset();
            }}
          />
        )}
      </FormField>
      <div>
        <Button
          type="submit"
          variant="secondary"
          disabled={update.isPending || value.trim() === name}
          aria-busy={update.isPending || undefined}
        >
          {t('settings.profile.saveName')}
        </Button>
      </div>
      {update.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800 sm:self-center">
          {t('settings.profile.nameSaved')}
        </p>
      ) : null}
      {update.isError ? (
        <Alert tone="error" className="sm:self-center">
          {t('settings.profile.failed')}
        </Alert>
      ) : null}
    </form>
  );
}

function PhoneSection() {
  const { t } = useTranslation();
  const id = useId();
  const message = useFieldMessage();
  const phone = usePhone();
  const request = useRequestPhoneChange();
  const verify = useVerifyPhone();
  const remove = useRemovePhone();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [done, setDone] = useState<'added' | 'removed' | null>(null);
  const focusTarget = useRef<HTMLElement | null>(null);
  const current = phone.data?.phoneNumber ?? null;

  // the first field of a new step takes the focus (keyboard and screen-reader users land in it)
  useEffect(() => {
    focusTarget.current?.focus();
  }, [stage.kind]);

  const active = stage.kind === 'code' ? verify : stage.kind === 'remove' ? remove : request;
  const issues = isApiError(active.error, 400) ? (active.error.details ?? []) : [];
  const fieldError = (path: string) => message(issues.find((i) => i.path === path)?.message);
  const other =
    active.error && !isApiError(active.error, 400)
      ? active.error instanceof NetworkError
        ? t('settings.profile.network')
        : active.error instanceof Error
          ? active.error.message
          : t('settings.profile.failed')
      : null;

  const reset = (next: Stage) => {
    request.reset();
    verify.reset();
    remove.reset();
    setPassword('');
    setCode('');
    setStage(next);
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    request.mutate(
      { phoneNumber: number, password },
      {
        onSuccess: (result) => {
          setPassword('');
          setStage({
            kind: 'code',
            phoneNumber: number.replace(/[\s().-]/g, ''),
            minutes: result.minutes,
            toOutbox: result.toOutbox,
          });
        },
      },
    );
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind !== 'code') return;
    verify.mutate(
      { phoneNumber: stage.phoneNumber, code },
      {
        onSuccess: () => {
          setDone('added');
          setNumber('');
          reset({ kind: 'idle' });
        },
      },
    );
  };
  const removeNumber = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          setDone('removed');
          reset({ kind: 'idle' });
        },
      },
    );
  };

  const passwordField = (
    <FormField
      id={`${id}-password`}
      label={t('settings.profile.password')}
      hint={t('settings.profile.passwordHint')}
      required
      error={fieldError('password')}
    >
      {(control) => (
        <Input
          {...control}
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={128}
          ref={stage.kind === 'remove' ? (el) => void (focusTarget.current = el) : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
    </FormField>
  );
  const cancel = (
    <Button variant="ghost" onClick={() => reset({ kind: 'idle' })}>
      {t('settings.profile.cancel')}
    </Button>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div>
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {t('settings.profile.phoneTitle')}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t('settings.profile.phoneIntro')}</p>
      </div>
      <p className="text-sm text-slate-900" data-testid="phone-current">
        {phone.isPending
          ? t('settings.profile.loading')
          : current
            ? t('settings.profile.phoneIs', { phone: current })
            : t('settings.profile.noPhone')}
      </p>
      {done === 'added' ? (
        <Alert tone="success">{t('settings.profile.phoneAdded', { phone: current ?? '' })}</Alert>
      ) : null}
      {done === 'removed' ? (
        <Alert tone="success">{t('settings.profile.phoneRemoved')}</Alert>
      ) : null}

      {stage.kind === 'idle' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              setDone(null);
              reset({ kind: 'enter' });
            }}
          >
            {current ? t('settings.profile.changePhone') : t('settings.profile.addPhone')}
          </Button>
          {current ? (
            <Button
              variant="dangerGhost"
              onClick={() => {
                setDone(null);
                reset({ kind: 'remove' });
              }}
            >
              {t('settings.profile.removePhone')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {stage.kind === 'enter' ? (
        <form
          noValidate
          aria-label={t('settings.profile.phoneForm')}
          className="flex flex-col gap-4"
          onSubmit={sendCode}
        >
          <FormField
            id={`${id}-number`}
            label={t('settings.profile.phoneNumber')}
            hint={t('settings.profile.phoneHint')}
            required
            error={fieldError('phoneNumber')}
          >
            {(control) => (
              <Input
                {...control}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                value={number}
                maxLength={PHONE_INPUT_MAX}
                ref={(el) => void (focusTarget.current = el)}
                onChange={(e) => setNumber(e.target.value)}
              />
            )}
          </FormField>
          {passwordField}
          {other ? <Alert tone="error">{other}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              disabled={request.isPending}
              aria-busy={request.isPending || undefined}
            >
              {request.isPending ? t('settings.profile.sending') : t('settings.profile.sendCode')}
            </Button>
            {cancel}
          </div>
        </form>
      ) : null}

      {stage.kind === 'code' ? (
        <form
          noValidate
          aria-label={t('settings.profile.codeForm')}
          className="flex flex-col gap-4"
          onSubmit={confirm}
        >
          <Alert tone="info" data-testid="phone-code-sent">
            {t('settings.profile.codeSent', { phone: stage.phoneNumber, minutes: stage.minutes })}
            {stage.toOutbox ? ` ${t('settings.profile.codeOutbox')}` : ''}
          </Alert>
          <FormField
            id={`${id}-code`}
            label={t('settings.profile.code')}
            required
            error={fieldError('code') ?? fieldError('phoneNumber')}
          >
            {(control) => (
              <Input
                {...control}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                maxLength={12}
                ref={(el) => void (focusTarget.current = el)}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </FormField>
          {other ? <Alert tone="error">{other}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              disabled={verify.isPending}
              aria-busy={verify.isPending || undefined}
            >
              {t('settings.profile.confirm')}
            </Button>
            {cancel}
          </div>
        </form>
      ) : null}

      {stage.kind === 'remove' ? (
        <form
          noValidate
          aria-label={t('settings.profile.removeForm')}
          className="flex flex-col gap-4"
          onSubmit={removeNumber}
        >
          <p className="text-sm text-slate-700">{t('settings.profile.removeIntro')}</p>
          {passwordField}
          {other ? <Alert tone="error">{other}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant="danger"
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
            >
              {t('settings.profile.removeConfirm')}
            </Button>
            {cancel}
          </div>
        </form>
      ) : null}
    </section>
  );
}
