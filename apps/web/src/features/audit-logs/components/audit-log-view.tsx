import type { AuditEntry, AuditOutcome } from '@painlab/shared/audit';
import { AUDIT_OUTCOMES } from '@painlab/shared/audit';
import { Download, ShieldCheck } from 'lucide-react';
import { memo, useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { KeysetList } from '../../../components/ui/keyset-list';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { useFormatters } from '../../../hooks/use-formatters';
import type { Colour } from '../../../lib/status-colours';
import { useAuditLogs } from '../api/get-audit-logs';
import { useVerifyAuditChain } from '../api/verify-audit-chain';
import { auditExportHref, filtersFromSearchParams, type AuditFilters } from '../lib/filters';

const OUTCOME_COLOUR: Record<AuditOutcome, Colour> = {
  success: 'green',
  failure: 'yellow',
  denied: 'red',
};

/**
 * `/audit-logs`: every recorded decision, newest first — who (the account as named now, and its
 * role), what, about which patient, the outcome, from where; filters by outcome, action and patient
 * (an accounting of disclosures); and a check of the hash chain.
 */
export function AuditLogView() {
  const { t } = useTranslation(['auditLogs', 'nav']);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const query = useAuditLogs(filters);
  const pages = query.data?.pages;
  const entries = useMemo(() => pages?.flatMap((p) => p.items), [pages]);
  const filtered = Boolean(filters.outcome || filters.action || filters.patientId);

  const apply = useCallback(
    (next: AuditFilters) =>
      setSearchParams(
        () => {
          const params = new URLSearchParams();
          for (const [key, value] of Object.entries(next)) if (value) params.set(key, value);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t('nav:routes.auditLogs')} description={t('description')} />
      <ChainCheck />
      <FilterForm key={searchParams.toString()} filters={filters} onApply={apply} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        {/* a plain link: the browser downloads the file with the session's cookie */}
        <a href={auditExportHref(filters)} download className={buttonClasses('secondary', 'sm')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {filtered ? t('export.filtered') : t('export.all')}
        </a>
        <p className="text-xs text-slate-600">{t('export.about')}</p>
      </div>

      <div aria-busy={query.isFetching}>
        <KeysetList query={query} items={entries} filtered={filtered} ns="auditLogs">
          {(items) => items.map((entry) => <EntryRow key={entry.id} entry={entry} />)}
        </KeysetList>
      </div>
    </div>
  );
}

/** Outcome (applies at once), action and patient (applied with the button or Enter). */
function FilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (next: AuditFilters) => void;
}) {
  const { t } = useTranslation('auditLogs');
  const [action, setAction] = useState(filters.action ?? '');
  const [patientId, setPatientId] = useState(filters.patientId ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...filters, action: action.trim(), patientId: patientId.trim() });
  };
  return (
    <form
      onSubmit={submit}
      className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
      aria-label={t('filters.label')}
    >
      <div className="lg:w-44">
        <Label htmlFor="audit-outcome">{t('filters.outcome')}</Label>
        <Select
          id="audit-outcome"
          className="mt-1"
          value={filters.outcome ?? ''}
          onChange={(e) =>
            onApply({ ...filters, outcome: (e.target.value || undefined) as AuditOutcome })
          }
        >
          <option value="">{t('filters.all')}</option>
          {AUDIT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {t(`outcome.${o}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="lg:w-56">
        <Label htmlFor="audit-action">{t('filters.action')}</Label>
        <Input
          id="audit-action"
          className="mt-1"
          value={action}
          maxLength={80}
          placeholder="patients.view"
          onChange={(e) => setAction(e.target.value)}
        />
      </div>
      <div className="lg:w-80">
        <Label htmlFor="audit-patient">{t('filters.patient')}</Label>
        <Input
          id="audit-patient"
          className="mt-1 font-mono"
          value={patientId}
          maxLength={100}
          onChange={(e) => setPatientId(e.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          {t('filters.apply')}
        </Button>
        {filters.outcome || filters.action || filters.patientId ? (
          <Button type="button" variant="ghost" onClick={() => onApply({})}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Recomputes the chain on demand and says what it found. */
function ChainCheck() {
  const { t } = useTranslation('auditLogs');
  const format = useFormatters();
  const verify = useVerifyAuditChain();
  return (
    <div className="mb-4 flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">{t('chain.about')}</p>
      <div className="flex flex-col items-start gap-2 sm:items-end">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => verify.mutate()}
          disabled={verify.isPending}
          aria-busy={verify.isPending || undefined}
        >
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          {verify.isPending ? t('chain.checking') : t('chain.check')}
        </Button>
        <div role="status" className="text-sm">
          {verify.data ? (
            verify.data.valid ? (
              <span className="font-medium text-emerald-800">
                {t('chain.valid', {
                  count: verify.data.checked,
                  n: format.number(verify.data.checked),
                })}
              </span>
            ) : (
              <span className="font-medium text-red-800">
                {t('chain.broken', {
                  id: verify.data.firstBrokenId,
                  n: format.number(verify.data.checked),
                })}
              </span>
            )
          ) : verify.isError ? (
            <span className="text-red-800">{t('chain.failed')}</span>
          ) : null}
        </div>
      </div>
    </div>
  );
}

const EntryRow = memo(function EntryRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(['auditLogs', 'common']);
  const format = useFormatters();
  const details = entry.details ? Object.entries(entry.details) : [];
  const actor = entry.actorUserId ? (entry.actorName ?? t('actor.removed')) : t('actor.system');
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:p-4"
      data-testid="audit-row"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ColourBadge colour={OUTCOME_COLOUR[entry.outcome]}>
          {t(`outcome.${entry.outcome}`)}
        </ColourBadge>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs break-all text-slate-800">
          {entry.action}
        </code>
        <span className="text-xs text-slate-600">
          <time dateTime={entry.occurredAt}>{format.dateTime(entry.occurredAt)}</time>
        </span>
        <span className="ml-auto text-xs text-slate-500">#{entry.id}</span>
        {entry.hash ? (
          <span className="font-mono text-xs text-slate-500" title={entry.hash}>
            <span className="sr-only">{t('fields.hash')}: </span>
            {entry.hash.slice(0, 12)}…
          </span>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-slate-700 sm:grid-cols-2 lg:grid-cols-3">
        <div className="min-w-0">
          <dt className="inline text-slate-500">{t('fields.actor')}: </dt>
          <dd className="inline break-words">
            {actor}
            {entry.actorRole
              ? ` (${t(`common:roles.${entry.actorRole}`, { defaultValue: entry.actorRole })})`
              : ''}
          </dd>
        </div>
        {entry.patientId ? (
          <div className="min-w-0">
            <dt className="inline text-slate-500">{t('fields.patient')}: </dt>
            <dd className="inline font-mono text-xs break-all">{entry.patientId}</dd>
          </div>
        ) : null}
        {entry.resource ? (
          <div className="min-w-0">
            <dt className="inline text-slate-500">{t('fields.resource')}: </dt>
            <dd className="inline break-all">
              {entry.resource}
              {entry.recordId ? ` · ${entry.recordId}` : ''}
            </dd>
          </div>
        ) : null}
        {entry.ip ? (
          <div className="min-w-0">
            <dt className="inline text-slate-500">{t('fields.ip')}: </dt>
            <dd className="inline font-mono text-xs break-all">{entry.ip}</dd>
          </div>
        ) : null}
        {details.length > 0 ? (
          <div className="min-w-0 sm:col-span-2 lg:col-span-3">
            <dt className="inline text-slate-500">{t('fields.details')}: </dt>
            <dd className="inline font-mono text-xs break-all">
              {details.map(([k, v]) => `${k}=${String(v)}`).join(' · ')}
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
});
