/**
 * Which visits of a recurring series a change applies to (ADR 0037): this one, this and the
 * following, or every open visit of the series. Shown only for a visit that is part of a series.
 */
import { SERIES_SCOPES, type SeriesScope } from '@painlab/shared/appointments';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const LABEL = { one: 'scopeOne', following: 'scopeFollowing', all: 'scopeAll' } as const;

export function SeriesScopeField({
  value,
  onChange,
  disabled = false,
}: {
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('appointments');
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">{t('series.scope')}</legend>
      {SERIES_SCOPES.map((scope) => (
        <label key={scope} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            className="h-4 w-4 accent-teal-700"
          />
          {t(`series.${LABEL[scope]}`)}
        </label>
      ))}
    </fieldset>
  );
}
