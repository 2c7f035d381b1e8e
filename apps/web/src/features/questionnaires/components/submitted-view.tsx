/** After sending: thanks, crisis resources when the rule fired, and for staff the score. */
import { definition, type Language } from '@painlab/clinical';
import type { SubmitResult } from '@painlab/shared/questionnaires';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CrisisResources } from './crisis-resources';
import { ScoreSummary } from './score-summary';

export function SubmittedView({ result, onBehalf }: { result: SubmitResult; onBehalf: boolean }) {
  const { t, i18n } = useTranslation('questionnaires');
  const language: Language = i18n.resolvedLanguage?.startsWith('es') ? 'es' : 'en';
  const def = definition(result.result.instrumentId);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-testid="questionnaire-sent">
      {result.showCrisisResources && (
        <CrisisResources resources={result.crisisResources} language={language} />
      )}
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-emerald-700" />
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t('sent.title')}</h2>
            <p className="mt-1 text-base text-slate-700">
              {onBehalf
                ? t('sent.onBehalf', { name: def.abbreviation })
                : t('sent.body', { name: def.abbreviation })}
            </p>
          </div>
        </div>
        {onBehalf && (
          <div className="mt-4">
            <ScoreSummary result={result.result} />
          </div>
        )}
      </section>
    </div>
  );
}
