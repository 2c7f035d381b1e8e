import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type Formatters = {
  /** A calendar date (`YYYY-MM-DD`, e.g. a birth date): shown as is, never shifted by time zone. */
  date: (isoDate: string) => string;
  /** An instant (ISO timestamp) in the browser's time zone. */
  dateTime: (iso: string) => string;
  number: (value: number) => string;
};

/** Dates and numbers in the UI language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' });
    const dateTime = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(lng);
    const safe = (format: (d: Date) => string, value: string, parse: (v: string) => Date) => {
      const d = parse(value);
      return Number.isNaN(d.getTime()) ? value : format(d);
    };
    return {
      date: (value) =>
        safe(
          (d) => date.format(d),
          value,
          (v) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v),
        ),
      dateTime: (value) =>
        safe(
          (d) => dateTime.format(d),
          value,
          (v) => new Date(v),
        ),
      number: (value) => number.format(value),
    };
  }, [lng]);
}
