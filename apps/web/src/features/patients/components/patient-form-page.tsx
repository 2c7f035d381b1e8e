import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { usePatient } from '../api/get-patient';
import { errorKind, errorText } from '../lib/error-text';
import { PatientForm } from './patient-form';
import { PatientNotFound } from './patient-chart';

/** `/patients/new`. */
export function NewPatientPage() {
  const { t } = useTranslation(['patients', 'nav']);
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('nav:routes.newPatient')} description={t('form.newDescription')} />
      <PatientForm
        mode="create"
        cancelHref={paths.patients.href()}
        onSaved={(patient) => void navigate(paths.patient.href(patient.id))}
      />
    </div>
  );
}

/** `/patients/:id/edit`. */
export function EditPatientPage({ id }: { id: string }) {
  const { t } = useTranslation(['patients', 'nav']);
  const navigate = useNavigate();
  const patient = usePatient(id, { fresh: true });
  // Edit the current version, not a cached one: wait for this visit's answer.
  const ready = patient.isSuccess && patient.isFetchedAfterMount;

  if (
    patient.isError &&
    (errorKind(patient.error) === 'not-found' || errorKind(patient.error) === 'validation')
  ) {
    return <PatientNotFound title={t('nav:routes.editPatient')} />;
  }
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t('nav:routes.editPatient')}
        description={
          patient.data ? t('form.editDescription', { name: patient.data.name }) : undefined
        }
      />
      {patient.isError ? (
        <Alert tone="error">
          {errorText(patient.error, t('errors.loadFailed'), t('errors.network'))}
        </Alert>
      ) : !ready || !patient.data ? (
        <div className="flex flex-col gap-6" aria-busy="true">
          <Skeleton shape="card" className="h-72" />
          <Skeleton shape="card" className="h-48" />
        </div>
      ) : (
        <PatientForm
          // A different record (or a fresh mount) starts a new edit from its current version.
          key={patient.data.id}
          mode="edit"
          patient={patient.data}
          cancelHref={paths.patient.href(id)}
          onSaved={(saved) => void navigate(paths.patient.href(saved.id))}
        />
      )}
    </div>
  );
}
