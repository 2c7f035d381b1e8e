import type { Patient } from '@painlab/shared/patients';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../hooks/use-formatters';
import { InvitePanel } from './invite-panel';
import { StatusBadge } from './patient-badges';
import { ProgressCell } from './patient-table';
import { StatusHistory } from './status-history';

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className ?? ''}`}>
      <h2 id={headingId} className="mb-4 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function List({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-900">
      {items.map((item, i) => (
        <li key={`${i}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}

/** The chart's summary: demographics, clinical lists, status with its history, care, portal. */
export function ChartSummary({ patient }: { patient: Patient }) {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  const missing = <span className="text-slate-500">{t('chart.notRecorded')}</span>;

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <Card title={t('chart.clinical')}>
          <div className="grid gap-6 sm:grid-cols-2">
            <div>
              <h3 className="mb-2 text-sm font-medium text-slate-800">{t('fields.allergies')}</h3>
              <List items={patient.allergies} empty={t('chart.noAllergies')} />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-medium text-slate-800">{t('fields.currentMedications')}</h3>
              <List items={patient.currentMedications} empty={t('chart.noneRecorded')} />
            </div>
            <div className="sm:col-span-2">
              <h3 className="mb-2 text-sm font-medium text-slate-800">{t('fields.symptoms')}</h3>
              <List items={patient.symptoms} empty={t('chart.noneRecorded')} />
            </div>
            <div className="sm:col-span-2">
              <h3 className="mb-2 text-sm font-medium text-slate-800">{t('fields.medicalHistory')}</h3>
              {patient.medicalHistory ? (
                <p className="text-sm whitespace-pre-wrap text-slate-900">{patient.medicalHistory}</p>
              ) : (
                <p className="text-sm text-slate-600">{t('chart.noneRecorded')}</p>
              )}
            </div>
          </div>
        </Card>

        <Card title={t('chart.demographics')}>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label={t('fields.birthDate')}>{format.date(patient.birthDate)}</Item>
            <Item label={t('fields.age')}>{patient.age}</Item>
            <Item label={t('fields.gender')}>{t(`enums.gender.${patient.gender}`)}</Item>
            <Item label={t('fields.category')}>{t(`enums.category.${patient.category}`)}</Item>
            <Item label={t('fields.contactNumber')}>
              {patient.contactNumber ? <a href={`tel:${patient.contactNumber}`} className="text-teal-800 hover:underline">{patient.contactNumber}</a> : missing}
            </Item>
            <Item label={t('fields.email')}>
              {patient.email ? <a href={`mailto:${patient.email}`} className="text-teal-800 hover:underline">{patient.email}</a> : missing}
            </Item>
          </dl>
        </Card>
      </div>

      <div className="flex flex-col gap-6">
        <Card title={t('chart.care')}>
          <dl className="grid gap-4">
            <Item label={t('fields.status')}>
              <StatusBadge status={patient.status} />
            </Item>
            <Item label={t('fields.assignedSpecialist')}>
              {patient.assignedSpecialist?.name ?? <span className="text-slate-500">{t('chart.notAssigned')}</span>}
            </Item>
            <Item label={t('fields.nextAppointment')}>
              {patient.nextAppointment ? format.dateTime(patient.nextAppointment) : <span className="text-slate-500">{t('chart.notScheduled')}</span>}
            </Item>
            <Item label={t('fields.progress')}>
              {patient.progress === null ? <span className="text-slate-500">{t('chart.noProgress')}</span> : <ProgressCell value={patient.progress} />}
            </Item>
          </dl>
          <div className="mt-5 border-t border-slate-100 pt-4">
            <StatusHistory patientId={patient.id} />
          </div>
        </Card>

        <Card title={t('portal.title')}>
          <InvitePanel patient={patient} />
        </Card>

        <p className="px-1 text-xs text-slate-500">
          {t('chart.created', { date: format.dateTime(patient.createdAt) })}
          <br />
          {t('chart.updated', { date: format.dateTime(patient.updatedAt) })}
        </p>
      </div>
    </div>
  );
}
