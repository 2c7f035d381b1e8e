import { URGENT_RULE } from '@painlab/shared/messages';
import { useTranslation } from 'react-i18next';

/** The "urgent" checkbox with the clinic's rule for urgent messages, always visible beside it. */
export function UrgentField({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t, i18n } = useTranslation('messages');
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  return (
    <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-rule`}
          className="h-4 w-4 accent-red-700"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {t('urgent.label')}
        </label>
      </div>
      <p id={`${id}-rule`} className="mt-1 text-xs text-amber-900">
        {URGENT_RULE[lang]}
      </p>
    </div>
  );
}
