import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { APPOINTMENT_LIMITS, type SeriesScope } from '@painlab/shared/appointments';
import { SeriesScopeField } from './series-scope';

/**
 * Asks why before cancelling (the reason is kept with who and when), and for a visit of a series
 * which of its visits (staff). Native `<dialog>`.
 */
export function CancelDialog({
  open,
  pending,
  series = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  pending: boolean;
  /** The visit is one of a series: ask which visits. */
  series?: boolean;
  onConfirm: (reason: string, scope: SeriesScope) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const [scope, setScope] = useState<SeriesScope>('one');
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setError(false);
      setScope('one');
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <form
        className="p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setError(true);
            return;
          }
          onConfirm(reason.trim(), scope);
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {t('cancel.title')}
        </h2>
        <label htmlFor={`${id}-reason`} className="mt-3 block text-sm font-medium text-slate-800">
          {t('cancel.reason')}
        </label>
        <Textarea
          id={`${id}-reason`}
          className="mt-1"
          rows={3}
          maxLength={APPOINTMENT_LIMITS.reason}
          value={reason}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(false);
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
            {t('cancel.reasonRequired')}
          </p>
        ) : null}
        {series ? (
          <div className="mt-4">
            <SeriesScopeField value={scope} onChange={setScope} disabled={pending} />
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            {t('cancel.keep')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? t('cancel.pending') : t('cancel.confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
