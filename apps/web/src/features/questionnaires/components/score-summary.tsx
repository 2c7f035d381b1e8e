/** A stored result: total, band, subscales, flags and the rules that fired (staff). */
import { definition, type Language } from '@painlab/clinical';
import type { QuestionnaireResult } from '@painlab/shared/questionnaires';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../hooks/use-formatters';

export function ScoreSummary({ result }: { result: QuestionnaireResult }) {
  const { t, i18n } = useTranslation('questionnaires');
  const language: Language = i18n.resolvedLanguage?.startsWith('es') ? 'es' : 'en';
  const format = useFormatters();
  const def = definition(result.instrumentId);
  const subscaleName = (key: string) =>
    def.subscales.find((s) => s.key === key)?.name[language] ?? key;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-600">{t('results.total')}</dt>
        <dd className="text-lg font-semibold text-slate-900">
          {result.scorable && result.total !== null
            ? `${format.number(result.total)} / ${def.total.max}`
            : t('results.unscorable')}
          {result.band && (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800">
              {result.band.label[language]}
            </span>
          )}
        </dd>
      </div>
      {Object.entries(result.subscales).map(([key, value]) => (
        <div key={key}>
          <dt className="text-slate-600">{subscaleName(key)}</dt>
          <dd className="font-medium text-slate-900">
            {value === null ? t('results.unscorable') : format.number(value)}
          </dd>
        </div>
      ))}
      {result.flags.length > 0 && (
        <div className="sm:col-span-2">
          <dt className="text-slate-600">{t('results.flags')}</dt>
          <dd className="mt-1 flex flex-wrap gap-2">
            {result.flags.map((f) => (
              <span
                key={`${f.id}-${f.item ?? ''}`}
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950"
              >
                {t(`flags.${f.id}`, { defaultValue: f.id })}
              </span>
            ))}
          </dd>
        </div>
      )}
      {result.rules.length > 0 && (
        <div className="sm:col-span-2">
          <dt className="text-slate-600">{t('results.rules')}</dt>
          <dd className="mt-1 flex flex-col gap-1">
            {result.rules
              .filter((r) => r.audience === 'care-team')
              .map((r) => (
                <span
                  key={r.ruleId}
                  className={
                    r.severity === 'urgent'
                      ? 'font-semibold text-red-800'
                      : 'font-medium text-slate-800'
                  }
                >
                  {r.title[language]}
                </span>
              ))}
          </dd>
        </div>
      )}
    </dl>
  );
}
