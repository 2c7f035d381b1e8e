/** A workshop's sessions as one iCalendar file (RFC 5545), one event per session, written by `ics`. */
import { createEvents, type EventAttributes } from 'ics';
import type { SiteLang } from '@painlab/shared/site-content';
import type { SessionRow, WorkshopRow } from './workshops.repository';

const TEXT = {
  es: {
    session: (i: number, n: number) => (n > 1 ? ` (sesión ${i} de ${n})` : ''),
    cancel: (link: string) => `Si no puede asistir, anule su plaza: ${link}`,
    reminder: 'Recordatorio del taller',
  },
  en: {
    session: (i: number, n: number) => (n > 1 ? ` (session ${i} of ${n})` : ''),
    cancel: (link: string) => `If you cannot attend, please cancel your seat: ${link}`,
    reminder: 'Workshop reminder',
  },
} as const;

export function workshopIcs(
  w: WorkshopRow,
  sessions: SessionRow[],
  title: string,
  lang: SiteLang,
  options: { host: string; cancelLink: string },
): string {
  const t = TEXT[lang];
  const location = w.onlineUrl
    ? `${w.onlinePlatform ?? 'Online'}: ${w.onlineUrl}`
    : [w.venue, w.address].filter(Boolean).join(', ');
  const events: EventAttributes[] = sessions.map((s, i) => ({
    productId: 'painlab/workshops',
    uid: `${s.id}@${options.host}`,
    start: s.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: s.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${title}${t.session(i + 1, sessions.length)}`,
    description: `${w.facilitator}\n\n${t.cancel(options.cancelLink)}`,
    location,
    ...(w.onlineUrl ? { url: w.onlineUrl } : {}),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    alarms: [{ action: 'display', description: t.reminder, trigger: { hours: 24, before: true } }],
  }));
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('ics: no output');
  return value;
}
