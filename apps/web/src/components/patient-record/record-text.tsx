import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';

function Empty({ text }: { text: string }) {
  return <p className="text-sm text-slate-600">{text}</p>;
}

/** A list of the record (allergies, medications, symptoms), or "None recorded." unless `empty` says otherwise. */
export function RecordList({
  items,
  empty,
  className,
}: {
  items: readonly string[];
  empty?: string;
  className?: string;
}) {
  const { t } = useTranslation('record');
  if (items.length === 0) return <Empty text={empty ?? t('noneRecorded')} />;
  return (
    <ul className={cn('list-disc pl-5 text-sm text-slate-900', className)}>
      {items.map((item, i) => (
        <li key={`${i}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}

/** Free text of the record (the medical history) with its line breaks, or "None recorded.". */
export function RecordText({ text }: { text: string | null }) {
  const { t } = useTranslation('record');
  if (!text) return <Empty text={t('noneRecorded')} />;
  return <p className="text-sm whitespace-pre-wrap text-slate-900">{text}</p>;
}
