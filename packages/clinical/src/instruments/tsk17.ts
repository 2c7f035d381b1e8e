import type { Instrument } from '../instrument';
import { allAnswered, options, sum } from '../scoring';
import type { Flag } from '../types';
import { pendingSpanish } from './common';

const scale = options([
  [1, 'Strongly disagree', null],
  [2, 'Disagree', null],
  [3, 'Agree', null],
  [4, 'Strongly agree', null],
]);

const TEXT = [
  'I’m afraid that I might injure myself if I exercise.',
  'If I were to try to overcome it, my pain would increase.',
  'My body is telling me I have something dangerously wrong.',
  'My pain would probably be relieved if I were to exercise.',
  'People aren’t taking my medical condition seriously enough.',
  'My accident has put my body at risk for the rest of my life.',
  'Pain always means I have injured my body.',
  'Just because something aggravates my pain does not mean it is dangerous.',
  'I am afraid that I might injure myself accidentally.',
  'Simply being careful that I do not make any unnecessary movements is the safest thing I can do to prevent my pain from worsening.',
  'I wouldn’t have this much pain if there weren’t something potentially dangerous going on in my body.',
  'Although my condition is painful, I would be better off if I were physically active.',
  'Pain lets me know when to stop exercising so that I don’t injure myself.',
  'It’s really not safe for a person with a condition like mine to be physically active.',
  'I can’t do all the things normal people do because it’s too easy for me to get injured.',
  'Even though something is causing me a lot of pain, I don’t think it’s actually dangerous.',
  'No one should have to exercise when he/she is in pain.',
];
const REVERSE = [4, 8, 12, 16];
/** Vlaeyen 1995: a total above 37 is high kinesiophobia. */
export const TSK17_HIGH_THRESHOLD = 37;

export const tsk17: Instrument = {
  definition: {
    id: 'tsk17',
    abbreviation: 'TSK-17',
    name: {
      en: 'Tampa Scale for Kinesiophobia (17 items)',
      es: 'Escala Tampa de Kinesiofobia (17 ítems)',
    },
    instructions: {
      en: 'Please answer the following questions according to your true feelings, not according to what others think you should believe.',
      es: null,
    },
    items: TEXT.map((en, i) => ({
      number: i + 1,
      key: `q${i + 1}`,
      text: { en, es: null },
      options: scale,
      ...(REVERSE.includes(i + 1) ? { reverse: true } : {}),
    })),
    reverseItems: REVERSE,
    total: {
      min: 17,
      max: 68,
      description: {
        en: 'Sum of the 17 items (1–4) after reversing items 4, 8, 12 and 16 (5 − answer); 17–68.',
        es: 'Suma de los 17 ítems (1–4) tras invertir los ítems 4, 8, 12 y 16 (5 − respuesta); 17–68.',
      },
    },
    subscales: [],
    bands: [
      {
        id: 'not-high',
        min: 17,
        max: 37,
        label: { en: 'Not high kinesiophobia', es: 'Kinesiofobia no elevada' },
      },
      {
        id: 'high',
        min: 38,
        max: 68,
        label: { en: 'High kinesiophobia', es: 'Kinesiofobia elevada' },
      },
    ],
    missingData: {
      en: 'All 17 items are needed (no proration is published).',
      es: 'Se necesitan los 17 ítems (no se ha publicado prorrateo).',
    },
    higherIsWorse: true,
    change: [],
    licence: {
      kind: 'free',
      note: 'Reproduced in Vlaeyen et al. 1995 with permission of the IASP; widely used without fee. Confirm before distributing the wording.',
    },
    source:
      'Kori SH, Miller RP, Todd DD. Kinesiophobia: a new view of chronic pain behavior. Pain Manage 1990;3:35–43; Vlaeyen JWS et al. Fear of movement/(re)injury in chronic low back pain. Pain 1995;62:363–372 (>37 = high; project reference §2.4 recommends >37 as published).',
    spanish: pendingSpanish(
      'Gómez-Pérez L, López-Martínez AE, Ruiz-Párraga GT. Psychometric properties of the Spanish version of the TSK. J Pain 2011;12(4):425–435 (TSK-11SV; a 17-item validated Spanish wording must be obtained separately)',
    ),
  },
  compute(points) {
    const values = allAnswered(points);
    const total = values ? sum(values) : null;
    const flags: Flag[] =
      total !== null && total > TSK17_HIGH_THRESHOLD ? [{ id: 'tsk17-high-kinesiophobia' }] : [];
    return { total, subscales: {}, flags };
  },
};
