import type { OutboxStatus } from '@painlab/shared/outbox';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';

const TONE: Record<OutboxStatus, string> = {
  queued: 'border-amber-300 bg-amber-50 text-amber-900',
  sending: 'border-sky-300 bg-sky-50 text-sky-900',
  sent: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  failed: 'border-orange-300 bg-orange-50 text-orange-900',
  dead: 'border-red-300 bg-red-50 text-red-900',
};

export function StatusBadge({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation('outbox');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        TONE[status],
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}
