import type { Instrument } from '../instrument';
import { answered, options, round, sum } from '../scoring';
import type { Flag } from '../types';
import { pendingSpanish } from './common';

/** ODI version 2.1a (Fairbank & Pynsent 2000, appendix): ten sections, six statements scored 0–5. */
const SECTIONS: readonly (readonly [string, string, readonly string[]])[] = [
  [
    'painIntensity',
    'Pain intensity',
    [
      'I have no pain at the moment.',
      'The pain is very mild at the moment.',
      'The pain is moderate at the moment.',
      'The pain is fairly severe at the moment.',
      'The pain is very severe at the moment.',
      'The pain is the worst imaginable at the moment.',
    ],
  ],
  [
    'personalCare',
    'Personal care (washing, dressing etc.)',
    [
      'I can look after myself normally without causing extra pain.',
      'I can look after myself normally but it causes extra pain.',
      'It is painful to look after myself and I am slow and careful.',
      'I need some help but manage most of my personal care.',
      'I need help every day in most aspects of self-care.',
      'I do not get dressed, I wash with difficulty and stay in bed.',
    ],
  ],
  [
    'lifting',
    'Lifting',
    [
      'I can lift heavy weights without extra pain.',
      'I can lift heavy weights but it gives extra pain.',
      'Pain prevents me from lifting heavy weights off the floor, but I can manage if they are conveniently placed, e.g. on a table.',
      'Pain prevents me from lifting heavy weights, but I can manage light to medium weights if they are conveniently positioned.',
      'I can lift very light weights.',
      'I cannot lift or carry anything at all.',
    ],
  ],
  [
    'walking',
    'Walking',
    [
      'Pain does not prevent me walking any distance.',
      'Pain prevents me from walking more than 1 mile.',
      'Pain prevents me from walking more than 1/2 mile.',
      'Pain prevents me from walking more than 100 yards.',
      'I can only walk using a stick or crutches.',
      'I am in bed most of the time.',
    ],
  ],
  [
    'sitting',
    'Sitting',
    [
      'I can sit in any chair as long as I like.',
      'I can only sit in my favourite chair as long as I like.',
      'Pain prevents me sitting more than one hour.',
      'Pain prevents me from sitting more than 30 minutes.',
      'Pain prevents me from sitting more than 10 minutes.',
      'Pain prevents me from sitting at all.',
    ],
  ],
  [
    'standing',
    'Standing',
    [
      'I can stand as long as I want without extra pain.',
      'I can stand as long as I want but it gives me extra pain.',
      'Pain prevents me from standing for more than 1 hour.',
      'Pain prevents me from standing for more than 30 minutes.',
      'Pain prevents me from standing for more than 10 minutes.',
      'Pain prevents me from standing at all.',
    ],
  ],
  [
    'sleeping',
    'Sleeping',
    [
      'My sleep is never disturbed by pain.',
      'My sleep is occasionally disturbed by pain.',
      'Because of pain I have less than 6 hours sleep.',
      'Because of pain I have less than 4 hours sleep.',
      'Because of pain I have less than 2 hours sleep.',
      'Pain prevents me from sleeping at all.',
    ],
  ],
  [
    'sexLife',
    'Sex life (if applicable)',
    [
      'My sex life is normal and causes no extra pain.',
      'My sex life is normal but causes some extra pain.',
      'My sex life is nearly normal but is very painful.',
      'My sex life is severely restricted by pain.',
      'My sex life is nearly absent because of pain.',
      'Pain prevents any sex life at all.',
    ],
  ],
  [
    'socialLife',
    'Social life',
    [
      'My social life is normal and gives me no extra pain.',
      'My social life is normal but increases the degree of pain.',
      'Pain has no significant effect on my social life apart from limiting my more energetic interests, e.g. sport.',
      'Pain has restricted my social life and I do not go out as often.',
      'Pain has restricted my social life to my home.',
      'I have no social life because of pain.',
    ],
  ],
  [
    'travelling',
    'Travelling',
    [
      'I can travel anywhere without pain.',
      'I can travel anywhere but it gives me extra pain.',
      'Pain is bad but I manage journeys over two hours.',
      'Pain restricts me to journeys of less than one hour.',
      'Pain restricts me to short necessary journeys under 30 minutes.',
      'Pain prevents me from travelling except to receive treatment.',
    ],
  ],
];

export const odi: Instrument = {
  definition: {
    id: 'odi',
    abbreviation: 'ODI',
    name: {
      en: 'Oswestry Disability Index (version 2.1a)',
      es: 'Índice de Discapacidad de Oswestry (versión 2.1a)',
    },
    instructions: {
      en: 'This questionnaire has been designed to give us information as to how your back or leg pain is affecting your ability to manage in everyday life. Please answer by ticking ONE box in each section for the statement which best applies to you.',
      es: null,
    },
    items: SECTIONS.map(([key, title, statements], i) => ({
      number: i + 1,
      key,
      text: { en: `Section ${i + 1} – ${title}`, es: null },
      options: options(statements.map((en, value) => [value, en, null] as const)),
    })),
    reverseItems: [],
    total: {
      min: 0,
      max: 100,
      description: {
        en: 'Percent: sum ÷ (5 × answered sections) × 100, rounded to one decimal.',
        es: 'Porcentaje: suma ÷ (5 × secciones respondidas) × 100, redondeado a un decimal.',
      },
    },
    subscales: [],
    bands: [
      {
        id: 'minimal',
        min: 0,
        max: 20,
        label: { en: 'Minimal disability', es: 'Discapacidad mínima' },
      },
      {
        id: 'moderate',
        min: 21,
        max: 40,
        label: { en: 'Moderate disability', es: 'Discapacidad moderada' },
      },
      {
        id: 'severe',
        min: 41,
        max: 60,
        label: { en: 'Severe disability', es: 'Discapacidad grave' },
      },
      { id: 'crippled', min: 61, max: 80, label: { en: 'Crippled', es: 'Incapacitado' } },
      {
        id: 'bed-bound',
        min: 81,
        max: 100,
        label: {
          en: 'Bed-bound or exaggerating symptoms',
          es: 'Encamado o exagerando los síntomas',
        },
      },
    ],
    missingData: {
      en: 'One unanswered section is allowed (score out of 45); with two or more, the ODI is not scored.',
      es: 'Se admite una sección sin responder (puntuación sobre 45); con dos o más, el ODI no se puntúa.',
    },
    higherIsWorse: true,
    change: [
      {
        measure: 'total',
        thresholds: [
          {
            kind: 'points',
            mcid: 10,
            source:
              'Ostelo RWJG et al. Interpreting change scores for pain and functional status in low back pain. Spine 2008;33(1):90–94: ODI MCID 10 points (or 30 % improvement).',
          },
        ],
      },
    ],
    licence: {
      kind: 'permission-required',
      note: 'Copyright Jeremy Fairbank; distributed by Mapi Research Trust (ePROVIDE). Fairbank & Pynsent 2000 state no permission is needed for the forms reproduced in their appendix; check terms for software (project reference §2.5).',
    },
    source:
      'Fairbank JCT, Pynsent PB. The Oswestry Disability Index. Spine 2000;25(22):2940–2952 (scoring, one missing section, bands 0–20 / 21–40 / 41–60 / 61–80 / 81–100).',
    spanish: pendingSpanish(
      'Flórez García MT et al. Adaptación transcultural a la población española de la escala de incapacidad por dolor lumbar de Oswestry. Rehabilitación 1995;29:138–145 (ODI 1.0); Alcántara-Bumbiedro S et al., Rehabilitación 2006;40(3):150–158 (ODI 2.0)',
    ),
  },
  compute(points) {
    const values = answered(points);
    const missing = points.length - values.length;
    const flags: Flag[] = missing === 1 ? [{ id: 'odi-one-section-missing' }] : [];
    const total = missing <= 1 ? round((sum(values) / (5 * values.length)) * 100, 1) : null;
    return { total, subscales: {}, flags };
  },
};
