import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  GENDERS,
  PRIORITIES,
  STATUSES,
  type Patient,
  type PatientFieldsParsed,
} from '@painlab/shared/patients';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useLocation } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EnumSelect } from '../../../components/ui/enum-select';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../hooks/use-formatters';
import { isApiError } from '../../../lib/api-client';
import { duplicateMatches, useCreatePatient, type DuplicateMatch } from '../api/create-patient';
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
  type PatientFormField,
  type PatientFormValues,
} from '../lib/patient-form';

type PatientFormProps =
  | { mode: 'create'; onSaved: (patient: Patient) => void; cancelHref: string }
  | { mode: 'edit'; patient: Patient; onSaved: (patient: Patient) => void; cancelHref: string };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <legend className="float-left mb-4 w-full text-base font-semibold text-slate-900">
        {title}
      </legend>
      <div className="clear-both grid gap-5 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function DuplicateWarning({
  matches,
  onCreateAnyway,
  pending,
}: {
  matches: DuplicateMatch[];
  onCreateAnyway: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  return (
    <>
      <p className="font-semibold">{t('form.duplicateTitle')}</p>
      <p className="mt-1">{t('form.duplicateBody')}</p>
      <ul className="mt-2 list-disc pl-5">
        {matches.map((match) => (
          <li key={match.id}>
            <Link
              to={paths.patient.href(match.id)}
              target="_blank"
              rel="noopener"
              className="font-medium underline"
            >
              {t('form.duplicateMatch', { name: match.name, date: format.date(match.birthDate) })}
            </Link>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={onCreateAnyway}
        disabled={pending}
      >
        {t('form.createAnyway')}
      </Button>
    </>
  );
}

/** Moves the user to a failure they would otherwise not see (the summary sits above a long form). */
function revealSummary(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  if (typeof element.scrollIntoView === 'function') {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }
}

/**
 * The patient form (SPEC §4: create and edit modes and a saving state), built like every form:
 * react-hook-form with the shared `patientFieldsSchema` (through `patientFormSchema`), `FormField`
 * for each field, `EnumSelect` for each closed list, messages translated from the shared keys.
 *
 * - An edit sends the version it started from and only the changed fields; if someone else saved
 *   in between (409), the user is told and offered a reload — nothing is overwritten.
 * - A failed save is never silent: the summary above the form is focused and scrolled into view,
 *   and a toast says it too. Field errors from the server go to their fields.
 * - Creating a patient whose name and birth date match an existing one shows the matches first;
 *   "Create anyway" sends the same values with `allowDuplicate: true`.
 * - Leaving with unsaved changes (Cancel, a link, Back) asks first.
 */
export function PatientForm(props: PatientFormProps) {
  const { t } = useTranslation('patients');
  const fieldMessage = useFieldMessage();
  const queryClient = useQueryClient();
  const location = useLocation();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const editing = props.mode === 'edit';
  // The version and values this edit started from; replaced only by an explicit reload, never by a
  // background refetch (which would turn someone else's change into ours).
  const [baseline, setBaseline] = useState<Patient | null>(() =>
    props.mode === 'edit' ? props.patient : null,
  );
  const [reloading, setReloading] = useState(false);
  const specialists = useSpecialists();
  const create = useCreatePatient();
  const update = useUpdatePatient(baseline?.id ?? '');
  const mutation = editing ? update : create;
  const summaryRef = useRef<HTMLDivElement>(null);
  const lastCreate = useRef<PatientFieldsParsed | null>(null);
  // Set once saved: the navigation to the chart must not ask about unsaved changes.
  const saved = useRef(false);

  const form = useForm<PatientFormValues, unknown, PatientFieldsParsed>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: baseline ? patientToFormValues(baseline) : EMPTY_FORM,
  });
  const { errors, isDirty } = form.formState;
  const birthDate = useWatch({ control: form.control, name: 'birthDate' });
  const age = derivedAge(birthDate);
  const pending = mutation.isPending || reloading;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      !saved.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  const errorFor = (
    field: PatientFormField,
    fieldErrors: FieldErrors<PatientFormValues> = errors,
  ): string | undefined => {
    const message = firstErrorMessage(fieldErrors[field]);
    if (field === 'birthDate' && message === 'invalid_date' && !form.getValues('birthDate'))
      return fieldMessage('required');
    return fieldMessage(message);
  };

  const failure = mutation.error;
  const duplicates = editing ? null : duplicateMatches(failure);
  const kind = failure ? errorKind(failure) : null;
  const failureTitle = editing ? t('errors.saveFailed') : t('errors.createFailed');

  // A new failure: show it where the user is looking (field errors focus their field instead).
  useEffect(() => {
    if (!failure) return;
    const hasFieldIssues =
      kind === 'validation' &&
      isApiError(failure) &&
      failure.details?.some((d) => formFieldOfPath(d.path));
    if (!hasFieldIssues) revealSummary(summaryRef.current);
  }, [failure, kind]);

  const onFailure = (error: unknown) => {
    if (duplicateMatches(error)) {
      toast.warning(t('form.duplicateTitle'));
      return;
    }
    const kindOf = errorKind(error);
    toast.error(editing ? t('errors.saveFailed') : t('errors.createFailed'), {
      description:
        kindOf === 'conflict'
          ? t('form.conflictTitle')
          : kindOf === 'validation'
            ? t('errors.checkFields')
            : errorText(error, t('errors.unknown'), t('errors.network')),
    });
    if (!isApiError(error) || !error.details) return;
    for (const issue of error.details) {
      const field = formFieldOfPath(issue.path);
      if (field)
        form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
    }
  };

  const onCreated = (patient: Patient) => {
    saved.current = true;
    toast.success(t('form.created'));
    props.onSaved(patient);
  };

  const submitCreate = (values: PatientFieldsParsed, allowDuplicate = false) => {
    lastCreate.current = values;
    create.mutate(allowDuplicate ? { ...values, allowDuplicate: true } : values, {
      onSuccess: onCreated,
      onError: onFailure,
    });
  };

  const onSubmit = (values: PatientFieldsParsed) => {
    if (pending) return;
    if (props.mode === 'create') {
      submitCreate(values);
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
        saved.current = true;
        toast.success(t('form.updated'));
        props.onSaved(patient);
      },
      onError: onFailure,
    });
  };

  const reload = async () => {
    if (!baseline) return;
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({
        ...patientQueryOptions(baseline.id),
        staleTime: 0,
      });
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

  const summary =
    kind === 'unauthenticated' ? (
      <Alert tone="error">
        <p className="font-medium">{t('errors.unauthenticated')}</p>
        <Link
          to="/login"
          state={{ from: location }}
          className="mt-2 inline-block font-medium underline"
        >
          {t('errors.signInAgain')}
        </Link>
      </Alert>
    ) : duplicates ? (
      <Alert tone="warning" data-testid="duplicate-alert">
        <DuplicateWarning
          matches={duplicates}
          pending={pending}
          onCreateAnyway={() => {
            if (lastCreate.current && !pending) submitCreate(lastCreate.current, true);
          }}
        />
      </Alert>
    ) : kind === 'conflict' ? (
      <Alert tone="warning" data-testid="conflict-alert">
        <p className="font-semibold">{t('form.conflictTitle')}</p>
        <p className="mt-1">{t('form.conflictBody')}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void reload()}
          disabled={reloading}
        >
          {reloading ? t('form.reloading') : t('form.reload')}
        </Button>
      </Alert>
    ) : failure ? (
      <Alert tone="error">
        <p className="font-medium">{failureTitle}</p>
        <p className="mt-1">
          {kind === 'validation'
            ? t('errors.checkFields')
            : errorText(failure, t('errors.unknown'), t('errors.network'))}
        </p>
      </Alert>
    ) : null;

  const choose = t('form.choose');

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-busy={pending || undefined}
      className="flex flex-col gap-6"
    >
      {summary ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          data-testid="form-error-summary"
          className="scroll-mt-24 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          {summary}
        </div>
      ) : null}

      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-6">
        <Section title={t('form.sections.identity')}>
          <FormField
            id={id('name')}
            label={t('fields.name')}
            required
            error={errorFor('name')}
            className="md:col-span-2"
          >
            {(control) => <Input autoComplete="off" {...control} {...form.register('name')} />}
          </FormField>
          <FormField
            id={id('birthDate')}
            label={t('fields.birthDate')}
            required
            error={errorFor('birthDate')}
            hint={
              <span aria-live="polite">
                {age === null ? t('form.ageUnknown') : t('form.agePreview', { age })}
              </span>
            }
          >
            {(control) => (
              <Input
                type="date"
                max={new Date().toISOString().slice(0, 10)}
                {...control}
                {...form.register('birthDate')}
              />
            )}
          </FormField>
          <FormField
            id={id('gender')}
            label={t('fields.gender')}
            required
            error={errorFor('gender')}
          >
            {(control) => (
              <EnumSelect
                options={GENDERS}
                labelOf={(v) => t(`enums.gender.${v}`)}
                placeholder={choose}
                {...control}
                {...form.register('gender')}
              />
            )}
          </FormField>
          <FormField
            id={id('contactNumber')}
            label={t('fields.contactNumber')}
            error={errorFor('contactNumber')}
            hint={t('form.phoneHint')}
          >
            {(control) => (
              <Input
                type="tel"
                autoComplete="off"
                inputMode="tel"
                {...control}
                {...form.register('contactNumber')}
              />
            )}
          </FormField>
          <FormField
            id={id('email')}
            label={t('fields.email')}
            error={errorFor('email')}
            hint={t('form.emailHint')}
          >
            {(control) => (
              <Input
                type="email"
                autoComplete="off"
                inputMode="email"
                {...control}
                {...form.register('email')}
              />
            )}
          </FormField>
        </Section>

        <Section title={t('form.sections.triage')}>
          <FormField
            id={id('category')}
            label={t('fields.category')}
            required
            error={errorFor('category')}
          >
            {(control) => (
              <EnumSelect
                options={CATEGORIES}
                labelOf={(v) => t(`enums.category.${v}`)}
                placeholder={choose}
                {...control}
                {...form.register('category')}
              />
            )}
          </FormField>
          <FormField
            id={id('priority')}
            label={t('fields.priority')}
            required
            error={errorFor('priority')}
          >
            {(control) => (
              <EnumSelect
                options={PRIORITIES}
                labelOf={(v) => t(`enums.priority.${v}`)}
                placeholder={choose}
                {...control}
                {...form.register('priority')}
              />
            )}
          </FormField>
          <FormField
            id={id('status')}
            label={t('fields.status')}
            required
            error={errorFor('status')}
          >
            {(control) => (
              <EnumSelect
                options={STATUSES}
                labelOf={(v) => t(`enums.status.${v}`)}
                {...control}
                {...form.register('status')}
              />
            )}
          </FormField>
          <FormField
            id={id('assignedSpecialistId')}
            label={t('fields.assignedSpecialist')}
            error={errorFor('assignedSpecialistId')}
            hint={specialists.isError ? t('form.specialistsFailed') : undefined}
          >
            {(control) => (
              // Not an enum: the specialists are data, loaded from the API.
              <Select {...control} {...form.register('assignedSpecialistId')}>
                <option value="">{t('form.notAssigned')}</option>
                {specialists.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
                {baseline?.assignedSpecialist &&
                !specialists.data?.some((s) => s.id === baseline.assignedSpecialist?.id) ? (
                  <option value={baseline.assignedSpecialist.id}>
                    {baseline.assignedSpecialist.name}
                  </option>
                ) : null}
              </Select>
            )}
          </FormField>
        </Section>

        <Section title={t('form.sections.clinical')}>
          <FormField
            id={id('allergies')}
            label={t('fields.allergies')}
            error={errorFor('allergies')}
            hint={t('form.listHint')}
          >
            {(control) => <Textarea rows={3} {...control} {...form.register('allergies')} />}
          </FormField>
          <FormField
            id={id('currentMedications')}
            label={t('fields.currentMedications')}
            error={errorFor('currentMedications')}
            hint={t('form.listHint')}
          >
            {(control) => (
              <Textarea rows={3} {...control} {...form.register('currentMedications')} />
            )}
          </FormField>
          <FormField
            id={id('symptoms')}
            label={t('fields.symptoms')}
            error={errorFor('symptoms')}
            hint={t('form.listHint')}
          >
            {(control) => <Textarea rows={4} {...control} {...form.register('symptoms')} />}
          </FormField>
          <FormField
            id={id('medicalHistory')}
            label={t('fields.medicalHistory')}
            error={errorFor('medicalHistory')}
          >
            {(control) => <Textarea rows={4} {...control} {...form.register('medicalHistory')} />}
          </FormField>
        </Section>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3">
        {/* A link: with unsaved changes the navigation blocker asks first. */}
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

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('form.discardTitle')}
        confirmLabel={t('form.discard')}
        cancelLabel={t('form.keepEditing')}
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('form.discardBody')}
      </ConfirmDialog>
    </form>
  );
}
