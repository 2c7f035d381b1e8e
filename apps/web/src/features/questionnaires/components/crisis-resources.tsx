/**
 * Crisis resources (packages/clinical `CRISIS_RESOURCES`), shown at once when PHQ-9 item 9 is above
 * 0, in the patient's language, with the numbers as links that dial on a phone.
 */
import type { Language } from '@painlab/clinical';
import type { SubmitResult } from '@painlab/shared/questionnaires';
import { Phone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function CrisisResources({
  resources,
  language,
}: {
  resources: SubmitResult['crisisResources'];
  language: Language;
}) {
  const { t } = useTranslation('questionnaires');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="crisis-title"
      data-testid="crisis-resources"
      className="rounded-xl border-2 border-red-700 bg-red-50 p-5 text-red-950 outline-none"
    >
      <h2 id="crisis-title" className="text-lg font-semibold">
        {t('crisis.title')}
      </h2>
      <p className="mt-2 text-base">{t('crisis.intro')}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {resources.map((r) => (
          <li key={r.id} className="flex flex-col gap-2 sm:flex-row sm:items-center">
            {r.phone && (
              <a
                href={`tel:${r.phone}`}
                className="inline-flex min-h-12 shrink-0 items-center justify-center gap-2 rounded-lg bg-red-700 px-5 text-lg font-bold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
              >
                <Phone aria-hidden="true" className="h-5 w-5" />
                {t('crisis.call', { phone: r.phone })}
              </a>
            )}
            <span className="text-base">{r.label[language]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
