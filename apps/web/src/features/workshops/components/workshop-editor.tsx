import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  WORKSHOP_CURRENCIES,
  WORKSHOP_MARKETS,
  WORKSHOP_STATUSES,
  type StaffWorkshop,
  type WorkshopInput,
} from '@painlab/shared/workshops';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { useCreateWorkshop, useUpdateWorkshop } from '../api/workshops';
import { isoToZoned, zonedToIso } from '../lib/zoned-time';

const text = (max: number) => z.string().trim().max(max, { error: 'too_long' });
const required = (max: number) => text(max).min(1, { error: 'required' });

/** What the form edits: plain strings (the API's input is built from them on submit). */
const formSchema = z.object({
  slug: required(80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'invalid' }),
  market: z.enum(WORKSHOP_MARKETS),
  status: z.enum(WORKSHOP_STATUSES),
  titleEs: required(160),
  summaryEs: required(400),
  descriptionEs: required(4000),
  titleEn: text(160),
  summaryEn: text(400),
  descriptionEn: text(4000),
  facilitator: required(160),
  timeZone: required(60),
  venue: text(200),
  address: text(300),
  onlineUrl: text(500),
  onlinePlatform: text(60),
  price: z.string().regex(/^\d{1,6}(?:[.,]\d{1,2})?$/, { error: 'invalid' }),
  currency: z.enum(WORKSHOP_CURRENCIES),
  capacity: z.string().regex(/^\d{1,4}$/, { error: 'invalid' }),
  sessions: z
    .array(
      z.object({
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' }),
        start: z.string().regex(/^\d{2}:\d{2}$/, { error: 'required' }),
        end: z.string().regex(/^\d{2}:\d{2}$/, { error: 'required' }),
      }),
    )
    .min(1, { error: 'required' })
    .max(52, { error: 'too_many' }),
});
type FormValues = z.infer<typeof formSchema>;

const orNull = (s: string) => (s.trim() ? s.trim() : null);

function toInput(v: FormValues): WorkshopInput {
  return {
    slug: v.slug,
    market: v.market,
    status: v.status,
    titleEs: v.titleEs,
    summaryEs: v.summaryEs,
    descriptionEs: v.descriptionEs,
    titleEn: orNull(v.titleEn),
    summaryEn: orNull(v.summaryEn),
    descriptionEn: orNull(v.descriptionEn),
    facilitator: v.facilitator,
    timeZone: v.timeZone.trim(),
    venue: orNull(v.venue),
    address: orNull(v.address),
    onlineUrl: orNull(v.onlineUrl),
    onlinePlatform: orNull(v.onlinePlatform),
    priceCents: Math.round(Number(v.price.replace(',', '.')) * 100),
    currency: v.currency,
    capacity: Number(v.capacity),
    sessions: v.sessions.map((s) => ({
      startsAt: zonedToIso(s.date, s.start, v.timeZone.trim()),
      endsAt: zonedToIso(s.date, s.end, v.timeZone.trim()),
    })),
  };
}

function valuesOf(w: StaffWorkshop | null): FormValues {
  if (!w)
    return {
      slug: '',
      market: 'es',
      status: 'draft',
      titleEs: '',
      summaryEs: '',
      descriptionEs: '',
      titleEn: '',
      summaryEn: '',
      descriptionEn: '',
      facilitator: '',
      timeZone: 'Europe/Madrid',
      venue: '',
      address: '',
      onlineUrl: '',
      onlinePlatform: '',
      price: '0',
      currency: 'EUR',
      capacity: '12',
      sessions: [{ date: '', start: '18:30', end: '20:00' }],
    };
  return {
    slug: w.slug,
    market: w.market,
    status: w.status,
    titleEs: w.titleEs,
    summaryEs: w.summaryEs,
    descriptionEs: w.descriptionEs,
    titleEn: w.titleEn ?? '',
    summaryEn: w.summaryEn ?? '',
    descriptionEn: w.descriptionEn ?? '',
    facilitator: w.facilitator,
    timeZone: w.timeZone,
    venue: w.venue ?? '',
    address: w.address ?? '',
    onlineUrl: w.onlineUrl ?? '',
    onlinePlatform: w.onlinePlatform ?? '',
    price: (w.priceCents / 100).toFixed(2),
    currency: w.currency,
    capacity: String(w.capacity),
    sessions: w.sessions.map((s) => {
      const start = isoToZoned(s.startsAt, w.timeZone);
      return { date: start.date, start: start.time, end: isoToZoned(s.endsAt, w.timeZone).time };
    }),
  };
}

/** Creating a workshop (`workshop` null) or editing one, with its sessions, in both languages. */
export function WorkshopEditor({
  workshop,
  onDone,
}: {
  workshop: StaffWorkshop | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('workshops');
  const message = useFieldMessage();
  const create = useCreateWorkshop();
  const update = useUpdateWorkshop();
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const form = useForm<FormValues, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(workshop),
  });
  const sessions = useFieldArray({ control: form.control, name: 'sessions' });
  const errors = form.formState.errors;
  const idOf = (f: string) => `workshop-${f}`;

  const submit = form.handleSubmit((values) => {
    const input = toInput(values);
    const bad = input.sessions.findIndex((s) => Date.parse(s.endsAt) <= Date.parse(s.startsAt));
    if (bad >= 0) {
      form.setError(`sessions.${bad}.end`, { message: 'invalid' });
      return;
    }
    const done = {
      onSuccess: onDone,
      // a field the server refused (an address another workshop uses) is marked on the field
      onError: (error: unknown) => {
        if (!isApiError(error, 400)) return;
        for (const issue of error.details ?? [])
          if (issue.path in values)
            form.setError(
              issue.path as keyof FormValues,
              { type: 'server', message: issue.message },
              { shouldFocus: true },
            );
      },
    };
    if (workshop) update.mutate({ id: workshop.id, input }, done);
    else create.mutate(input, done);
  });

  const field = (
    name: Exclude<keyof FormValues, 'sessions' | 'market' | 'status' | 'currency'>,
    options: { required?: boolean; area?: boolean; hint?: string; type?: string } = {},
  ) => (
    <FormField
      id={idOf(name)}
      label={t(`fields.${name}`)}
      required={options.required}
      error={message(errors[name]?.message)}
      hint={options.hint}
    >
      {(control) =>
        options.area ? (
          <Textarea rows={4} {...control} {...form.register(name)} />
        ) : (
          <Input type={options.type ?? 'text'} {...control} {...form.register(name)} />
        )
      }
    </FormField>
  );
  const choice = <V extends string>(
    name: 'market' | 'status' | 'currency',
    values: readonly V[],
    label: (v: V) => string,
  ) => (
    <FormField id={idOf(name)} label={t(`fields.${name}`)} required>
      {(control) => (
        <Select {...control} {...form.register(name)}>
          {values.map((v) => (
            <option key={v} value={v}>
              {label(v)}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );

  return (
    <section
      aria-labelledby="workshop-editor-title"
      className="mb-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:p-6"
    >
      <h2 id="workshop-editor-title" className="text-lg font-semibold text-slate-900">
        {workshop ? t('editorEdit') : t('editorNew')}
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        {failure ? <Alert tone="error">{failure.message || t('saveFailed')}</Alert> : null}
        <div className="grid gap-4 md:grid-cols-3">
          {field('slug', { required: true, hint: t('fields.slugHint') })}
          {choice('market', WORKSHOP_MARKETS, (v) => t(`markets.${v}`))}
          {choice('status', WORKSHOP_STATUSES, (v) => t(`statuses.${v}`))}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-4">
            {field('titleEs', { required: true })}
            {field('summaryEs', { required: true, area: true })}
            {field('descriptionEs', { required: true, area: true })}
          </div>
          <div className="flex flex-col gap-4">
            {field('titleEn', { hint: t('fields.englishHint') })}
            {field('summaryEn', { area: true })}
            {field('descriptionEn', { area: true })}
          </div>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {field('facilitator', { required: true })}
          {field('timeZone', { required: true })}
          {field('venue', { hint: t('fields.placeHint') })}
          {field('address')}
          {field('onlineUrl', { type: 'url' })}
          {field('onlinePlatform')}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {field('price', { required: true })}
          {choice('currency', WORKSHOP_CURRENCIES, (v) => v)}
          {field('capacity', { required: true, type: 'number' })}
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium text-slate-800">{t('fields.sessions')}</legend>
          {sessions.fields.map((s, i) => (
            <div key={s.id} className="flex flex-wrap items-end gap-3">
              {(['date', 'start', 'end'] as const).map((part) => (
                <FormField
                  key={part}
                  id={idOf(`session-${i}-${part}`)}
                  label={`${t(`fields.${part}`)} ${i + 1}`}
                  required
                  error={message(errors.sessions?.[i]?.[part]?.message)}
                >
                  {(control) => (
                    <Input
                      type={part === 'date' ? 'date' : 'time'}
                      {...control}
                      {...form.register(`sessions.${i}.${part}`)}
                    />
                  )}
                </FormField>
              ))}
              <Button
                variant="dangerGhost"
                size="sm"
                disabled={sessions.fields.length === 1}
                onClick={() => sessions.remove(i)}
              >
                {t('fields.removeSession', { n: i + 1 })}
              </Button>
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                const last = form.getValues(`sessions.${sessions.fields.length - 1}`);
                sessions.append({
                  date: '',
                  start: last?.start ?? '18:30',
                  end: last?.end ?? '20:00',
                });
              }}
            >
              {t('fields.addSession')}
            </Button>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? t('saving') : t('save')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {t('close')}
          </Button>
        </div>
      </form>
    </section>
  );
}
