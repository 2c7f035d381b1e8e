/**
 * Create or revise a plan (staff): title, summary, dates, clinicians, and the lists of problems,
 * goals (optionally measured by a questionnaire score with a target) and interventions. The form
 * holds strings; the shared schema checks what is sent. SPEC §8 "treatment options updated" on
 * success; a failure focuses the error summary and toasts (a stale version says so).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { definition, INSTRUMENT_IDS, type InstrumentId } from '@painlab/clinical';
import {
  COMPARATORS,
  FREQUENCIES,
  INTERVENTION_KINDS,
  PLAN_LIMITS,
  type Plan,
  type PlanContentInput,
} from '@painlab/shared/treatments';
import { useId, useRef } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EnumSelect } from '../../../components/ui/enum-select';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useClinicians, useCreatePlan, useRevisePlan } from '../api/treatments-api';
import { useLanguage } from './plan-parts';

const text = (max: number) =>
  z.string().trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });
const optional = (max: number) => z.string().max(max, { error: 'too_long' });
const date = z.union([
  z.literal(''),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' }),
]);
const number = z.union([
  z.literal(''),
  z
    .string()
    .refine((v) => Number.isFinite(Number(v)) && Number(v) >= 0, { error: 'invalid_value' }),
]);

const formSchema = z.object({
  title: text(PLAN_LIMITS.title),
  summary: optional(PLAN_LIMITS.text),
  startsOn: date.refine((v) => v !== '', { error: 'required' }),
  reviewOn: date,
  clinicianIds: z.array(z.string()).min(1, { error: 'required' }),
  problems: z.array(z.object({ id: z.string().optional(), text: text(PLAN_LIMITS.short) })),
  goals: z.array(
    z
      .object({
        id: z.string().optional(),
        text: text(PLAN_LIMITS.short),
        measured: z.boolean(),
        instrumentId: z.enum(INSTRUMENT_IDS),
        measure: z.string(),
        comparator: z.enum(COMPARATORS),
        target: number,
        baseline: number,
        targetDate: date,
      })
      .refine((g) => !g.measured || g.target !== '', { path: ['target'], error: 'required' }),
  ),
  interventions: z.array(
    z.object({
      id: z.string().optional(),
      kind: z.enum(INTERVENTION_KINDS),
      title: text(PLAN_LIMITS.short),
      details: optional(PLAN_LIMITS.text),
      frequency: z.enum(FREQUENCIES),
      startsOn: date,
      endsOn: date,
    }),
  ),
  note: optional(PLAN_LIMITS.note),
});
type FormValues = z.infer<typeof formSchema>;

const today = () => new Date().toISOString().slice(0, 10);

function defaults(plan: Plan | undefined, clinicianId: string | undefined): FormValues {
  const c = plan?.content;
  return {
    title: c?.title ?? '',
    summary: c?.summary ?? '',
    startsOn: c?.startsOn ?? today(),
    reviewOn: c?.reviewOn ?? '',
    clinicianIds: c?.clinicianIds ?? (clinicianId ? [clinicianId] : []),
    problems: c?.problems ?? [],
    goals: (c?.goals ?? []).map((g) => ({
      id: g.id,
      text: g.text,
      measured: g.measure !== null,
      instrumentId: g.measure?.instrumentId ?? 'bpi',
      measure: g.measure?.measure ?? 'interference',
      comparator: g.measure?.comparator ?? 'lt',
      target: g.measure ? String(g.measure.target) : '',
      baseline: g.measure?.baseline != null ? String(g.measure.baseline) : '',
      targetDate: g.targetDate ?? '',
    })),
    interventions: (c?.interventions ?? []).map((i) => ({
      id: i.id,
      kind: i.kind,
      title: i.title,
      details: i.details ?? '',
      frequency: i.frequency,
      startsOn: i.startsOn ?? '',
      endsOn: i.endsOn ?? '',
    })),
    note: '',
  };
}

function toInput(v: FormValues): PlanContentInput {
  return {
    title: v.title,
    summary: v.summary.trim() || null,
    startsOn: v.startsOn,
    reviewOn: v.reviewOn || null,
    clinicianIds: v.clinicianIds,
    problems: v.problems.map((p) => ({ ...(p.id ? { id: p.id } : {}), text: p.text })),
    goals: v.goals.map((g) => ({
      ...(g.id ? { id: g.id } : {}),
      text: g.text,
      measure: g.measured
        ? {
            instrumentId: g.instrumentId,
            // a measure the chosen instrument does not have (it was changed after) is its total
            measure: ['total', ...definition(g.instrumentId).subscales.map((s) => s.key)].includes(
              g.measure,
            )
              ? g.measure
              : 'total',
            comparator: g.comparator,
            target: Number(g.target),
            baseline: g.baseline === '' ? null : Number(g.baseline),
          }
        : null,
      targetDate: g.targetDate || null,
    })),
    interventions: v.interventions.map((i) => ({
      ...(i.id ? { id: i.id } : {}),
      kind: i.kind,
      title: i.title,
      details: i.details.trim() || null,
      frequency: i.frequency,
      startsOn: i.startsOn || null,
      endsOn: i.endsOn || null,
    })),
  };
}

type EditorProps = {
  /** Revise this plan; without it, create one for `patient`. */
  plan?: Plan;
  patient?: { id: string; name?: string };
  clinicianId?: string;
  onDone: (plan: Plan) => void;
  onCancel: () => void;
};

export function PlanEditor({ plan, patient, clinicianId, onDone, onCancel }: EditorProps) {
  const { t } = useTranslation('treatments');
  const message = useFieldMessage();
  const base = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const create = useCreatePlan();
  const revise = useRevisePlan(plan?.id ?? '');
  const clinicians = useClinicians();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(plan, clinicianId),
  });
  const { errors, isSubmitting } = form.formState;
  const problems = useFieldArray({ control: form.control, name: 'problems' });
  const goals = useFieldArray({ control: form.control, name: 'goals' });
  const interventions = useFieldArray({ control: form.control, name: 'interventions' });
  const failed = create.isError || revise.isError || Object.keys(errors).length > 0;

  const focusSummary = () => {
    summaryRef.current?.focus();
    summaryRef.current?.scrollIntoView?.({ block: 'center' });
  };

  async function submit(values: FormValues) {
    const input = toInput(values);
    try {
      const saved = plan
        ? await revise.mutateAsync({ ...input, version: plan.version, note: values.note || null })
        : await create.mutateAsync({ ...input, patientId: patient!.id });
      toast.success(t('saved'));
      onDone(saved);
    } catch (error) {
      toast.error(isApiError(error, 409) ? t('plan.conflict') : t('plan.failed'));
      focusSummary();
    }
  }

  const id = (name: string) => `${base}-${name}`;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit, () => {
        toast.error(t('editor.errorSummary'));
        setTimeout(focusSummary, 0);
      })}
      className="flex flex-col gap-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby={id('heading')}
      data-testid="plan-editor"
    >
      <div>
        <h2 id={id('heading')} className="text-lg font-semibold text-slate-900">
          {plan ? t('plan.edit') : t('editor.newTitle')}
        </h2>
        {patient?.name ? (
          <p className="text-sm text-slate-600">{t('editor.newFor', { name: patient.name })}</p>
        ) : null}
      </div>
      <div ref={summaryRef} tabIndex={-1} className="outline-none">
        {failed ? (
          <Alert tone="error">
            {isApiError(create.error ?? revise.error, 409)
              ? t('plan.conflict')
              : (create.error ?? revise.error)?.message || t('editor.errorSummary')}
          </Alert>
        ) : null}
      </div>

      <FormField
        id={id('title')}
        label={t('editor.title')}
        required
        error={message(errors.title?.message)}
      >
        {(c) => <Input {...c} maxLength={PLAN_LIMITS.title} {...form.register('title')} />}
      </FormField>
      <FormField
        id={id('summary')}
        label={t('editor.summary')}
        error={message(errors.summary?.message)}
      >
        {(c) => <Textarea {...c} rows={3} {...form.register('summary')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={id('starts')}
          label={t('editor.startsOn')}
          required
          error={message(errors.startsOn?.message)}
        >
          {(c) => <Input {...c} type="date" {...form.register('startsOn')} />}
        </FormField>
        <FormField
          id={id('review')}
          label={t('editor.reviewOn')}
          error={message(errors.reviewOn?.message)}
        >
          {(c) => <Input {...c} type="date" {...form.register('reviewOn')} />}
        </FormField>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('editor.clinicians')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {(clinicians.data ?? []).map((c) => (
            <label key={c.id} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                value={c.id}
                className="h-5 w-5 accent-teal-700"
                {...form.register('clinicianIds')}
              />
              {c.name}
            </label>
          ))}
        </div>
        {errors.clinicianIds ? (
          <p className="mt-1 text-sm text-red-700">{message(errors.clinicianIds.message)}</p>
        ) : null}
      </fieldset>

      <Section
        title={t('editor.problems')}
        add={t('editor.addProblem')}
        onAdd={() => problems.append({ text: '' })}
      >
        {problems.fields.map((f, i) => (
          <Item
            key={f.id}
            legend={t('editor.problem', { n: i + 1 })}
            onRemove={() => problems.remove(i)}
          >
            <FormField
              id={id(`problem-${i}`)}
              label={t('editor.problem', { n: i + 1 })}
              required
              error={message(errors.problems?.[i]?.text?.message)}
            >
              {(c) => <Input {...c} {...form.register(`problems.${i}.text`)} />}
            </FormField>
          </Item>
        ))}
      </Section>

      <Section
        title={t('editor.goals')}
        add={t('editor.addGoal')}
        onAdd={() =>
          goals.append({
            text: '',
            measured: true,
            instrumentId: 'bpi',
            measure: 'interference',
            comparator: 'lt',
            target: '',
            baseline: '',
            targetDate: '',
          })
        }
      >
        {goals.fields.map((f, i) => (
          <Item key={f.id} legend={t('editor.goal', { n: i + 1 })} onRemove={() => goals.remove(i)}>
            <FormField
              id={id(`goal-${i}`)}
              label={t('editor.goalText')}
              required
              error={message(errors.goals?.[i]?.text?.message)}
            >
              {(c) => <Input {...c} {...form.register(`goals.${i}.text`)} />}
            </FormField>
            <GoalMeasureFields
              control={form.control}
              index={i}
              idOf={id}
              register={form.register}
              errorOf={(field) =>
                message(
                  (errors.goals?.[i] as Record<string, { message?: string }> | undefined)?.[field]
                    ?.message,
                )
              }
            />
          </Item>
        ))}
      </Section>

      <Section
        title={t('editor.interventions')}
        add={t('editor.addIntervention')}
        onAdd={() =>
          interventions.append({
            kind: 'home_exercise',
            title: '',
            details: '',
            frequency: 'daily',
            startsOn: '',
            endsOn: '',
          })
        }
      >
        {interventions.fields.map((f, i) => (
          <Item
            key={f.id}
            legend={t('editor.intervention', { n: i + 1 })}
            onRemove={() => interventions.remove(i)}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={id(`kind-${i}`)} label={t('editor.kind')}>
                {(c) => (
                  <EnumSelect
                    {...c}
                    options={INTERVENTION_KINDS}
                    labelOf={(k) => t(`kinds.${k}`)}
                    {...form.register(`interventions.${i}.kind`)}
                  />
                )}
              </FormField>
              <FormField id={id(`freq-${i}`)} label={t('editor.frequency')}>
                {(c) => (
                  <EnumSelect
                    {...c}
                    options={FREQUENCIES}
                    labelOf={(k) => t(`frequencies.${k}`)}
                    {...form.register(`interventions.${i}.frequency`)}
                  />
                )}
              </FormField>
            </div>
            <FormField
              id={id(`what-${i}`)}
              label={t('editor.interventionTitle')}
              required
              error={message(errors.interventions?.[i]?.title?.message)}
            >
              {(c) => <Input {...c} {...form.register(`interventions.${i}.title`)} />}
            </FormField>
            <FormField id={id(`details-${i}`)} label={t('editor.details')}>
              {(c) => <Textarea {...c} rows={2} {...form.register(`interventions.${i}.details`)} />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={id(`from-${i}`)} label={t('editor.interventionStarts')}>
                {(c) => (
                  <Input {...c} type="date" {...form.register(`interventions.${i}.startsOn`)} />
                )}
              </FormField>
              <FormField id={id(`until-${i}`)} label={t('editor.interventionEnds')}>
                {(c) => (
                  <Input {...c} type="date" {...form.register(`interventions.${i}.endsOn`)} />
                )}
              </FormField>
            </div>
          </Item>
        ))}
      </Section>

      {plan ? (
        <FormField id={id('note')} label={t('editor.note')} error={message(errors.note?.message)}>
          {(c) => <Input {...c} maxLength={PLAN_LIMITS.note} {...form.register('note')} />}
        </FormField>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('editor.saving') : plan ? t('editor.save') : t('editor.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('plan.cancelEdit')}
        </Button>
      </div>
    </form>
  );
}

function GoalMeasureFields({
  control,
  index: i,
  idOf,
  register,
  errorOf,
}: {
  control: Control<FormValues>;
  index: number;
  idOf: (name: string) => string;
  register: ReturnType<typeof useForm<FormValues>>['register'];
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('treatments');
  const language = useLanguage();
  const measured = useWatch({ control, name: `goals.${i}.measured` });
  const instrument = useWatch({ control, name: `goals.${i}.instrumentId` }) as InstrumentId;
  const def = definition(instrument);
  const measures = ['total', ...def.subscales.map((s) => s.key)] as [string, ...string[]];
  const labelOfMeasure = (key: string) =>
    key === 'total'
      ? t('measures.total')
      : (def.subscales.find((s) => s.key === key)?.name[language] ?? key);
  return (
    <>
      <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5 accent-teal-700"
          {...register(`goals.${i}.measured`)}
        />
        {t('editor.measured')}
      </label>
      {measured ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={idOf(`inst-${i}`)} label={t('editor.instrument')}>
            {(c) => (
              <EnumSelect
                {...c}
                options={INSTRUMENT_IDS}
                labelOf={(k) => definition(k).abbreviation}
                {...register(`goals.${i}.instrumentId`)}
              />
            )}
          </FormField>
          <FormField id={idOf(`measure-${i}`)} label={t('editor.measure')}>
            {(c) => (
              <EnumSelect
                {...c}
                options={measures}
                labelOf={labelOfMeasure}
                {...register(`goals.${i}.measure`)}
              />
            )}
          </FormField>
          <FormField id={idOf(`cmp-${i}`)} label={t('editor.comparator')}>
            {(c) => (
              <EnumSelect
                {...c}
                options={COMPARATORS}
                labelOf={(k) => t(`comparators.${k}`)}
                {...register(`goals.${i}.comparator`)}
              />
            )}
          </FormField>
          <FormField
            id={idOf(`target-${i}`)}
            label={t('editor.target')}
            required
            error={errorOf('target')}
          >
            {(c) => <Input {...c} inputMode="decimal" {...register(`goals.${i}.target`)} />}
          </FormField>
          <FormField
            id={idOf(`baseline-${i}`)}
            label={t('editor.baseline')}
            error={errorOf('baseline')}
          >
            {(c) => <Input {...c} inputMode="decimal" {...register(`goals.${i}.baseline`)} />}
          </FormField>
          <FormField
            id={idOf(`tdate-${i}`)}
            label={t('editor.targetDate')}
            error={errorOf('targetDate')}
          >
            {(c) => <Input {...c} type="date" {...register(`goals.${i}.targetDate`)} />}
          </FormField>
        </div>
      ) : null}
    </>
  );
}

function Section({
  title,
  add,
  onAdd,
  children,
}: {
  title: string;
  add: string;
  onAdd: () => void;
  children: React.ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
      <div>
        <Button variant="secondary" size="sm" onClick={onAdd}>
          {add}
        </Button>
      </div>
    </section>
  );
}

function Item({
  legend,
  onRemove,
  children,
}: {
  legend: string;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('treatments');
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{legend}</legend>
      {children}
      <div>
        <Button
          variant="dangerGhost"
          size="sm"
          onClick={onRemove}
          aria-label={`${t('editor.remove')}: ${legend}`}
        >
          {t('editor.remove')}
        </Button>
      </div>
    </fieldset>
  );
}
