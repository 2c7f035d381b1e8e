import type { Patient } from '@painlab/shared/patients';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../hooks/use-formatters';
import { cn } from '../../lib/utils';
import { MissingValue, RecordItem } from './record-item';
import { StatusBadge } from './status-badge';

type CareDetailsProps = {
  record: Pick<Patient, 'status' | 'assignedSpecialist' | 'nextAppointment' | 'progress'>;
  /** What the specialist is called here, and what is said while there is none. */
  specialistLabel: string;
  notAssigned: string;
  /** The treatment progress (0–100) as this screen shows it. */
  progress: (value: number) => ReactNode;
  className?: string;
};

/** The care a patient gets: status, specialist, next appointment and progress, as a `<dl>`. */
export function CareDetails({
  record,
  specialistLabel,
  notAssigned,
  progress,
  className,
}: CareDetailsProps) {
  const { t } = useTranslation(['record', 'patients']);
  const format = useFormatters();
  return (
    <dl className={cn('grid gap-4', className)}>
      <RecordItem label={t('patients:fields.status')}>
        <StatusBadge status={record.status} />
      </RecordItem>
      <RecordItem label={specialistLabel}>
        {record.assignedSpecialist?.name ?? <MissingValue>{notAssigned}</MissingValue>}
      </RecordItem>
      <RecordItem label={t('patients:fields.nextAppointment')}>
        {record.nextAppointment ? (
          format.dateTime(record.nextAppointment)
        ) : (
          <MissingValue>{t('notScheduled')}</MissingValue>
        )}
      </RecordItem>
      <RecordItem label={t('patients:fields.progress')}>
        {record.progress === null ? (
          <MissingValue>{t('noProgress')}</MissingValue>
        ) : (
          progress(record.progress)
        )}
      </RecordItem>
    </dl>
  );
}
