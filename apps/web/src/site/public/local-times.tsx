/** @jsxImportSource preact */
/**
 * A workshop's sessions in the visitor's own time zone (an island: only the browser knows the zone).
 * The server renders nothing here, and so does the first render in the browser (hydration matches);
 * after mounting it shows the list, unless the visitor's zone is the workshop's.
 */
import { useEffect, useState } from 'preact/hooks';

export interface LocalTimesProps {
  lang: 'es' | 'en';
  timeZone: string;
  sessions: { startsAt: string; endsAt: string }[];
  /** "In your time zone ({{zone}})". */
  label: string;
}

const LOCALE = { es: 'es-ES', en: 'en-US' } as const;

export function LocalTimes({ lang, timeZone, sessions, label }: LocalTimesProps) {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, []);
  if (!zone) return null;
  const same = (at: string) => {
    const f = (tz: string) =>
      new Intl.DateTimeFormat('en', {
        timeZone: tz,
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(at));
    return f(zone) === f(timeZone);
  };
  if (sessions.every((s) => same(s.startsAt))) return null;
  const day = new Intl.DateTimeFormat(LOCALE[lang], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const time = new Intl.DateTimeFormat(LOCALE[lang], { hour: 'numeric', minute: '2-digit' });
  const zoneLabel =
    new Intl.DateTimeFormat(LOCALE[lang], { timeZoneName: 'longGeneric' })
      .formatToParts(new Date(sessions[0]?.startsAt ?? Date.now()))
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  return (
    <div class="mt-3 rounded-md bg-teal-50 px-3 py-2 text-sm text-slate-800" data-local-times="">
      <p class="font-medium">{label.replace('{{zone}}', zoneLabel)}</p>
      <ul class="mt-1 list-disc pl-5">
        {sessions.map((s) => (
          <li key={s.startsAt}>
            {day.format(new Date(s.startsAt))} · {time.format(new Date(s.startsAt))}–
            {time.format(new Date(s.endsAt))}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default LocalTimes;
