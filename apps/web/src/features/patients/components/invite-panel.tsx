import { zodResolver } from '@hookform/resolvers/zod';
import { inviteInputSchema, type Patient } from '@painlab/shared/patients';
import { Copy, Mail, Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChoiceToggle } from '../../../components/ui/choice-toggle';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useFormatters } from '../../../hooks/use-formatters';
import { useInvitePatient, type InviteInput, type InviteResult } from '../api/invite-patient';
import { errorText } from '../lib/error-text';

/** The form: a channel and one address, each checked by the shared invitation schema's rule. */
const formSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), value: inviteInputSchema.shape.email.unwrap() }),
  z.object({ channel: z.literal('phone'), value: inviteInputSchema.shape.phone.unwrap() }),
]);
type FormValues = z.input<typeof formSchema>;
type Channel = FormValues['channel'];

/**
 * The portal state of a chart and "Invite patient" by e-mail or phone. When the server could not
 * deliver the invitation (`delivered: 'none'`), the link is shown to copy, and it says so plainly.
 */
export function InvitePanel({ patient }: { patient: Patient }) {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  const uid = useId();
  const fieldMessage = useFieldMessage();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<InviteResult | null>(null);
  const invite = useInvitePatient(patient.id);
  const { state, invitedAt } = patient.portal;
  const addressOf = (channel: Channel) =>
    channel === 'email' ? (patient.email ?? '') : (patient.contactNumber ?? '');
  const firstChannel: Channel = patient.email || !patient.contactNumber ? 'email' : 'phone';
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { channel: firstChannel, value: addressOf(firstChannel) },
  });
  const channel = form.watch('channel');

  const chooseChannel = (next: Channel) => {
    form.setValue('channel', next);
    form.setValue('value', addressOf(next));
    form.clearErrors('value');
  };

  const submit = (values: z.output<typeof formSchema>) => {
    const input: InviteInput =
      values.channel === 'email' ? { email: values.value } : { phone: values.value };
    setResult(null);
    invite.mutate(input, {
      onSuccess: (answer) => {
        setResult(answer);
        setOpen(false);
      },
    });
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('portal.copied'));
    } catch {
      toast.error(t('portal.copyFailed'));
    }
  };

  const stateText =
    state === 'linked'
      ? t('portal.state.linked')
      : state === 'invited'
        ? invitedAt
          ? t('portal.state.invited', { date: format.dateTime(invitedAt) })
          : t('portal.state.invitedNoDate')
        : t('portal.state.none');

  return (
    <div className="flex flex-col gap-4" data-testid="portal-panel" data-portal-state={state}>
      <p className="text-sm text-slate-700">{stateText}</p>

      {result ? (
        result.delivered === 'email' ? (
          <Alert tone="success">
            {t('portal.sentEmail', { date: format.dateTime(result.expiresAt) })}
          </Alert>
        ) : (
          <Alert tone="warning" data-testid="invite-not-sent">
            <p>{t('portal.notSent', { date: format.dateTime(result.expiresAt) })}</p>
            <Label htmlFor={`${uid}-link`} className="mt-3 block">
              {t('portal.linkLabel')}
            </Label>
            <div className="mt-1.5 flex flex-col gap-2">
              <Input
                id={`${uid}-link`}
                readOnly
                value={result.link}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono"
              />
              <Button
                variant="secondary"
                onClick={() => void copy(result.link)}
                className="self-start"
              >
                <Copy aria-hidden="true" className="h-4 w-4" />
                {t('portal.copy')}
              </Button>
            </div>
          </Alert>
        )
      ) : null}

      {state !== 'linked' ? (
        open ? (
          <form
            noValidate
            className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
            onSubmit={(event) => void form.handleSubmit(submit)(event)}
          >
            <ChoiceToggle
              legend={t('portal.channel')}
              name={`${uid}-channel`}
              value={channel}
              options={[
                { value: 'email', label: t('portal.byEmail'), icon: Mail },
                { value: 'phone', label: t('portal.byPhone'), icon: Phone },
              ]}
              onChange={chooseChannel}
            />
            <FormField
              id={`${uid}-value`}
              label={channel === 'email' ? t('portal.email') : t('portal.phone')}
              error={fieldMessage(form.formState.errors.value?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  type={channel === 'email' ? 'email' : 'tel'}
                  inputMode={channel === 'email' ? 'email' : 'tel'}
                  autoComplete="off"
                  {...form.register('value')}
                />
              )}
            </FormField>
            {invite.isError ? (
              <Alert tone="error">
                {t('portal.failed', {
                  message: errorText(invite.error, t('errors.unknown'), t('errors.network')),
                })}
              </Alert>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                disabled={invite.isPending}
                aria-busy={invite.isPending || undefined}
              >
                {invite.isPending ? t('portal.sending') : t('portal.send')}
              </Button>
              <Button variant="ghost" onClick={() => setOpen(false)} disabled={invite.isPending}>
                {t('form.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setOpen(true)}>
              <Mail aria-hidden="true" className="h-4 w-4" />
              {state === 'invited' || result ? t('portal.reinvite') : t('portal.invite')}
            </Button>
          </div>
        )
      ) : null}
    </div>
  );
}
