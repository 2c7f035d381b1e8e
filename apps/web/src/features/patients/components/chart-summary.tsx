import type { Patient } from '@painlab/shared/patients';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CareDetails } from '../../../components/patient-record/care-details';
import { RecordCard } from '../../../components/patient-record/record-card';
import { MissingValue, RecordItem } from '../../../components/patient-record/record-item';
import { RecordList, RecordText } from '../../../components/patient-record/record-text';
import { useFormatters } from '../../../hooks/use-formatters';
import { InvitePanel } from './invite-panel';
import { ProgressCell } from './patient-table';
import { StatusHistory } from './status-history';

/** The chart lists its items a little apart, under their own headings. */
const LIST_SPACING = 'flex flex-col gap-1';

function Clinical({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <h3 className="mb-2 text-sm font-medium text-slate-800">{title}</h3>
      {children}
    </div>
  );
}

/** The chart's summary: demographics, clinical lists, status with its history, care, portal. */
export function ChartSummary({ patient }: { patient: Patient }) {
  const { t } = useTranslation('patients');
  const format = useFormatters();

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <RecordCard title={t('chart.clinical')}>
          <div className="grid gap-6 sm:grid-cols-2">
            <Clinical title={t('fields.allergies')}>
              <RecordList
                items={patient.allergies}
                empty={t('chart.noAllergies')}
                className={LIST_SPACING}
              />
            </Clinical>
            <Clinical title={t('fields.currentMedications')}>
              <RecordList items={patient.currentMedications} className={LIST_SPACING} />
            </Clinical>
            <Clinical title={t('fields.symptoms')} className="sm:col-span-2">
              <RecordList items={patient.symptoms} className={LIST_SPACING} />
            </Clinical>
            <Clinical title={t('fields.medicalHistory')} className="sm:col-span-2">
              <RecordText text={patient.medicalHistory} />
            </Clinical>
          </div>
        </RecordCard>

        <RecordCard title={t('chart.demographics')}>
          <dl className="grid gap-4 sm:grid-cols-2">
            <RecordItem label={t('fields.birthDate')}>{format.date(patient.birthDate)}</RecordItem>
            <RecordItem label={t('fields.age')}>{patient.age}</RecordItem>
            <RecordItem label={t('fields.gender')}>
              {t(`enums.gender.${patient.gender}`)}
            </RecordItem>
            <RecordItem label={t('fields.category')}>
              {t(`enums.category.${patient.category}`)}
            </RecordItem>
            <RecordItem label={t('fields.contactNumber')}>
              {patient.contactNumber ? (
                <a href={`tel:${patient.contactNumber}`} className="text-teal-800 hover:underline">
                  {patient.contactNumber}
                </a>
              ) : (
                <MissingValue />
              )}
            </RecordItem>
            <RecordItem label={t('fields.email')}>
              {patient.email ? (
                <a href={`mailto:${patient.email}`} className="text-teal-800 hover:underline">
                  {patient.email}
                </a>
              ) : (
                <MissingValue />
              )}
            </RecordItem>
          </dl>
        </RecordCard>
      </div>

      <div className="flex flex-col gap-6">
        <RecordCard title={t('chart.care')}>
          <CareDetails
            record={patient}
            specialistLabel={t('fields.assignedSpecialist')}
            notAssigned={t('chart.notAssigned')}
            progress={(value) => <ProgressCell value={value} />}
          />
          <div className="mt-5 border-t border-slate-100 pt-4">
            <StatusHistory patientId={patient.id} />
          </div>
        </RecordCard>

        <RecordCard title={t('portal.title')}>
          <InvitePanel patient={patient} />
        </RecordCard>

        <p className="px-1 text-xs text-slate-500">
          {t('chart.created', { date: format.dateTime(patient.createdAt) })}
          <br />
          {t('chart.updated', { date: format.dateTime(patient.updatedAt) })}
        </p>
      </div>
    </div>
  );
}
