import type { Instrument } from '../instrument';
import { allAnswered, options, sum } from '../scoring';
import type { Flag } from '../types';

const scale = options([
  [0, 'Not at all', 'Ningún día'],
  [1, 'Several days', 'Varios días'],
  [2, 'More than half the days', 'Más de la mitad de los días'],
  [3, 'Nearly every day', 'Casi todos los días'],
]);

const TEXT: readonly (readonly [string, string])[] = [
  ['Little interest or pleasure in doing things', 'Poco interés o placer en hacer cosas'],
  [
    'Feeling down, depressed, or hopeless',
    'Se ha sentido decaído(a), deprimido(a) o sin esperanzas',
  ],
  [
    'Trouble falling or staying asleep, or sleeping too much',
    'Ha tenido dificultad para quedarse o permanecer dormido(a), o ha dormido demasiado',
  ],
  ['Feeling tired or having little energy', 'Se ha sentido cansado(a) o con poca energía'],
  ['Poor appetite or overeating', 'Sin apetito o ha comido en exceso'],
  [
    'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
    'Se ha sentido mal con usted mismo(a) – o que es un fracaso o que ha quedado mal con usted mismo(a) o con su familia',
  ],
  [
    'Trouble concentrating on things, such as reading the newspaper or watching television',
    'Ha tenido dificultad para concentrarse en ciertas actividades, tales como leer el periódico o ver la televisión',
  ],
  [
    'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
    '¿Se ha movido o hablado tan lento que otras personas podrían haberlo notado? o lo contrario – muy inquieto(a) o agitado(a) que ha estado moviéndose mucho más de lo normal',
  ],
  [
    'Thoughts that you would be better off dead or of hurting yourself in some way',
    'Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera',
  ],
];

export const phq9: Instrument = {
  definition: {
    id: 'phq9',
    abbreviation: 'PHQ-9',
    name: {
      en: 'Patient Health Questionnaire-9',
      es: 'Cuestionario sobre la Salud del Paciente-9',
    },
    instructions: {
      en: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
      es: 'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
    },
    items: TEXT.map(([en, es], i) => ({
      number: i + 1,
      key: `q${i + 1}`,
      text: { en, es },
      options: scale,
    })),
    reverseItems: [],
    total: {
      min: 0,
      max: 27,
      description: {
        en: 'Sum of the 9 items (0–27). The unnumbered "how difficult" question is not scored and not part of this instrument’s items.',
        es: 'Suma de los 9 ítems (0–27). La pregunta final sobre dificultad no se puntúa y no forma parte de los ítems.',
      },
    },
    subscales: [],
    bands: [
      { id: 'minimal', min: 0, max: 4, label: { en: 'Minimal', es: 'Mínima' } },
      { id: 'mild', min: 5, max: 9, label: { en: 'Mild', es: 'Leve' } },
      { id: 'moderate', min: 10, max: 14, label: { en: 'Moderate', es: 'Moderada' } },
      {
        id: 'moderately-severe',
        min: 15,
        max: 19,
        label: { en: 'Moderately severe', es: 'Moderadamente grave' },
      },
      { id: 'severe', min: 20, max: 27, label: { en: 'Severe', es: 'Grave' } },
    ],
    missingData: {
      en: 'All 9 items are needed for the total (no proration here). Item 9 is checked whenever it is answered, whatever else is missing; an unanswered item 9 is flagged.',
      es: 'Se necesitan los 9 ítems para el total (sin prorrateo). El ítem 9 se revisa siempre que esté respondido, falte lo que falte; si no está respondido se señala.',
    },
    higherIsWorse: true,
    change: [
      {
        measure: 'total',
        thresholds: [
          {
            kind: 'points',
            mcid: 5,
            source:
              'Löwe B et al. Monitoring depression treatment outcomes with the PHQ-9. Med Care 2004;42(12):1194–1201: a 5-point change is clinically significant.',
          },
        ],
      },
    ],
    licence: {
      kind: 'public-domain',
      note: 'Developed by Drs Spitzer, Williams, Kroenke and colleagues with an educational grant from Pfizer Inc.; no permission required to reproduce, translate, display or distribute.',
    },
    source:
      'Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. J Gen Intern Med 2001;16:606–613 (bands 5 / 10 / 15 / 20). English and Spanish wording: the official PHQ-9 forms (Pfizer, phqscreeners).',
    spanish: {
      status: 'validated',
      citation:
        'Wording: the official Spanish (USA) PHQ-9 form from Pfizer / PHQ screeners ("Cuestionario sobre la salud del paciente-9"; "no se requiere permiso para reproducir, traducir, presentar o distribuir"). Validation of the Spanish PHQ: Diez-Quevedo C et al., Psychosom Med 2001;63:679–686 (Spain; its Spain-Spanish form words some items differently — a clinic in Spain may prefer that form).',
    },
  },
  compute(points, answers) {
    const values = allAnswered(points);
    // Validated input has nine entries; item 9 is checked even when the total cannot be scored.
    const item9 = answers[8] as number | null;
    const flags: Flag[] =
      item9 === null
        ? [{ id: 'phq9-self-harm-unanswered', item: 9 }]
        : item9 > 0
          ? [{ id: 'phq9-self-harm', item: 9 }]
          : [];
    return { total: values ? sum(values) : null, subscales: {}, flags };
  },
};
