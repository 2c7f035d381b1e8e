import type { Patient } from '@painlab/shared/patients';
import { Archive, FileJson, PencilLine } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { useArchivePatient } from '../api/archive-patient';
import { useExportPatient, type PatientExportFormat } from '../api/export-patient';
import { errorText } from '../lib/error-text';

/** Edit, export (JSON / FHIR R4) and, for admins, archive. */
export function ChartActions({ patient, canArchive }: { patient: Patient; canArchive: boolean }) {
  const { t } = useTranslation('patients');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const exporter = useExportPatient(patient.id);
  const archive = useArchivePatient(patient.id);

  const exportAs = (format: PatientExportFormat) =>
    exporter.mutate(format, {
      onSuccess: () => toast.success(t('export.done')),
      onError: (error) =>
        toast.error(
          t('export.failed', {
            message: errorText(error, t('errors.unknown'), t('errors.network')),
          }),
        ),
    });

  const onArchive = () =>
    archive.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('chart.archived'));
        void navigate(paths.patients.href());
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(
          t('chart.archiveFailed', {
            message: errorText(error, t('errors.unknown'), t('errors.network')),
          }),
        );
      },
    });

  const exporting = exporter.isPending ? exporter.variables : null;

  return (
    <div className="flex flex-wrap gap-2">
      <Link to={paths.editPatient.href(patient.id)} className={buttonClasses('primary')}>
        <PencilLine aria-hidden="true" className="h-4 w-4" />
        {t('chart.edit')}
      </Link>
      <Button
        variant="secondary"
        onClick={() => exportAs('json')}
        disabled={exporter.isPending}
        aria-busy={exporting === 'json' || undefined}
      >
        <FileJson aria-hidden="true" className="h-4 w-4" />
        {exporting === 'json' ? t('export.downloading') : t('export.json')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => exportAs('fhir')}
        disabled={exporter.isPending}
        aria-busy={exporting === 'fhir' || undefined}
      >
        <FileJson aria-hidden="true" className="h-4 w-4" />
        {exporting === 'fhir' ? t('export.downloading') : t('export.fhir')}
      </Button>
      {canArchive ? (
        <>
          <Button variant="dangerGhost" onClick={() => setConfirming(true)}>
            <Archive aria-hidden="true" className="h-4 w-4" />
            {t('chart.archive')}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t('chart.archiveTitle')}
            confirmLabel={t('chart.archiveConfirm')}
            cancelLabel={t('chart.cancel')}
            pending={archive.isPending}
            pendingLabel={t('chart.archiving')}
            tone="danger"
            onConfirm={onArchive}
            onCancel={() => setConfirming(false)}
          >
            {t('chart.archiveBody', { name: patient.name })}
          </ConfirmDialog>
        </>
      ) : null}
    </div>
  );
}
