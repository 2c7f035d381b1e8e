import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffRegistration, StaffWorkshop } from '@painlab/shared/workshops';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import {
  inputOf,
  useCancelRegistration,
  useRegistrations,
  useUpdateWorkshop,
  useWorkshops,
} from '../api/workshops';
import { WorkshopEditor } from './workshop-editor';

const BADGE = 'rounded-full px-2.5 py-0.5 text-xs font-medium';

/** A workshop's title in the screen's language (Spanish when it has no English). */
const titleIn = (w: StaffWorkshop, language: string) =>
  language.startsWith('en') && w.titleEn ? w.titleEn : w.titleEs;

/** A session's start in the workshop's own zone, with the zone's abbreviation. */
const startIn = (iso: string, timeZone: string, language: string) =>
  new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
const STATUS_BADGE: Record<StaffRegistration['status'], string> = {
  confirmed: 'bg-teal-100 text-teal-900',
  offered: 'bg-sky-100 text-sky-900',
  waitlisted: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-100 text-slate-700',
  lapsed: 'bg-slate-100 text-slate-700',
};

function WorkshopCard({
  w,
  selected,
  onSelect,
  onEdit,
}: {
  w: StaffWorkshop;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation('workshops');
  const update = useUpdateWorkshop();
  const [capacity, setCapacity] = useState(String(w.capacity));
  const title = titleIn(w, i18n.language);
  const first = w.sessions[0];
  const capacityId = `capacity-${w.id}`;
  const published = w.status === 'published';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">
            {t(`markets.${w.market}`)} ·{' '}
            {first ? startIn(first.startsAt, w.timeZone, i18n.language) : '—'} ·{' '}
            {t('sessions', { count: w.sessions.length })}
          </p>
        </div>
        <span
          className={`${BADGE} ${published ? 'bg-teal-100 text-teal-900' : 'bg-slate-100 text-slate-700'}`}
        >
          {t(`statuses.${w.status}`)}
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-800">
        {t('counts', {
          confirmed: w.confirmed,
          capacity: w.capacity,
          offered: w.offered,
          waitlisted: w.waitlisted,
        })}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Button
          variant={selected ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={selected}
          aria-label={`${t('showRegistrations')}: ${title}`}
          onClick={onSelect}
        >
          {t('showRegistrations')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${t('edit')}: ${title}`}
          onClick={onEdit}
        >
          {t('edit')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={update.isPending}
          aria-label={`${published ? t('unpublish') : t('publish')}: ${title}`}
          onClick={() =>
            update.mutate({
              id: w.id,
              input: inputOf(w, { status: published ? 'draft' : 'published' }),
            })
          }
        >
          {published ? t('unpublish') : t('publish')}
        </Button>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ id: w.id, input: inputOf(w, { capacity: Number(capacity) }) });
          }}
        >
          <div className="flex w-24 flex-col gap-1">
            <label htmlFor={capacityId} className="text-sm font-medium text-slate-800">
              {t('capacity')}
            </label>
            <Input
              id={capacityId}
              type="number"
              min={1}
              max={1000}
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" size="sm" disabled={update.isPending}>
            {t('saveCapacity')}
          </Button>
        </form>
      </div>
      {update.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {update.error.message || t('saveFailed')}
        </p>
      ) : null}
    </li>
  );
}

function Registrations({ id }: { id: string }) {
  const { t, i18n } = useTranslation('workshops');
  const { dateTime } = useFormatters();
  const query = useRegistrations(id);
  const cancel = useCancelRegistration();
  const [asking, setAsking] = useState<StaffRegistration | null>(null);
  if (query.isPending)
    return (
      <div aria-busy="true" className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (query.isError) return <Alert tone="error">{t('loadFailed')}</Alert>;
  const { workshop, items } = query.data;
  return (
    <section aria-labelledby="registrations-title" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="registrations-title" className="text-lg font-semibold text-slate-900">
          {t('registrationsOf', { title: titleIn(workshop, i18n.language) })}
        </h2>
        <a
          className={buttonClasses('secondary', 'sm')}
          href={`/api/admin/workshops/${encodeURIComponent(id)}/export`}
          download
        >
          {t('export')}
        </a>
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('noRegistrations')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full border-collapse text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('name')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('email')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('status')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('registeredAt')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="px-3 py-2 text-slate-900">{r.name}</td>
                  <td className="px-3 py-2 break-all text-slate-700">{r.email}</td>
                  <td className="px-3 py-2">
                    <span className={`${BADGE} ${STATUS_BADGE[r.status]}`}>
                      {t(`registrationStatuses.${r.status}`)}
                      {r.position ? ` · ${t('position', { position: r.position })}` : ''}
                    </span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                    {dateTime(r.createdAt)}
                  </td>
                  <td className="px-3 py-2 text-right">
                    {r.status === 'cancelled' || r.status === 'lapsed' ? null : (
                      <Button
                        variant="dangerGhost"
                        size="sm"
                        aria-label={`${t('cancel')}: ${r.name}`}
                        onClick={() => setAsking(r)}
                      >
                        {t('cancel')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cancel.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {cancel.error.message || t('cancelFailed')}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={t('cancelTitle')}
        confirmLabel={t('cancelConfirm')}
        cancelLabel={t('keep')}
        tone="danger"
        pending={cancel.isPending}
        onConfirm={() => {
          if (!asking) return;
          cancel.mutate({ workshopId: id, id: asking.id }, { onSettled: () => setAsking(null) });
        }}
        onCancel={() => setAsking(null)}
      >
        {t('cancelBody', { name: asking?.name ?? '' })}
      </ConfirmDialog>
    </section>
  );
}

/** `/admin/workshops`: workshops, their seats, registrations and waitlist (administrators). */
export function WorkshopsAdminView() {
  const { t } = useTranslation(['workshops', 'nav']);
  const query = useWorkshops();
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<StaffWorkshop | 'new' | null>(null);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('nav:routes.adminWorkshops')}
        description={t('description')}
        actions={
          editing === null ? (
            <Button onClick={() => setEditing('new')}>{t('newWorkshop')}</Button>
          ) : null
        }
      />
      {editing !== null ? (
        <WorkshopEditor
          key={editing === 'new' ? 'new' : editing.id}
          workshop={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {query.isPending ? (
        <div aria-busy="true" className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : query.isError ? (
        <Alert tone="error">
          {t('loadFailed')}{' '}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : query.data.items.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {query.data.items.map((w) => (
            <WorkshopCard
              key={w.id}
              w={w}
              selected={selected === w.id}
              onSelect={() => setSelected(selected === w.id ? null : w.id)}
              onEdit={() => setEditing(w)}
            />
          ))}
        </ul>
      )}
      {selected ? <Registrations id={selected} /> : null}
    </div>
  );
}
