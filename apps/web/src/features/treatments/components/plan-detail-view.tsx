/**
 * /treatments/:id (staff): the plan with its progress per goal, interventions, clinicians and the
 * patient's acknowledgement; revise it (a new version), change its status (only the allowed
 * transitions, confirmed), and read and compare its versions.
 */
import {
  EDITABLE_PLAN_STATUSES,
  PLAN_TRANSITIONS,
  type Plan,
  type PlanStatus,
} from '@painlab/shared/treatments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangeStatus, usePlan } from '../api/treatments-api';
import { PlanEditor } from './plan-editor';
import { GoalItem, InterventionItem, PlanProgressBar, PlanStatusBadge } from './plan-parts';
import { VersionCompare } from './version-compare';

export function PlanDetailView({ id }: { id: string }) {
  const { t } = useTranslation('treatments');
  const plan = usePlan(id);
  const [editing, setEditing] = useState(false);

  if (plan.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> {t('loading')}
      </p>
    );
  if (plan.isError)
    return (
      <div>
        <PageHeader title={t('title')} />
        <Alert tone="error">
          {isApiError(plan.error, 404) ? t('list.empty') : t('loadFailed')}
        </Alert>
      </div>
    );
  const p = plan.data;
  const editable = (EDITABLE_PLAN_STATUSES as readonly string[]).includes(p.status);
  return (
    <div>
      <Link to="/treatments" className="text-sm text-teal-800 underline-offset-4 hover:underline">
        ← {t('plan.back')}
      </Link>
      <div className="mt-2">
        <PageHeader
          title={p.content.title}
          description={`${p.patient.name} · ${t('plan.version', { version: p.version })}`}
          actions={<PlanStatusBadge status={p.status} />}
        />
      </div>
      {editing ? (
        <PlanEditor plan={p} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      ) : (
        <>
          <div className="mb-6 flex flex-wrap gap-3">
            {editable ? <Button onClick={() => setEditing(true)}>{t('plan.edit')}</Button> : null}
            <StatusActions plan={p} />
          </div>
          <PlanBody plan={p} />
          <History plan={p} />
        </>
      )}
    </div>
  );
}

function StatusActions({ plan }: { plan: Plan }) {
  const { t } = useTranslation('treatments');
  const change = useChangeStatus(plan.id);
  const [target, setTarget] = useState<PlanStatus | null>(null);
  const [note, setNote] = useState('');
  const targets = PLAN_TRANSITIONS[plan.status];
  async function confirm() {
    if (!target) return;
    try {
      await change.mutateAsync({ status: target, version: plan.version, note: note || null });
      toast.success(t('saved'));
      setTarget(null);
      setNote('');
    } catch (error) {
      toast.error(
        isApiError(error, 409) ? (error.message ?? t('plan.conflict')) : t('plan.failed'),
      );
      setTarget(null);
    }
  }
  const action = (s: PlanStatus) => t(`plan.to.${s as 'active'}`);
  return (
    <>
      {targets.map((s) => (
        <Button
          key={s}
          variant={s === 'discontinued' ? 'dangerGhost' : 'secondary'}
          onClick={() => setTarget(s)}
        >
          {action(s)}
        </Button>
      ))}
      <ConfirmDialog
        open={target !== null}
        title={target ? t('plan.confirmTitle', { action: action(target) }) : ''}
        confirmLabel={t('plan.confirm')}
        cancelLabel={t('plan.cancel')}
        pending={change.isPending}
        tone={target === 'discontinued' ? 'danger' : 'primary'}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      >
        <p className="text-sm text-slate-700">
          {target ? t('plan.confirmBody', { status: t(`statuses.${target}`) }) : null}
        </p>
        <div className="mt-3">
          <Label htmlFor="status-note">{t('plan.noteLabel')}</Label>
          <Input
            id="status-note"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

/** The plan's content and progress: shared by the staff screen and the chart tab. */
export function PlanBody({ plan }: { plan: Plan }) {
  const { t } = useTranslation('treatments');
  const { date, dateTime } = useFormatters();
  const c = plan.content;
  const ack = plan.acknowledgements.find((a) => a.version === plan.version);
  const progressOf = (goalId: string) => plan.progress.goals.find((g) => g.goalId === goalId);
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="plan-progress-title"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="plan-progress-title" className="mb-2 text-lg font-semibold text-slate-900">
          {t('plan.progress')}
        </h2>
        <PlanProgressBar percent={plan.progress.percent} />
        {plan.status === 'active' ? (
          <p className="mt-3 text-sm text-slate-700" data-testid="plan-ack">
            {ack
              ? t('plan.acknowledged', { version: ack.version, date: dateTime(ack.acknowledgedAt) })
              : t('plan.notAcknowledged')}
          </p>
        ) : null}
      </section>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{t('plan.clinicians')}</dt>
          <dd className="text-slate-900">{plan.clinicians.map((x) => x.name).join(', ')}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('plan.starts')}</dt>
          <dd className="text-slate-900">{date(c.startsOn)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('plan.review')}</dt>
          <dd className="text-slate-900">{c.reviewOn ? date(c.reviewOn) : '—'}</dd>
        </div>
      </dl>
      {c.summary ? (
        <section aria-labelledby="plan-summary-title">
          <h2 id="plan-summary-title" className="mb-1 text-lg font-semibold text-slate-900">
            {t('plan.summary')}
          </h2>
          <p className="text-sm whitespace-pre-line text-slate-800">{c.summary}</p>
        </section>
      ) : null}
      <section aria-labelledby="plan-problems-title">
        <h2 id="plan-problems-title" className="mb-2 text-lg font-semibold text-slate-900">
          {t('plan.problems')}
        </h2>
        {c.problems.length ? (
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {c.problems.map((p) => (
              <li key={p.id}>{p.text}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('plan.noProblems')}</p>
        )}
      </section>
      <section aria-labelledby="plan-goals-title">
        <h2 id="plan-goals-title" className="mb-2 text-lg font-semibold text-slate-900">
          {t('plan.goals')}
        </h2>
        {c.goals.length ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {c.goals.map((g) => (
              <GoalItem key={g.id} goal={g} progress={progressOf(g.id)} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('plan.noGoals')}</p>
        )}
      </section>
      <section aria-labelledby="plan-interventions-title">
        <h2 id="plan-interventions-title" className="mb-2 text-lg font-semibold text-slate-900">
          {t('plan.interventions')}
        </h2>
        {c.interventions.length ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {c.interventions.map((i) => (
              <InterventionItem key={i.id} item={i} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('plan.noInterventions')}</p>
        )}
      </section>
    </div>
  );
}

function History({ plan }: { plan: Plan }) {
  const { t } = useTranslation('treatments');
  const { dateTime } = useFormatters();
  const [comparing, setComparing] = useState(false);
  return (
    <section aria-labelledby="plan-history-title" className="mt-8">
      <h2 id="plan-history-title" className="mb-2 text-lg font-semibold text-slate-900">
        {t('history.title')}
      </h2>
      <ol className="flex flex-col gap-2" data-testid="plan-history">
        {[...plan.history].reverse().map((h) => (
          <li key={h.version} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="font-medium text-slate-900">
              {t('plan.version', { version: h.version })} ·{' '}
              {h.kind === 'status'
                ? t('history.status', { status: t(`statuses.${h.status}`) })
                : t(`history.${h.kind}`)}
            </p>
            <p className="text-slate-600">
              {t('history.by', { name: h.changedBy?.name ?? '—', date: dateTime(h.changedAt) })}
            </p>
            {h.changed.length ? (
              <p className="text-slate-700">
                {t('history.changed', {
                  fields: h.changed.map((f) => t(`history.fields.${f as 'title'}`)).join(', '),
                })}
              </p>
            ) : null}
            {h.note ? <p className="text-slate-700 italic">{h.note}</p> : null}
          </li>
        ))}
      </ol>
      {plan.history.length > 1 ? (
        comparing ? (
          <VersionCompare plan={plan} />
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => setComparing(true)}>
            {t('history.compare')}
          </Button>
        )
      ) : null}
    </section>
  );
}
