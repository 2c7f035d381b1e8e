/**
 * Demo workshops (SEED_DEMO), written once when there is none: an 8-week stress-management
 * programme in person in Madrid and a one-evening online workshop (both on `/taller`, in euros), and
 * a 6-week online programme in English for the USA (`/taller-USA`, in dollars). Dates follow today:
 * the local wall-clock times are turned into instants in each workshop's zone (luxon, DST-correct).
 */
import { DateTime } from 'luxon';
import type { WorkshopInput } from '@painlab/shared/workshops';
import type { Deps } from '../../http/types';
import { anyWorkshop, insertWorkshop, replaceSessions } from './workshops.repository';

/** `count` weekly sessions on `weekday` (1 = Monday) from about `weeksAhead` weeks on, at local hh:mm. */
export function weeklySessions(
  zone: string,
  weekday: number,
  weeksAhead: number,
  count: number,
  start: string,
  minutes: number,
  now = DateTime.now(),
): WorkshopInput['sessions'] {
  const [h, m] = start.split(':').map(Number) as [number, number];
  let day = now.setZone(zone).startOf('day').plus({ weeks: weeksAhead });
  while (day.weekday !== weekday) day = day.plus({ days: 1 });
  return Array.from({ length: count }, (_, i) => {
    const at = day.plus({ weeks: i }).set({ hour: h, minute: m });
    return { startsAt: at.toUTC().toISO()!, endsAt: at.plus({ minutes }).toUTC().toISO()! };
  });
}

export function demoWorkshops(now = DateTime.now()): WorkshopInput[] {
  return [
    {
      slug: 'programa-manejo-estres-8-semanas',
      market: 'es',
      status: 'published',
      titleEs: 'Programa de manejo del estrés y el dolor (8 semanas)',
      titleEn: 'Stress and pain management programme (8 weeks)',
      summaryEs:
        'Ocho sesiones semanales en grupo reducido para entender la relación entre estrés y dolor, y practicar herramientas que se pueden usar cada día.',
      summaryEn:
        'Eight weekly sessions in a small group to understand how stress and pain feed each other, and to practise tools you can use every day.',
      descriptionEs:
        'El programa combina educación en neurociencia del dolor, respiración y relajación, atención plena, activación gradual y manejo de pensamientos que aumentan el malestar. Cada sesión dura hora y media: una parte breve de explicación, práctica guiada y un plan sencillo para la semana.\n\nEstá pensado para adultos con dolor persistente (lumbar, cervical, fibromialgia, cefaleas u otros) y para quienes notan que el estrés empeora sus síntomas. No sustituye al tratamiento médico: lo complementa. Si durante el programa necesita una valoración individual, el equipo se la ofrecerá.',
      descriptionEn:
        'The programme combines pain neuroscience education, breathing and relaxation, mindfulness, graded activity and working with thoughts that increase distress. Each session lasts an hour and a half: a short explanation, guided practice and a simple plan for the week.\n\nIt is meant for adults with persistent pain (low back, neck, fibromyalgia, headaches and others) and for people who notice that stress makes their symptoms worse. It does not replace medical treatment: it complements it. If you need an individual assessment during the programme, the team will offer one.',
      facilitator: 'Marta Castillo Ruiz',
      timeZone: 'Europe/Madrid',
      venue: 'Pain Lab Madrid, sala de grupos',
      address: 'Calle de Santa Engracia 45, 2.º, 28010 Madrid',
      onlineUrl: null,
      onlinePlatform: null,
      priceCents: 24000,
      currency: 'EUR',
      capacity: 12,
      sessions: weeklySessions('Europe/Madrid', 2, 2, 8, '18:30', 90, now),
    },
    {
      slug: 'dormir-mejor-con-dolor-en-linea',
      market: 'es',
      status: 'published',
      titleEs: 'Taller en línea: dormir mejor con dolor crónico',
      titleEn: 'Online workshop: sleeping better with chronic pain',
      summaryEs:
        'Una tarde para entender por qué el dolor y el insomnio se alimentan, y llevarse una rutina concreta para las próximas semanas.',
      summaryEn:
        'One evening to understand why pain and insomnia feed each other, and to leave with a concrete routine for the coming weeks.',
      descriptionEs:
        'Repasamos lo que dice la evidencia sobre el sueño y el dolor, los hábitos que más ayudan, qué hacer cuando uno se despierta de madrugada y cuándo conviene consultar. Habrá tiempo para preguntas al final.\n\nSe hace por videoconferencia; solo necesita un ordenador, tableta o móvil con conexión.',
      descriptionEn:
        'We go through what the evidence says about sleep and pain, the habits that help most, what to do when you wake in the small hours and when it is worth seeing someone. There is time for questions at the end.\n\nIt takes place by video call; all you need is a computer, tablet or phone with a connection.',
      facilitator: 'Marta Castillo Ruiz',
      timeZone: 'Europe/Madrid',
      venue: null,
      address: null,
      onlineUrl: 'https://meet.painlab.example/dormir-mejor',
      onlinePlatform: 'Jitsi Meet',
      priceCents: 3500,
      currency: 'EUR',
      capacity: 20,
      sessions: weeklySessions('Europe/Madrid', 4, 3, 1, '19:00', 90, now),
    },
    {
      slug: 'mindful-pain-management-online-usa',
      market: 'us',
      status: 'published',
      titleEs: 'Manejo del dolor con atención plena (6 semanas, en línea)',
      titleEn: 'Mindful pain management (6 weeks, online)',
      summaryEs:
        'Seis sesiones semanales en inglés, por videoconferencia, para personas que viven en Estados Unidos y conviven con dolor persistente.',
      summaryEn:
        'Six weekly sessions in English, by video call, for people living in the United States with persistent pain.',
      descriptionEs:
        'Basado en programas de atención plena y terapia cognitivo-conductual para el dolor con buena evidencia. Cada semana trabajamos una habilidad: observar el dolor sin pelear con él, dosificar la actividad, dormir mejor, hablar del dolor con la familia y preparar recaídas.\n\nGrupo de hasta 15 personas. Las sesiones se graban solo para quien no pueda asistir a alguna, y se borran a los siete días.',
      descriptionEn:
        'Based on mindfulness and cognitive behavioural programmes for pain with good evidence. Each week we work on one skill: noticing pain without fighting it, pacing activity, sleeping better, talking about pain with family and preparing for flare-ups.\n\nUp to 15 people per group. Sessions are recorded only for those who miss one, and deleted after seven days.',
      facilitator: 'Marta Castillo Ruiz, pain psychologist',
      timeZone: 'America/New_York',
      venue: null,
      address: null,
      onlineUrl: 'https://meet.painlab.example/mindful-pain-usa',
      onlinePlatform: 'Zoom',
      priceCents: 18000,
      currency: 'USD',
      capacity: 15,
      sessions: weeklySessions('America/New_York', 4, 2, 6, '19:00', 75, now),
    },
  ];
}

export async function seedDemoWorkshops(deps: Deps): Promise<number> {
  const db = deps.database.db;
  if (await anyWorkshop(db)) return 0;
  const list = demoWorkshops();
  await db.transaction(async (tx) => {
    for (const { sessions, ...w } of list) {
      const row = await insertWorkshop(tx, w);
      if (!row) continue;
      await replaceSessions(
        tx,
        row.id,
        sessions.map((s) => ({ startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) })),
      );
    }
  });
  return list.length;
}
