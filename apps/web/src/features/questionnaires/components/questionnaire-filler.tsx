/**
 * Filling one questionnaire: one question per screen on phones, all on one page on desktop. Answers
 * are saved as a draft while the patient goes (resumable from any device), and sent once. The
 * wording comes from packages/clinical in the patient's language when a validated version exists,
 * otherwise in English with a visible note.
 */
import { definition, type Language } from '@painlab/clinical';
import type { QuestionnaireAssignment, SubmitResult } from '@painlab/shared/questionnaires';
import { ChevronLeft, ChevronRight, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { useIsMobile } from '../../../hooks/use-media-query';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import type { FillTransport } from '../api/questionnaires-api';
import {
  isNumericScale,
  textOf,
  unansweredRequired,
  wordingLanguage,
} from '../lib/instrument-text';
import { SubmittedView } from './submitted-view';

type SaveState = 'idle' | 'saving' | 'saved' | 'conflict' | 'error';

export function QuestionnaireFiller({
  assignment,
  transport,
  onBehalf = false,
}: {
  assignment: QuestionnaireAssignment;
  transport: FillTransport;
  /** Staff entering answers from paper. */
  onBehalf?: boolean;
}) {
  const { t, i18n } = useTranslation('questionnaires');
  const language: Language = i18n.resolvedLanguage?.startsWith('es') ? 'es' : 'en';
  const def = definition(assignment.instrumentId);
  const wording = wordingLanguage(def, language);
  const isMobile = useIsMobile();
  const [answers, setAnswers] = useState<(number | null)[]>(
    () => assignment.draft ?? def.items.map(() => null),
  );
  const [step, setStep] = useState(() => {
    const first = (assignment.draft ?? []).findIndex((a) => a === null);
    return first < 0 ? 0 : first;
  });
  const version = useRef(assignment.version);
  const [save, setSave] = useState<SaveState>('idle');
  const [missing, setMissing] = useState<number[] | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [result, setResult] = useState<SubmitResult | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  const { debounced: saveDraft, cancel: cancelSave } = useDebouncedCallback(
    (next: (number | null)[]) => {
      setSave('saving');
      transport
        .saveDraft(next, version.current)
        .then((saved) => {
          version.current = saved.version;
          setSave('saved');
        })
        .catch((error: unknown) =>
          setSave(error instanceof ApiError && error.status === 409 ? 'conflict' : 'error'),
        );
    },
    600,
  );

  useEffect(() => {
    if (isMobile) headingRef.current?.focus({ preventScroll: false });
  }, [step, isMobile]);

  const choose = (index: number, value: number) => {
    const next = answers.map((a, i) => (i === index ? value : a));
    setAnswers(next);
    setMissing(null);
    saveDraft(next);
  };

  const send = async (force: boolean) => {
    const unanswered = unansweredRequired(def, answers);
    if (unanswered.length && !force) {
      setMissing(unanswered);
      return;
    }
    cancelSave();
    setSending(true);
    setSendError(null);
    try {
      setResult(await transport.submit(answers));
    } catch (error) {
      setSendError(error instanceof ApiError ? error.message : t('fill.sendFailed'));
    } finally {
      setSending(false);
    }
  };

  if (result) return <SubmittedView result={result} onBehalf={onBehalf} />;

  const item = (index: number) => {
    const it = def.items[index]!;
    const numeric = isNumericScale(def, index);
    const groupId = `${titleId}-q${index}`;
    return (
      <div
        key={it.key}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <fieldset
          className="m-0 min-w-0 border-0 p-0"
          aria-describedby={missing?.includes(index) ? `${groupId}-missing` : undefined}
        >
          <legend className="p-0">
            <span className="block text-sm font-medium text-slate-600">
              {t('fill.questionOf', { n: index + 1, total: def.items.length })}
              {it.optional ? ` · ${t('fill.optional')}` : ''}
            </span>
            <span
              lang={wording}
              className="mt-1 block text-base font-semibold text-slate-900 sm:text-lg"
            >
              {textOf(def, it.text, language)}
            </span>
          </legend>
          {missing?.includes(index) && (
            <p id={`${groupId}-missing`} className="mt-1 text-sm font-medium text-red-700">
              {t('fill.unanswered')}
            </p>
          )}
          <div
            className={cn(
              'mt-3',
              numeric ? 'grid grid-cols-6 gap-2 sm:grid-cols-11' : 'flex flex-col gap-2',
            )}
          >
            {it.options.map((option) => {
              const label = textOf(def, option.label, language);
              const checked = answers[index] === option.value;
              return (
                <label
                  key={option.value}
                  className={cn(
                    'relative flex min-h-12 cursor-pointer items-center rounded-lg border text-base transition-colors',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600',
                    numeric ? 'justify-center font-semibold' : 'gap-3 px-4 py-2',
                    checked
                      ? 'border-teal-700 bg-teal-700 text-white'
                      : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    name={groupId}
                    value={option.value}
                    checked={checked}
                    onChange={() => choose(index, option.value)}
                    className={numeric ? 'sr-only' : 'h-5 w-5 accent-teal-700'}
                  />
                  {numeric ? (
                    <>
                      <span aria-hidden="true">{option.value}</span>
                      <span className="sr-only" lang={wording}>
                        {label}
                      </span>
                    </>
                  ) : (
                    <span lang={wording}>{label}</span>
                  )}
                </label>
              );
            })}
          </div>
          {numeric && (
            <div
              className="mt-2 flex justify-between gap-4 text-xs text-slate-600"
              aria-hidden="true"
              lang={wording}
            >
              <span>{textOf(def, it.options[0]!.label, language).replace(/^0 — /, '')}</span>
              <span className="text-right">
                {textOf(def, it.options.at(-1)!.label, language).replace(/^\d+ — /, '')}
              </span>
            </div>
          )}
        </fieldset>
      </div>
    );
  };

  const last = def.items.length - 1;
  const answeredCount = answers.filter((a) => a !== null).length;

  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-3xl">
      <h1
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 outline-none sm:text-2xl"
      >
        {def.name[language]} ({def.abbreviation})
      </h1>
      {onBehalf && (
        <Alert tone="info" className="mt-3">
          {t('fill.onBehalf')}
        </Alert>
      )}
      {wording !== language && (
        <Alert tone="warning" className="mt-3" data-testid="pending-translation">
          {t('fill.pendingTranslation')}
        </Alert>
      )}
      <p lang={wording} className="mt-3 text-base text-slate-700">
        {textOf(def, def.instructions, language)}
      </p>
      <p className="mt-2 text-sm text-slate-600" aria-live="polite">
        {t('fill.progress', { answered: answeredCount, total: def.items.length })}
        {save === 'saving' && ` · ${t('fill.saving')}`}
        {save === 'saved' && ` · ${t('fill.saved')}`}
      </p>
      {save === 'conflict' && (
        <Alert tone="warning" className="mt-3">
          {t('fill.conflict')}
        </Alert>
      )}
      {save === 'error' && (
        <Alert tone="warning" className="mt-3">
          {t('fill.saveFailed')}
        </Alert>
      )}

      <div className="mt-4 flex flex-col gap-4">
        {isMobile ? item(step) : def.items.map((_, i) => item(i))}
      </div>

      {missing && missing.length > 0 && (
        <Alert tone="warning" className="mt-4" data-testid="missing-answers">
          <p>{t('fill.missing', { count: missing.length })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setStep(missing[0]!);
                setMissing(null);
              }}
            >
              {t('fill.goToMissing')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void send(true)}>
              {t('fill.sendAnyway')}
            </Button>
          </div>
        </Alert>
      )}
      {sendError && (
        <Alert tone="error" className="mt-4">
          {sendError}
        </Alert>
      )}

      <div className="sticky bottom-0 mt-6 flex items-center justify-between gap-3 border-t border-slate-200 bg-slate-50/95 py-3">
        {isMobile ? (
          <>
            <Button
              variant="secondary"
              size="lg"
              disabled={step === 0}
              onClick={() => setStep((s) => Math.max(0, s - 1))}
            >
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
              {t('fill.previous')}
            </Button>
            {step < last ? (
              <Button size="lg" onClick={() => setStep((s) => Math.min(last, s + 1))}>
                {t('fill.next')}
                <ChevronRight aria-hidden="true" className="h-5 w-5" />
              </Button>
            ) : (
              <Button size="lg" disabled={sending} onClick={() => void send(false)}>
                <Send aria-hidden="true" className="h-5 w-5" />
                {t('fill.send')}
              </Button>
            )}
          </>
        ) : (
          <Button size="lg" className="ml-auto" disabled={sending} onClick={() => void send(false)}>
            <Send aria-hidden="true" className="h-5 w-5" />
            {t('fill.send')}
          </Button>
        )}
      </div>
    </section>
  );
}
