import { CSV_COLUMNS, IMPORT_MODES, type ImportReport } from '@painlab/shared/patients';
import { Download, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { BackLink } from '../../../components/ui/back-link';
import { PageHeader } from '../../../components/ui/page-header';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { paths } from '../../../config/paths';
import { saveBlob } from '../../../lib/download';
import { cn } from '../../../lib/utils';
import {
  MAX_IMPORT_BYTES,
  useImportPatients,
  type ImportMode,
  type UploadProgress,
} from '../api/import-patients';
import { errorText } from '../lib/error-text';
import { validationKey } from '../lib/patient-form';

function downloadTemplate() {
  saveBlob(
    new Blob([`${CSV_COLUMNS.join(',')}\r\n`], { type: 'text/csv;charset=utf-8' }),
    'patients-template.csv',
  );
}

function Report({ report, onAnother }: { report: ImportReport; onAnother: () => void }) {
  const { t } = useTranslation('patients');
  // The server sends the shared schemas' message keys; anything else is shown as sent.
  const issueText = (error: string) => {
    const key = validationKey(error);
    return key && key !== 'invalid' ? t(`validation.${key}`) : error;
  };
  const nothingWritten = report.mode === 'all_or_nothing' && report.rejected > 0;
  // "rows with errors" (what to fix) and "not imported" (what is missing) differ in all-or-nothing mode
  const summary = [
    { key: 'totalRows', label: 'totalRows', value: report.totalRows, tone: 'text-slate-900' },
    { key: 'imported', label: 'imported', value: report.imported, tone: 'text-emerald-800' },
    {
      key: 'rejected',
      label: 'rowsWithErrors',
      value: report.rejected,
      tone: report.rejected ? 'text-red-800' : 'text-slate-900',
    },
    {
      key: 'notImported',
      label: 'notImported',
      value: report.notImported,
      tone: report.notImported ? 'text-amber-800' : 'text-slate-900',
    },
  ] as const;

  return (
    <section
      aria-labelledby="import-report"
      className="flex flex-col gap-5"
      data-testid="import-report"
    >
      <h2 id="import-report" className="text-lg font-semibold text-slate-900">
        {t('import.report')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {summary.map((item) => (
          <div
            key={item.key}
            className="rounded-lg border border-slate-200 bg-white p-4 text-center shadow-sm"
          >
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t(`import.summary.${item.label}`)}
            </dt>
            <dd
              className={cn('mt-1 text-2xl font-semibold tabular-nums', item.tone)}
              data-testid={`import-${item.key}`}
            >
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      <Alert tone={nothingWritten ? 'error' : report.issues.length ? 'warning' : 'success'}>
        {nothingWritten
          ? t('import.nothingWrittenCounts', { count: report.rejected, total: report.totalRows })
          : report.rejected
            ? t('import.someImportedCounts', { count: report.rejected, imported: report.imported })
            : t('import.allImported')}
      </Alert>
      {report.issues.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full border-collapse text-sm">
            <caption className="px-4 pt-3 pb-2 text-left">
              <span className="block font-medium text-slate-900">{t('import.issues')}</span>
              <span className="block text-xs font-normal text-slate-500">
                {t('import.rowHint')}
              </span>
            </caption>
            <thead className="bg-slate-50">
              <tr>
                {(['row', 'field', 'error'] as const).map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className="px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
                  >
                    {t(`import.issueColumns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.issues.map((issue, index) => (
                <tr
                  key={`${issue.row}-${issue.field}-${index}`}
                  className="border-t border-slate-100"
                >
                  <td className="px-4 py-2.5 align-top tabular-nums">{issue.row}</td>
                  <td className="px-4 py-2.5 align-top font-mono text-xs">{issue.field}</td>
                  <td className="px-4 py-2.5 align-top text-slate-800">{issueText(issue.error)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Link to={paths.patients.href()} className={buttonClasses('primary')}>
          {t('import.viewList')}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          {t('import.another')}
        </Button>
      </div>
    </section>
  );
}

/** `/patients/import`: a CSV file, the mode, upload progress, then the server's report. */
export function ImportView() {
  const { t } = useTranslation(['patients', 'nav']);
  const uid = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all_or_nothing');
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const importer = useImportPatients({ onProgress: setProgress });

  const reset = () => {
    importer.reset();
    setProgress(null);
    setFile(null);
    setFileError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = () => {
    if (!file) {
      setFileError(t('import.chooseFile'));
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setFileError(t('import.tooLarge'));
      return;
    }
    if (!/\.csv$/i.test(file.name) && !/csv|text\/plain|excel/i.test(file.type)) {
      setFileError(t('import.notCsv'));
      return;
    }
    setFileError(null);
    importer.mutate({ file, mode });
  };

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={paths.patients.href()}>{t('import.backToList')}</BackLink>
      <PageHeader title={t('nav:routes.importPatients')} description={t('import.description')} />

      {importer.data ? (
        <Report report={importer.data} onAnother={reset} />
      ) : (
        <form
          noValidate
          className="flex flex-col gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!importer.isPending) submit();
          }}
        >
          <fieldset disabled={importer.isPending} className="flex min-w-0 flex-col gap-6">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${uid}-file`}>{t('import.fileLabel')}</Label>
              <input
                ref={fileInput}
                id={`${uid}-file`}
                type="file"
                accept=".csv,text/csv"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${uid}-file-hint${fileError ? ` ${uid}-file-error` : ''}`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                }}
                className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 shadow-sm file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-4 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100 aria-invalid:border-red-600"
              />
              <p id={`${uid}-file-hint`} className="text-xs text-slate-500">
                {t('import.fileHint')}
              </p>
              {fileError ? (
                <p id={`${uid}-file-error`} className="text-sm text-red-700">
                  {fileError}
                </p>
              ) : null}
              <details className="mt-1 text-xs text-slate-600">
                <summary className="cursor-pointer font-medium text-teal-800">
                  {t('import.columns')}
                </summary>
                <p className="mt-2 font-mono break-words">{CSV_COLUMNS.join(', ')}</p>
                <Button variant="link" size="sm" className="mt-1" onClick={downloadTemplate}>
                  <Download aria-hidden="true" className="h-3.5 w-3.5" />
                  {t('import.template')}
                </Button>
              </details>
            </div>

            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">
                {t('import.modeLabel')}
              </legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {IMPORT_MODES.map((value) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-lg border p-4 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-600',
                      mode === value
                        ? 'border-teal-600 bg-teal-50/60'
                        : 'border-slate-200 hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${uid}-mode`}
                      value={value}
                      checked={mode === value}
                      onChange={() => setMode(value)}
                      className="mt-0.5 h-4 w-4 accent-teal-700"
                    />
                    <span>
                      <span className="block font-medium text-slate-900">
                        {t(`import.modes.${value}`)}
                      </span>
                      <span className="mt-1 block text-slate-600">
                        {t(`import.modeHints.${value}`)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </fieldset>

          {importer.isPending && progress ? (
            progress.phase === 'uploading' ? (
              <ProgressBar
                label={t('import.uploading')}
                value={progress.fraction === null ? null : progress.fraction * 100}
                valueText={
                  progress.fraction === null ? undefined : `${Math.round(progress.fraction * 100)}%`
                }
              />
            ) : (
              <ProgressBar label={t('import.processing')} value={null} />
            )
          ) : null}

          {importer.isError ? (
            <Alert tone="error">
              {t('import.failed', {
                message: errorText(importer.error, t('errors.unknown'), t('errors.network')),
              })}
            </Alert>
          ) : null}

          <div>
            <Button
              type="submit"
              disabled={importer.isPending}
              aria-busy={importer.isPending || undefined}
            >
              <FileUp aria-hidden="true" className="h-4 w-4" />
              {t('import.submit')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
