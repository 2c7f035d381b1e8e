import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** An instant as people say it: "10:42" today, "12 Nov, 10:42" otherwise, in the UI language. */
export function useWhen(): (iso: string) => string {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit' });
    const full = new Intl.DateTimeFormat(lng, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    return (iso: string) => {
      const d = new Date(iso);
      if (Number.isNaN(d.getTime())) return iso;
      return d.toDateString() === new Date().toDateString() ? time.format(d) : full.format(d);
    };
  }, [lng]);
}
