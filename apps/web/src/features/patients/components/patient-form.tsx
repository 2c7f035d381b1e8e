import { zodResolver } from '@hookform/resolvers/zod';
import { CATEGORIES, GENDERS, PRIORITIES, STATUSES, type Patient, type PatientFieldsParsed } from '@painlab/shared/patients';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { useCreatePatient } from '../api/create-patient';
import { patientQueryOptions } from '../api/get-patient';
import { useSpecialists } from '../api/get-specialists';
import { useUpdatePatient } from '../api/update-patient';
import { errorKind, errorText } from '../lib/error-text';
import {
  buildPatientUpdate,
  derivedAge,
  EMPTY_FORM,
  firstErrorMessage,
  formFieldOfPath,
  patientFormSchema,
  patientToFormValues,
  validationKey,
  type PatientFormField,
  type PatientFormValues,
} from '../lib/patient-form';

type PatientFormProps =
  | { mode: 'create'; onSaved: (patient: Patient) => void; cancelHref: string }
  | { mode: 'edit'; patient: Patient; onSaved: (patient: Patient) => void; cancelHref: string };

type FieldProps = {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; 'aria-required'?: true }) => ReactNode;
  className?: string;
};

function Field({ id, label, required, error, hint, children, className }: FieldProps) {
  const { t } = useTranslation('patients');
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>
          {label}
          {required ? (
            <>
              <span aria-hidden="true" className="ml-0.5 text-red-700">
                *
              </span>
              <span className="sr-only"> ({t('form.required')})</span>
            </>
          ) : null}
        </Label>
        {children({
          id,
          ...(error ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(required ? { 'aria-required': true as const } : {}),
        })}
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <legend className="float-left mb-4 w-full text-base font-semibold text-slate-900">{title}</legend>
      <div className="clear-both grid gap-5 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The patient form (SPEC §4: create and edit modes and a saving state). Validation is the shared
 * `patientFieldsSchema` (SPEC §5 messages). An edit sends the version it started from and only the
 * changed fields; if someone else saved in between (409), the user is told and offered a reload —
 * nothing is overwritten.
 */
export function PatientForm(props: PatientFormProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const location = useLocation();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const editing = props.mode === 'edit';
  // The version and values this edit started from; replaced only by an explicit reload, never by a
  // background refetch (which would turn someone else's change into ours).
  const [baseline, setBaseline] = useState<Patient | null>(() => (props.mode === 'edit' ? props.patient : null));
  const [reloading, setReloading] = useState(false);
  const specialists = useSpecialists();
  const create = useCreatePatient();
  const update = useUpdatePatient(baseline?.id ?? '');
  const mutation = editing ? update : create;

  const form = useForm<PatientFormValues, unknown, PatientFieldsParsed>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: baseline ? patientToFormValues(baseline) : EMPTY_FORM,
  });
  const { errors } = form.formState;
  const birthDate = useWatch({ control: form.control, name: 'birthDate' });
  const age = derivedAge(birthDate);
  const pending = mutation.isPending || reloading;

  const errorFor = (field: PatientFormField, fieldErrors: FieldErrors<PatientFormValues> = errors): string | undefined => {
    const key = validationKey(firstErrorMessage(fieldErrors[field]));
    if (!key) return undefined;
    if (field === 'birthDate' && key === 'invalid_date' && !form.getValues('birthDate')) return t('validation.required');
    return t(`validation.${key}`);
  };

  const applyServerIssues = (error: unknown) => {
    if (!isApiError(error) || !error.details) return;
    for (const issue of error.details) {
      const field = formFieldOfPath(issue.path);
      if (field) form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
    }
  };

  const onSubmit = (values: PatientFieldsParsed) => {
    if (pending) return;
    if (props.mode === 'create') {
      create.mutate(values, {
        onSuccess: (patient) => {
          toast.success(t('form.created'));
          props.onSaved(patient);
        },
        onError: applyServerIssues,
      });
      return;
    }
    if (!baseline) return;
    const base = patientFormSchema.parse(patientToFormValues(baseline));
    const body = buildPatientUpdate(values, base, baseline.version);
    if (Object.keys(body).length === 1) {
      toast.info(t('form.noChanges'));
      return;
    }
    update.mutate(body, {
      onSuccess: (patient) => {
        toast.success(t('form.updated'));
        props.onSaved(patient);
      },
      onError: applyServerIssues,
    });
  };

  const reload = async () => {
    if (!baseline) return;
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({ ...patientQueryOptions(baseline.id), staleTime: 0 });
      setBaseline(latest);
      form.reset(patientToFormValues(latest));
      update.reset();
      toast.info(t('form.reloaded'));
    } catch (error) {
      toast.error(errorText(error, t('errors.unknown'), t('errors.network')));
    } finally {
      setReloading(false);
    }
  };

  const failure = mutation.error;
  const kind = failure ? errorKind(failure) : null;
  const failureTitle = editing ? t('errors.saveFailed') : t('errors.createFailed');

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-busy={pending || undefined} className="flex flex-col gap-6">
      {kind === 'unauthenticated' ? (
        <Alert tone="error">
          <p className="font-medium">{t('errors.unauthenticated')}</p>
          <Link to="/login" state={{ from: location }} className="mt-2 inline-block font-medium underline">
            {t('errors.signInAgain')}
          </Link>
        </Alert>
      ) : kind === 'conflict' ? (
        <Alert tone="warning" data-testid="conflict-alert">
          <p className="font-semibold">{t('form.conflictTitle')}</p>
          <p className="mt-1">{t('form.conflictBody')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void reload()} disabled={reloading}>
            {reloading ? t('form.reloading') : t('form.reload')}
          </Button>
        </Alert>
      ) : failure ? (
        <Alert tone="error">
          <p className="font-medium">{failureTitle}</p>
          <p className="mt-1">
            {kind === 'validation' ? t('errors.checkFields') : errorText(failure, t('errors.unknown'), t('errors.network'))}
          </p>
        </Alert>
      ) : null}

      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-6">
        <Section title={t('form.sections.identity')}>
          <Field id={id('name')} label={t('fields.name')} required error={errorFor('name')} className="md:col-span-2">
            {(aria) => <Input autoComplete="off" {...aria} {...form.register('name')} />}
          </Field>
          <Field
            id={id('birthDate')}
            label={t('fields.birthDate')}
            required
            error={errorFor('birthDate')}
            hint={<span aria-live="polite">{age === null ? t('form.ageUnknown') : t('form.agePreview', { age })}</span>}
          >
            {(aria) => <Input type="date" max={new Date().toISOString().slice(0, 10)} {...aria} {...form.register('birthDate')} />}
          </Field>
          <Field id={id('gender')} label={t('fields.gender')} required error={errorFor('gender')}>
            {(aria) => (
              <Select {...aria} {...form.register('gender')}>
                <option value="">{t('form.choose')}</option>
                {GENDERS.map((v) => (
                  <option key={v} value={v}>
                    {t(`enums.gender.${v}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id('contactNumber')} label={t('fields.contactNumber')} error={errorFor('contactNumber')} hint={t('form.phoneHint')}>
            {(aria) => <Input type="tel" autoComplete="off" inputMode="tel" {...aria} {...form.register('contactNumber')} />}
          </Field>
          <Field id={id('email')} label={t('fields.email')} error={errorFor('email')} hint={t('form.emailHint')}>
            {(aria) => <Input type="email" autoComplete="off" inputMode="email" {...aria} {...form.register('email')} />}
          </Field>
        </Section>

        <Section title={t('form.sections.triage')}>
          <Field id={id('category')} label={t('fields.category')} required error={errorFor('category')}>
            {(aria) => (
              <Select {...aria} {...form.register('category')}>
                <option value="">{t('form.choose')}</option>
                {CATEGORIES.map((v) => (
                  <option key={v} value={v}>
                    {t(`enums.category.${v}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id('priority')} label={t('fields.priority')} required error={errorFor('priority')}>
            {(aria) => (
              <Select {...aria} {...form.register('priority')}>
                <option value="">{t('form.choose')}</option>
                {PRIORITIES.map((v) => (
                  <option key={v} value={v}>
                    {t(`enums.priority.${v}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id('status')} label={t('fields.status')} required error={errorFor('status')}>
            {(aria) => (
              <Select {...aria} {...form.register('status')}>
                {STATUSES.map((v) => (
                  <option key={v} value={v}>
                    {t(`enums.status.${v}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            id={id('assignedSpecialistId')}
            label={t('fields.assignedSpecialist')}
            error={errorFor('assignedSpecialistId')}
            hint={specialists.isError ? t('form.specialistsFailed') : undefined}
          >
            {(aria) => (
              <Select {...aria} {...form.register('assignedSpecialistId')}>
                <option value="">{t('form.notAssigned')}</option>
                {specialists.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
                {baseline?.assignedSpecialist && !specialists.data?.some((s) => s.id === baseline.assignedSpecialist?.id) ? (
                  <option value={baseline.assignedSpecialist.id}>{baseline.assignedSpecialist.name}</option>
                ) : null}
              </Select>
            )}
          </Field>
        </Section>

        <Section title={t('form.sections.clinical')}>
          <Field id={id('allergies')} label={t('fields.allergies')} error={errorFor('allergies')} hint={t('form.listHint')}>
            {(aria) => <Textarea rows={3} {...aria} {...form.register('allergies')} />}
          </Field>
          <Field
            id={id('currentMedications')}
            label={t('fields.currentMedications')}
            error={errorFor('currentMedications')}
            hint={t('form.listHint')}
          >
            {(aria) => <Textarea rows={3} {...aria} {...form.register('currentMedications')} />}
          </Field>
          <Field id={id('symptoms')} label={t('fields.symptoms')} error={errorFor('symptoms')} hint={t('form.listHint')}>
            {(aria) => <Textarea rows={4} {...aria} {...form.register('symptoms')} />}
          </Field>
          <Field id={id('medicalHistory')} label={t('fields.medicalHistory')} error={errorFor('medicalHistory')}>
            {(aria) => <Textarea rows={4} {...aria} {...form.register('medicalHistory')} />}
          </Field>
        </Section>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3">
        <Link to={props.cancelHref} className={buttonClasses('secondary')}>
          {t('form.cancel')}
        </Link>
        <Button type="submit" disabled={pending} aria-busy={mutation.isPending || undefined}>
          {editing
            ? mutation.isPending
              ? t('form.saving')
              : t('form.save')
            : mutation.isPending
              ? t('form.creating')
              : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
