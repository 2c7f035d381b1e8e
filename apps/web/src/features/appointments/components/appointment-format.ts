/** Times of appointments in the UI language, in a given zone, with the zone's name when asked. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type AppointmentFormat = {
  /** `09:30` in `zone` (24-hour, like the agenda's hour rail). */
  time: (iso: string, zone: string) => string;
  /** `Mon 23 Nov, 09:30 CET` in `zone`, with the zone's short name. */
  when: (iso: string, zone: string) => string;
  /** `Monday 23 November` of a calendar day. */
  day: (date: string) => string;
  /** A short weekday and day (`Mon 23`) of a calendar day. */
  shortDay: (date: string) => string;
  /** The short weekday (`Mon`) of a calendar day. */
  weekday: (date: string) => string;
  /** The month and year (`November 2026`) of a calendar day. */
  month: (date: string) => string;
  price: (cents: number, currency: string) => string;
};

export function useAppointmentFormat(): AppointmentFormat {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const cache = new Map<string, Intl.DateTimeFormat>();
    const fmt = (key: string, make: () => Intl.DateTimeFormat) => {
      let f = cache.get(key);
      if (!f) cache.set(key, (f = make()));
      return f;
    };
    return {
      time: (iso, zone) =>
        fmt(
          `t|${zone}`,
          () =>
            new Intl.DateTimeFormat(lng, {
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
              timeZone: zone,
            }),
        ).format(new Date(iso)),
      when: (iso, zone) =>
        fmt(
          `w|${zone}`,
          () =>
            new Intl.DateTimeFormat(lng, {
              weekday: 'short',
              day: 'numeric',
              month: 'short',
              year: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
              timeZone: zone,
              timeZoneName: 'short',
            }),
        ).format(new Date(iso)),
      day: (date) =>
        fmt(
          'd',
          () =>
            new Intl.DateTimeFormat(lng, {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              timeZone: 'UTC',
            }),
        ).format(new Date(`${date}T00:00:00Z`)),
      shortDay: (date) =>
        fmt(
          's',
          () => new Intl.DateTimeFormat(lng, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }),
        ).format(new Date(`${date}T00:00:00Z`)),
      weekday: (date) =>
        fmt('wd', () => new Intl.DateTimeFormat(lng, { weekday: 'short', timeZone: 'UTC' })).format(
          new Date(`${date}T00:00:00Z`),
        ),
      month: (date) =>
        fmt(
          'm',
          () => new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
        ).format(new Date(`${date}T00:00:00Z`)),
      price: (cents, currency) =>
        new Intl.NumberFormat(lng, { style: 'currency', currency }).format(cents / 100),
    };
  }, [lng]);
}
