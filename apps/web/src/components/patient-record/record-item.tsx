import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One labelled value of a patient record, inside a `<dl>`. */
export function RecordItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A value the record does not have: "Not recorded", unless another text is given. */
export function MissingValue({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('record');
  return <span className="text-slate-500">{children ?? t('notRecorded')}</span>;
}
